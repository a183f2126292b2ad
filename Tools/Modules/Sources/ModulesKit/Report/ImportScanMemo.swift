import Foundation

/// A process runner that answers a repeated `swiftc -frontend -emit-imported-modules` call from the first
/// answer, and runs everything else as `base` does. `report` reads every target's imports twice, once for
/// `lint`'s findings and once for the imports behind each edge, with the same files and settings; this makes the
/// second read cost nothing. Only for one command's lifetime: the files do not change meanwhile.
actor ImportScanMemo: ProcessRunning {
    private let base: any ProcessRunning
    private var answers: [String: ProcessResult] = [:]

    init(base: any ProcessRunning) {
        self.base = base
    }

    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        guard invocation.arguments.starts(with: ["-frontend", "-emit-imported-modules"]), invocation.logFile == nil
        else {
            return try await base.run(invocation)
        }
        let key = ([invocation.executable, invocation.workingDirectory?.path ?? ""] + invocation.arguments)
            .joined(separator: "\u{0}")
        if let answer = answers[key] {
            return answer
        }
        let answer = try await base.run(invocation)
        answers[key] = answer
        return answer
    }
}
