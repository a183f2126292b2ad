import Foundation
import Testing

@testable import ModulesKit

/// The import-scan cache: a scan whose files, settings and toolchain are unchanged starts no compiler.
@Suite(.timeLimit(.minutes(5))) struct ImportScanCacheTests {
    /// A scripted `swiftc` answering the modules named in the first line of each file (`// imports: A B`).
    final class Compiler: @unchecked Sendable {
        // Sound: `calls` and `isFailing` are only touched while `lock` is held.
        private let lock = NSLock()
        private var calls = 0
        private var isFailing = false

        var failing: Bool {
            get { lock.withLock { isFailing } }
            set { lock.withLock { isFailing = newValue } }
        }

        var count: Int { lock.withLock { calls } }

        var runner: ScriptedRunner {
            ScriptedRunner { [self] invocation in
                lock.withLock { calls += 1 }
                if failing {
                    return ProcessResult(status: 1, standardError: Data("error: expected expression\n".utf8))
                }
                let files = invocation.arguments.filter { $0.hasSuffix(".swift") }
                let modules = files.flatMap { path -> [String] in
                    let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
                    let first = text.split(separator: "\n").first ?? ""
                    return first.split(separator: " ").dropFirst(2).map(String.init)
                }
                return ProcessResult(status: 0, standardOutput: Data(modules.joined(separator: "\n").utf8))
            }
        }
    }

    private func scanner(_ compiler: Compiler, root: URL, toolchain: String = "t1") -> ImportScanner {
        ImportScanner(
            runner: compiler.runner, swiftc: "swiftc", root: root,
            cache: ImportScanCache(
                directory: root.appendingPathComponent(".build/modules/cache/imports"), toolchainFingerprint: toolchain)
        )
    }

    @Test func anUnchangedScanStartsNoCompilerAndAnyChangedInputDoes() async throws {
        try await withTemporaryDirectory { root in
            try Data("// imports: Alpha Beta\n".utf8).write(to: root.appendingPathComponent("A.swift"))
            try Data("// imports: Gamma\n".utf8).write(to: root.appendingPathComponent("B.swift"))
            let compiler = Compiler()
            let settings = ImportScanner.Settings(module: "M")
            let files = ["A.swift", "B.swift"]
            let first = await scanner(compiler, root: root).imports(of: files, settings: settings)
            #expect(try first.get() == ["Alpha", "Beta", "Gamma"])
            #expect(compiler.count == 1)
            #expect(try await scanner(compiler, root: root).imports(of: files, settings: settings).get() == first.get())
            #expect(compiler.count == 1)

            // Other settings, another toolchain, another file list: each a new scan.
            var other = settings
            other.targetTriple = ImportScanner.Settings.triples["macos"]
            _ = await scanner(compiler, root: root).imports(of: files, settings: other)
            #expect(compiler.count == 2)
            _ = await scanner(compiler, root: root, toolchain: "t2").imports(of: files, settings: settings)
            #expect(compiler.count == 3)
            _ = await scanner(compiler, root: root).imports(of: ["A.swift"], settings: settings)
            #expect(compiler.count == 4)

            // Edited content is a miss; the same path with new text gives the new answer.
            try Data("// imports: Delta\n".utf8).write(to: root.appendingPathComponent("B.swift"))
            let edited = await scanner(compiler, root: root).imports(of: files, settings: settings)
            #expect(try edited.get() == ["Alpha", "Beta", "Delta"])
            #expect(compiler.count == 5)
        }
    }

    @Test func aFailedScanIsNotRecordedAndADamagedEntryIsAMiss() async throws {
        try await withTemporaryDirectory { root in
            try Data("// imports: Alpha\n".utf8).write(to: root.appendingPathComponent("A.swift"))
            let compiler = Compiler()
            compiler.failing = true
            let settings = ImportScanner.Settings(module: "M")
            let failed = await scanner(compiler, root: root).imports(of: ["A.swift"], settings: settings)
            #expect(throws: ImportScanner.Failure.self) { try failed.get() }
            compiler.failing = false
            #expect(
                try await scanner(compiler, root: root).imports(of: ["A.swift"], settings: settings).get() == ["Alpha"])
            #expect(compiler.count == 2)

            let directory = root.appendingPathComponent(".build/modules/cache/imports")
            let entries = try FileManager().contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".txt") }
            #expect(entries.count == 1)
            #expect(FileManager().fileExists(atPath: directory.appendingPathComponent(".gitignore").path))
            try Data("modules import scan 1\nAlp".utf8).write(to: directory.appendingPathComponent(entries[0]))
            #expect(
                try await scanner(compiler, root: root).imports(of: ["A.swift"], settings: settings).get() == ["Alpha"])
            #expect(compiler.count == 3)
        }
    }

    @Test func aWarmLintOfARealFixtureStartsNoCompilerAndNoCacheStartsIt() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Imports", into: directory)
            let live = liveRunner(directory)
            let cold = await runModules(["lint", "--json"], in: repo, runner: live)
            let counting = CountingRunner(base: live)
            let warm = await runModules(["lint", "--json"], in: repo, runner: counting)
            #expect(warm.status == cold.status)
            #expect(warm.output == cold.output)
            #expect(counting.compilerCalls == 0)
            let uncached = CountingRunner(base: live)
            let again = await runModules(["lint", "--json", "--no-cache"], in: repo, runner: uncached)
            #expect(again.output == cold.output)
            #expect(uncached.compilerCalls > 0)
        }
    }
}

/// Counts `-emit-imported-modules` calls and runs everything through `base`.
final class CountingRunner: ProcessRunning, @unchecked Sendable {
    // Sound: `calls` is only touched while `lock` is held; `base` is immutable and Sendable.
    private let lock = NSLock()
    private var calls = 0
    private let base: any ProcessRunning

    init(base: any ProcessRunning) {
        self.base = base
    }

    var compilerCalls: Int { lock.withLock { calls } }

    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult {
        if invocation.arguments.contains("-emit-imported-modules") {
            lock.withLock { calls += 1 }
        }
        return try await base.run(invocation)
    }
}
