import Foundation

/// One timed `swift build`.
struct BuildSample: Sendable, Equatable {
    /// Wall-clock seconds of the whole `swift build`.
    var seconds: Double
    /// Whether it built.
    var succeeded: Bool
    /// The modules whose compiler jobs ran (from the `-stats-output-dir` files), sorted.
    var recompiled: [String]
    /// Per module, the sum of its compiler jobs' wall seconds (a CPU-time view: jobs run in parallel).
    var frontendSeconds: [String: Double]
    /// The function bodies the build type-checked (`-debug-time-function-bodies`), deduplicated.
    var functionBodies: [FunctionBodyTime]
    /// The end of the build's output, when it failed.
    var failure: String?
}

/// How long one function body took to type-check, from `-debug-time-function-bodies`.
public struct FunctionBodyTime: Sendable, Hashable, Encodable {
    /// Milliseconds.
    public var milliseconds: Double
    /// The file (absolute as the compiler prints it; repository-relative in a report).
    public var file: String
    /// The 1-based line.
    public var line: Int
    /// What the compiler calls it: `static method Logging.(file).JSONLineFormat.appendString(_:to:)`.
    public var declaration: String
}

/// Runs and times `swift build` with the compiler's own timing outputs switched on:
/// `-Xswiftc -stats-output-dir -Xswiftc DIR` (one JSON per compiler job, named after its module) and
/// `-Xswiftc -Xfrontend -Xswiftc -debug-time-function-bodies` (one stdout line per function body). Every build of
/// one scratch path passes the same flags, so the flags never cause a rebuild themselves.
struct BuildMeasurer {
    let runner: any ProcessRunning
    let stopwatch: Stopwatch
    let swiftExecutable: String

    /// Builds the package in `packageDirectory` with `scratch` as its build directory, writing compiler statistics
    /// to `statistics` (emptied first).
    func build(packageDirectory: URL, scratch: URL, statistics: URL) async -> BuildSample {
        let manager = FileManager()
        try? manager.removeItem(at: statistics)
        try? manager.createDirectory(at: statistics, withIntermediateDirectories: true)
        let invocation = ProcessInvocation(
            executable: swiftExecutable,
            arguments: [
                "build", "--package-path", packageDirectory.path, "--scratch-path", scratch.path,
                "-Xswiftc", "-stats-output-dir", "-Xswiftc", statistics.path,
                "-Xswiftc", "-Xfrontend", "-Xswiftc", "-debug-time-function-bodies",
            ]
        )
        let start = stopwatch.now()
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            return BuildSample(
                seconds: 0, succeeded: false, recompiled: [], frontendSeconds: [:], functionBodies: [],
                failure: "\(error)")
        }
        let seconds = stopwatch.seconds(since: start)
        let output = result.standardOutputText
        let frontend = Self.frontendSeconds(in: statistics)
        let tail = (output + result.standardErrorText).split(separator: "\n").suffix(15).joined(separator: "\n")
        return BuildSample(
            seconds: seconds,
            succeeded: result.succeeded,
            recompiled: frontend.keys.sorted(),
            frontendSeconds: frontend,
            functionBodies: Self.functionBodies(in: output),
            failure: result.succeeded ? nil : tail
        )
    }

    /// Module → summed `time.swift-frontend.<Module>-….wall` of the stats files in `directory`. The module is the
    /// file name's field after `swift-frontend-` (`stats-<µs>-swift-frontend-<Module>-<file|all>-<triple>-….json`).
    static func frontendSeconds(in directory: URL) -> [String: Double] {
        var seconds: [String: Double] = [:]
        for name in (try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []
        where name.hasPrefix("stats-") && name.hasSuffix(".json") {
            guard let range = name.range(of: "-swift-frontend-") else { continue }
            let module = String(name[range.upperBound...].prefix { $0 != "-" })
            guard !module.isEmpty else { continue }
            var wall = 0.0
            if let data = try? Data(contentsOf: directory.appendingPathComponent(name)),
                let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any]
            {
                for (key, value) in object where key.hasPrefix("time.swift-frontend.") && key.hasSuffix(".wall") {
                    wall += (value as? Double) ?? 0
                }
            }
            seconds[module, default: 0] += wall
        }
        return seconds
    }

    /// The `<ms>ms\t<file>:<line>:<col>\t<declaration>@…` lines of `output`, deduplicated (the emit-module job
    /// repeats some).
    static func functionBodies(in output: String) -> [FunctionBodyTime] {
        var seen: Set<FunctionBodyTime> = []
        var bodies: [FunctionBodyTime] = []
        for line in output.split(separator: "\n") {
            let fields = line.split(separator: "\t")
            guard fields.count >= 3, fields[0].hasSuffix("ms"), let milliseconds = Double(fields[0].dropLast(2))
            else { continue }
            let location = fields[1].split(separator: ":")
            guard location.count >= 3, let lineNumber = Int(location[location.count - 2]) else { continue }
            let file = location.dropLast(2).joined(separator: ":")
            let declaration = fields[2].split(separator: "@").first.map(String.init) ?? String(fields[2])
            let body = FunctionBodyTime(
                milliseconds: milliseconds, file: file, line: lineNumber, declaration: declaration)
            if seen.insert(body).inserted {
                bodies.append(body)
            }
        }
        return bodies
    }
}
