import Foundation

/// Asks the compiler which modules Swift files import:
/// `swiftc -frontend -emit-imported-modules FILES -module-name M -D SWIFT_PACKAGE -D DEBUG [-D X]... -o -`.
///
/// The frontend only parses (no module needs to be built; about 50 ms a call), evaluates `#if` with the given
/// conditions and `canImport(...)` against the toolchain, and prints one module per line, the union over the
/// files: `@testable`, `@_exported` and access-level imports included, `import struct X.Y` reduced to `X`.
/// `canImport` of a module of the repository is false (nothing is built), so an import under such a condition is
/// not seen. The conditions are those of a Linux debug build, the configuration `modules test` builds.
public struct ImportScanner: Sendable {
    /// The compiler could not read the files (a syntax error), with its first diagnostics.
    public struct Failure: Error, Sendable, Equatable {
        /// The compiler's message, cut to a few lines.
        public var message: String
    }

    private let runner: any ProcessRunning
    private let swiftc: String
    private let root: URL
    private let cache: ImportScanCache?

    /// Creates a scanner.
    /// - Parameters:
    ///   - runner: runs the compiler.
    ///   - swiftc: the `swiftc` to run (the toolchain's).
    ///   - root: the repository root; files are given relative to it.
    ///   - cache: where scans are recorded by the content of their files; `nil` runs the compiler every time.
    public init(runner: any ProcessRunning, swiftc: String, root: URL, cache: ImportScanCache? = nil) {
        self.runner = runner
        self.swiftc = swiftc
        self.root = root
        self.cache = cache
    }

    /// How a module's sources are compiled, as far as parsing them is concerned.
    public struct Settings: Sendable, Equatable {
        /// The module name (`-module-name`).
        public var module: String
        /// Extra compilation conditions (`-D`), beyond `SWIFT_PACKAGE` and `DEBUG`.
        public var defines: [String]
        /// The language mode (`-swift-version`): bare `/regex/` literals parse only in 6.
        public var languageMode: String
        /// Upcoming features (`-enable-upcoming-feature`).
        public var upcomingFeatures: [String]
        /// The target triple `#if os(…)` is evaluated for (`-target`); `nil` for this machine's.
        public var targetTriple: String?

        /// Creates settings.
        public init(
            module: String, defines: [String] = [], languageMode: String = "6", upcomingFeatures: [String] = [],
            targetTriple: String? = nil
        ) {
            self.module = module
            self.defines = defines
            self.languageMode = languageMode
            self.upcomingFeatures = upcomingFeatures
            self.targetTriple = targetTriple
        }

        /// SwiftPM's platform names (`.when(platforms:)`, `graph --platform`): this machine's `linux` and every
        /// name of ``triples``.
        public static var platformNames: Set<String> { Set(triples.keys).union(["linux"]) }

        /// A triple for each platform name of SwiftPM that the frontend can parse for without its SDK.
        public static let triples: [String: String] = [
            "macos": "arm64-apple-macosx14.0", "ios": "arm64-apple-ios17.0", "tvos": "arm64-apple-tvos17.0",
            "watchos": "arm64-apple-watchos10.0", "visionos": "arm64-apple-xros1.0",
            "maccatalyst": "arm64-apple-ios17.0-macabi", "driverkit": "arm64-apple-driverkit23.0",
            "windows": "x86_64-unknown-windows-msvc", "android": "aarch64-unknown-linux-android28",
            "wasi": "wasm32-unknown-wasi", "openbsd": "x86_64-unknown-openbsd", "freebsd": "x86_64-unknown-freebsd",
        ]
    }

    /// The modules `files` import, sorted, as one compiler call (none when the cache holds the answer).
    /// - Parameters:
    ///   - files: repository-relative Swift files of one module.
    ///   - settings: the module's name, conditions and language mode.
    /// - Returns: the imported modules, or why the compiler could not tell.
    public func imports(of files: [String], settings: Settings) async -> Result<[String], Failure> {
        guard !files.isEmpty else { return .success([]) }
        let urls = files.map { RepoPath.url($0, in: root) }
        let key = cache?.key(files: urls, settings: settings, swiftc: swiftc)
        if let key, let recorded = cache?.modules(for: key) {
            return .success(recorded)
        }
        let scanned = await compilerImports(of: urls, settings: settings)
        if let key, case .success(let modules) = scanned {
            // A cache that cannot be written costs the next run its time, nothing else.
            try? cache?.store(modules, for: key)
        }
        return scanned
    }

    private func compilerImports(of urls: [URL], settings: Settings) async -> Result<[String], Failure> {
        let conditions = (["SWIFT_PACKAGE", "DEBUG"] + settings.defines).flatMap { ["-D", $0] }
        let features = settings.upcomingFeatures.flatMap { ["-enable-upcoming-feature", $0] }
        let invocation = ProcessInvocation(
            executable: swiftc,
            arguments: ["-frontend", "-emit-imported-modules"] + urls.map(\.path)
                + ["-module-name", settings.module, "-swift-version", settings.languageMode] + conditions + features
                + (settings.targetTriple.map { ["-target", $0] } ?? []) + ["-o", "-"],
            workingDirectory: root
        )
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            return .failure(Failure(message: "\(error)"))
        }
        guard result.succeeded else {
            let lines = result.standardErrorText.split(separator: "\n").prefix(6)
            let message = lines.isEmpty ? "swiftc exited with status \(result.status)" : lines.joined(separator: "\n")
            return .failure(Failure(message: message))
        }
        let modules = result.standardOutputText.split(whereSeparator: \.isNewline)
            .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        return .success(Array(Set(modules)).sorted())
    }
}
