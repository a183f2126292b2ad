import Foundation
import ModulesKit
import Testing

/// Collects written text; safe to write from several tasks.
final class BufferSink: TextSink, @unchecked Sendable {
    // Sound: `buffer` is only read or written while `lock` is held.
    private let lock = NSLock()
    private var buffer = ""

    func write(_ text: String) {
        lock.withLock { buffer += text }
    }

    var text: String {
        lock.withLock { buffer }
    }
}

/// A stopwatch that advances one second each time it is read, so durations are exact.
func steppingStopwatch() -> Stopwatch {
    let counter = Counter()
    return Stopwatch { .seconds(counter.next()) }
}

final class Counter: @unchecked Sendable {
    // Sound: `value` is only touched while `lock` is held.
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.withLock {
            value += 1
            return value
        }
    }
}

/// Runs `body` with a fresh temporary directory that is removed afterwards.
func withTemporaryDirectory<T>(_ body: (URL) async throws -> T) async throws -> T {
    let manager = FileManager()
    let url = manager.temporaryDirectory.appendingPathComponent("modules-tests-\(UUID().uuidString)", isDirectory: true)
    try manager.createDirectory(at: url, withIntermediateDirectories: true)
    defer { try? manager.removeItem(at: url) }
    return try await body(url.resolvingSymlinksInPath())
}

/// The fixture repositories in Tools/Modules/Fixtures (outside every target; copied before use, so SwiftPM never
/// writes inside the repository).
enum Fixtures {
    static let packageDirectory = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()  // Support
        .deletingLastPathComponent()  // ModulesKitTests
        .deletingLastPathComponent()  // Tests
        .deletingLastPathComponent()  // Tools/Modules

    static let directory = packageDirectory.appendingPathComponent("Fixtures", isDirectory: true)

    /// Copies fixture `name` into `parent` and returns the copy's URL.
    static func copy(_ name: String, into parent: URL) throws -> URL {
        let destination = parent.appendingPathComponent(name, isDirectory: true)
        try FileManager().copyItem(at: directory.appendingPathComponent(name), to: destination)
        return destination
    }
}

/// A committed sample of tool output, from the test resources.
func sample(_ name: String) throws -> Data {
    guard let url = Bundle.module.url(forResource: name, withExtension: nil, subdirectory: "Samples") else {
        throw CocoaError(.fileNoSuchFile, userInfo: [NSFilePathErrorKey: "Samples/\(name)"])
    }
    return try Data(contentsOf: url)
}

/// The date the tests' wall clock says unless a test sets another: 2026-06-01 12:00 UTC.
let testDate = Date(timeIntervalSince1970: 1_780_315_200)

/// What one `modules` invocation printed and returned.
struct CLIRun {
    var status: Int32
    var output: String
    var errorOutput: String
}

/// Runs `modules` in-process with `arguments`, in `directory`.
func runModules(
    _ arguments: [String],
    in directory: URL,
    runner: any ProcessRunning,
    terminal: Bool = false,
    stopwatch: Stopwatch = steppingStopwatch(),
    clock: WallClock = .fixed(testDate),
    executablePath: String? = nil,
    variables: [String: String] = [:]
) async -> CLIRun {
    let output = BufferSink()
    let errorOutput = BufferSink()
    let environment = CommandEnvironment(
        currentDirectory: directory,
        output: output,
        errorOutput: errorOutput,
        errorOutputIsTerminal: terminal,
        terminalColumns: 80,
        runner: runner,
        stopwatch: stopwatch,
        wallClock: clock,
        processorCount: 2,
        swiftExecutable: "swift",
        toolchain: liveToolchain,
        executablePath: executablePath,
        variables: variables
    )
    let status = await ModulesCLI(environment: environment).run(arguments)
    return CLIRun(status: status, output: output.text, errorOutput: errorOutput.text)
}

/// The toolchain of the `swift` on `PATH`, as the `modules` executable finds it.
let liveToolchain = Toolchain.locate(
    swiftExecutable: "swift", searchPath: ProcessInfo.processInfo.environment["PATH"] ?? "")

/// The real process runner, buffering captured output in `directory`.
func liveRunner(_ directory: URL) -> SubprocessRunner {
    SubprocessRunner(temporaryDirectory: directory)
}

/// A runner that answers from a closure (a scripted `swift`), never starting a process.
struct ScriptedRunner: ProcessRunning {
    let handler: @Sendable (ProcessInvocation) throws -> ProcessResult

    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        try handler(invocation)
    }
}

extension ProcessInvocation {
    /// The value following `option` in the arguments.
    func value(of option: String) -> String? {
        guard let index = arguments.firstIndex(of: option), index + 1 < arguments.count else { return nil }
        return arguments[index + 1]
    }
}

/// Makes `directory` a git repository with everything in it committed.
func commitEverything(in directory: URL) throws {
    try git(["init", "-q"], in: directory)
    try git(["add", "-A"], in: directory)
    try git(["commit", "-q", "-m", "start"], in: directory)
}

/// The JSON object a command printed.
func jsonObject(_ text: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
}

/// Runs git in `directory` with a fixed identity.
func git(_ arguments: [String], in directory: URL) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "-c", "user.name=Modules Tests", "-c", "user.email=tests@example.com"] + arguments
    process.currentDirectoryURL = directory
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
        throw ProcessLaunchError(commandLine: "git \(arguments.joined(separator: " "))", reason: "failed")
    }
}

/// The package `path` of a `modules test --json` report.
func package(_ path: String, in run: CLIRun) throws -> [String: Any] {
    let packages = try jsonObject(run.output)["packages"] as? [[String: Any]] ?? []
    return try #require(packages.first { $0["package"] as? String == path }, "\(run.output)\(run.errorOutput)")
}

/// The `name` of each test case listed under `key` (`failures`, `flakyTests`, …) of a package's report.
func caseNames(_ package: [String: Any], _ key: String) -> [String] {
    (package[key] as? [[String: Any]] ?? []).compactMap { $0["name"] as? String }
}

/// Runs `body` with a new temporary directory, removed afterwards.
func withTemporaryDirectorySync(_ body: (URL) throws -> Void) throws {
    let directory = FileManager().temporaryDirectory.appendingPathComponent("modules-\(UUID().uuidString)")
    try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager().removeItem(at: directory) }
    try body(directory)
}

/// Writes each of `files` (a path relative to `root` → its text) under `root`, creating folders as needed.
func writeFiles(_ files: [String: String], under root: URL) throws {
    for (path, text) in files {
        let url = root.appendingPathComponent(path)
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(text.utf8).write(to: url)
    }
}

/// `git hash-object --no-filters -- FILE` run in `directory` (so in its repository's object format, SHA-1 outside
/// a repository): git's blob id of the file.
func gitHashObject(_ file: URL, in directory: URL) throws -> String {
    try gitHashObjects([file], in: directory).first ?? ""
}

/// `git hash-object --no-filters -- FILES` run in `directory`, one process: each file's blob id, in order.
func gitHashObjects(_ files: [URL], in directory: URL) throws -> [String] {
    guard !files.isEmpty else { return [] }
    let process = Process()
    let pipe = Pipe()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["git", "hash-object", "--no-filters", "--"] + files.map(\.path)
    process.currentDirectoryURL = directory
    process.standardOutput = pipe
    try process.run()
    let output = pipe.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let ids = String(decoding: output, as: UTF8.self).split(whereSeparator: \.isNewline).map(String.init)
    guard process.terminationStatus == 0, ids.count == files.count else {
        throw ProcessLaunchError(
            commandLine: "git hash-object", reason: "gave \(ids.count) ids for \(files.count) files")
    }
    return ids
}
