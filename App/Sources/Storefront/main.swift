import FeatureKit
import Foundation
import StorefrontApp
import TerminalUI

// The process entry point: hand the command line to the front end with the live composition root and the process's
// terminal, then exit with its status. Everything else lives in StorefrontApp so that tests can drive it.
let commandLine = StorefrontCommandLine(
    output: FileHandleOutput(handle: FileHandle.standardOutput),
    errorOutput: FileHandleOutput(handle: FileHandle.standardError),
    statusTerminal: isatty(STDERR_FILENO) == 1 ? FileHandleOutput(handle: FileHandle.standardError) : nil,
    environment: ProcessInfo.processInfo.environment,
    currentDirectory: URL(filePath: FileManager.default.currentDirectoryPath, directoryHint: .isDirectory),
    terminal: Terminal(
        inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
        environment: ProcessInfo.processInfo.environment),
    entryTypes: AppEntries.all,
    makeDependencies: { configuration throws(LaunchError) in try AppDependencies.live(configuration) }
)
let status = await commandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
