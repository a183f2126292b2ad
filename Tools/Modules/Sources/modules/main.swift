import Foundation
import ModulesKit

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The width of the terminal on standard error, else `COLUMNS`, else 80.
func terminalColumns() -> Int {
    var size = winsize()
    if ioctl(STDERR_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 {
        return Int(size.ws_col)
    }
    return ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init) ?? 80
}

// The composition root: the only place that reaches the process's real surroundings.
let processInfo = ProcessInfo.processInfo
let swiftExecutable = processInfo.environment["MODULES_SWIFT"] ?? "swift"
let environment = CommandEnvironment(
    currentDirectory: URL(fileURLWithPath: FileManager().currentDirectoryPath, isDirectory: true),
    output: FileHandleSink(handle: FileHandle.standardOutput),
    errorOutput: FileHandleSink(handle: FileHandle.standardError),
    errorOutputIsTerminal: isatty(STDERR_FILENO) == 1 && processInfo.environment["TERM"] != "dumb",
    terminalColumns: terminalColumns(),
    runner: SubprocessRunner(temporaryDirectory: FileManager().temporaryDirectory),
    stopwatch: .continuous(),
    wallClock: .system(),
    processorCount: processInfo.activeProcessorCount,
    swiftExecutable: swiftExecutable,
    toolchain: Toolchain.locate(swiftExecutable: swiftExecutable, searchPath: processInfo.environment["PATH"] ?? ""),
    executablePath: Bundle.main.executablePath,
    variables: processInfo.environment,
    hostName: processInfo.hostName
)
let status = await ModulesCLI(environment: environment).run(Array(CommandLine.arguments.dropFirst()))
exit(status)
