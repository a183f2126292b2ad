import Foundation
import StorefrontApp

// The process entry point: hand the command line to the front end with the live composition root, then exit
// with its status. Everything else lives in StorefrontApp so that tests can drive it.
let commandLine = StorefrontCommandLine(
    output: FileHandleOutput(handle: FileHandle.standardOutput),
    errorOutput: FileHandleOutput(handle: FileHandle.standardError),
    environment: ProcessInfo.processInfo.environment,
    makeDependencies: { AppDependencies.live($0) }
)
let status = await commandLine.run(Array(CommandLine.arguments.dropFirst()))
exit(status.rawValue)
