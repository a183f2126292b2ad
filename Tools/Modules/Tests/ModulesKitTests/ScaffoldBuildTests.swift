import Foundation
import Testing

@testable import ModulesKit

#if canImport(Glibc)
    import Glibc
#endif

extension Tag {
    /// A test that runs a real `swift build` of repository packages: minutes when cold, so it is one test that runs
    /// once per `swift test`, never parameterized.
    @Tag static var realBuild: Self
}

/// Issue 29's "a test builds the scaffold's output for a tabbed feature against FeatureKit alone": `modules new
/// feature Wishlist --tab` in a copy of the repository that holds only FeatureKit and what it depends on (Core's
/// packages and DesignSystem: no other feature, no App), then `swift build --build-tests` of the new package.
///
/// The copy is made of this repository's own packages without a network: each package directory is a real
/// directory (the scaffolder reads real directories only) whose entries are symbolic links to the repository's, so
/// that every run sees the same paths and sources and a run after the first builds only the new feature. The copy
/// and the scratch path are under the repository's `.build/modules/scaffold-build/` (ignored by git), taken under a
/// lock file so two runs at once never rewrite the copy under each other. Cold, the build of FeatureKit's closure
/// takes minutes; warm, seconds (figures in Tools/Modules/README.md, "The scaffold's build test").
@Suite(.timeLimit(.minutes(30))) struct ScaffoldBuildTests {
    /// The repository this test file is in (`Tools/Modules/Tests/ModulesKitTests/` is four levels down).
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// The packages the copy holds: FeatureKit and every package it depends on, directly or not.
    static let packages = ["DesignSystem", "FeatureKit"]
    /// The longest the build may take: a cold build of FeatureKit's closure on two loaded cores.
    static let buildTimeout = Duration.seconds(20 * 60)

    @Test(.tags(.realBuild)) func theScaffoldsTabbedFeatureBuildsAgainstFeatureKitAlone() async throws {
        let work = Self.repository.appending(path: ".build/modules/scaffold-build")
        try FileManager().createDirectory(at: work, withIntermediateDirectories: true)
        let lock = try ExclusiveLock(file: work.appending(path: "lock"))
        defer { lock.release() }
        let copy = try Self.makeCopy(in: work.appending(path: "repository"))
        let scratch = work.appending(path: "scratch")

        try await withTemporaryDirectory { directory in
            let run = await runModules(
                ["new", "feature", "Wishlist", "--tab", "--no-app", "--no-lint", "--json", "--repo", copy.path],
                in: copy, runner: liveRunner(directory))
            try #require(run.status == 0, "modules new failed: \(run.output)\(run.errorOutput)")
            let result = try jsonObject(run.output)
            #expect(result["package"] as? String == "Features/Wishlist")

            let started = ContinuousClock.now
            let build = try await liveRunner(directory).run(
                ProcessInvocation(
                    executable: liveToolchain.tool("swift") ?? "swift",
                    arguments: [
                        "build", "--build-tests", "--package-path", copy.appending(path: "Features/Wishlist").path,
                        "--scratch-path", scratch.path,
                    ],
                    timeout: Self.buildTimeout))
            let elapsed = ContinuousClock.now - started
            let output = build.standardOutputText + build.standardErrorText
            #expect(!build.timedOut, "swift build of the scaffold's Wishlist ran past \(Self.buildTimeout)")
            #expect(
                build.succeeded,
                "the scaffold's Wishlist does not build against FeatureKit alone:\n\(Self.errors(in: output))")
            let warnings = output.split(separator: "\n").filter {
                $0.contains("warning:") && $0.contains("/Features/Wishlist/")
            }
            #expect(
                warnings.isEmpty, "the scaffold's Wishlist builds with warnings:\n\(warnings.joined(separator: "\n"))")
            print("scaffold build: swift build --build-tests of Features/Wishlist took \(elapsed)")
        }
    }

    @Test func aFailedBuildIsReportedByItsCompilerErrors() {
        let output = """
            [12/40] Compiling Wishlist WishlistEntry.swift
            /x/Features/Wishlist/Sources/Wishlist/Entry/WishlistEntry.swift:9:5: error: cannot find 'EntryTab' in scope
                tab: EntryTab(title: "Wishlist")
            [13/40] Compiling Wishlist WishlistView.swift
            error: fatalError
            """
        #expect(
            Self.errors(in: output) == """
                /x/Features/Wishlist/Sources/Wishlist/Entry/WishlistEntry.swift:9:5: error: cannot find 'EntryTab' in scope
                    tab: EntryTab(title: "Wishlist")
                error: fatalError
                """)
        #expect(Self.errors(in: "a\nb") == "a\nb", "without an error line, the output's end")
    }

    /// The compiler's `error:` lines of `output` with the line after each (the source line), or its last 40 lines
    /// when it has none (a failure of SwiftPM itself).
    static func errors(in output: String) -> String {
        let lines = output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var picked: [String] = []
        for (index, line) in lines.enumerated() where line.contains("error:") {
            picked.append(line)
            if index + 1 < lines.count { picked.append(lines[index + 1]) }
        }
        return (picked.isEmpty ? Array(lines.suffix(40)) : picked).joined(separator: "\n")
    }

    /// Rebuilds the copy at `root`: `Core/<each>`, `DesignSystem` and `FeatureKit` as real directories of symbolic
    /// links to the repository's entries (hidden ones, such as a `.build`, left out), the repository's
    /// `modules.json`, and no `Features/` (the previous run's feature is removed).
    static func makeCopy(in root: URL) throws -> URL {
        let manager = FileManager()
        if manager.fileExists(atPath: root.path) { try manager.removeItem(at: root) }
        try manager.createDirectory(at: root, withIntermediateDirectories: true)
        let core = try manager.contentsOfDirectory(atPath: repository.appending(path: "Core").path)
            .filter { manager.fileExists(atPath: repository.appending(path: "Core/\($0)/Package.swift").path) }
            .map { "Core/\($0)" }
        for package in core + packages {
            let source = repository.appending(path: package)
            let target = root.appending(path: package)
            try manager.createDirectory(at: target, withIntermediateDirectories: true)
            for entry in try manager.contentsOfDirectory(atPath: source.path) where !entry.hasPrefix(".") {
                try manager.createSymbolicLink(
                    at: target.appending(path: entry), withDestinationURL: source.appending(path: entry))
            }
        }
        try manager.copyItem(at: repository.appending(path: "modules.json"), to: root.appending(path: "modules.json"))
        return root
    }
}

/// An exclusive `flock(2)` on a file, held until `release()` (or the process ends).
private struct ExclusiveLock {
    private let descriptor: Int32

    /// Opens (creating) `file` and waits for the exclusive lock on it.
    ///
    /// - Throws: `CocoaError(.fileWriteUnknown)` when the file cannot be opened or locked.
    init(file: URL) throws {
        descriptor = open(file.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path]) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            close(descriptor)
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
        }
    }

    /// Releases the lock and closes the file.
    func release() {
        flock(descriptor, LOCK_UN)
        close(descriptor)
    }
}
