import Foundation

/// A manifest that could not be loaded.
public struct ManifestFailure: Error, Sendable, Equatable, Encodable, CustomStringConvertible {
    /// The package's repository-relative path.
    public var package: String
    /// The manifest's repository-relative path (`Core/Models/Package.swift`).
    public var manifest: String
    /// SwiftPM's message (the compiler invocation it echoes is left out).
    public var message: String

    /// Creates a failure.
    public init(package: String, manifest: String, message: String) {
        self.package = package
        self.manifest = manifest
        self.message = message
    }

    /// `<manifest>: <message>`.
    public var description: String { "\(manifest): \(message)" }
}

/// Loads manifests with `swift package --ignore-lock dump-package`, run in the package's directory.
///
/// `--ignore-lock`: without it, dump-package waits for the lock on the package's `.build` while anything else
/// builds that package (measured: 101 s instead of 0.5 s with a build running), and `modules lint` runs while
/// engineers build. Reading a manifest does not need the build directory to itself.
///
/// With a ``ManifestCache``, a manifest whose text, directory and toolchain match a recorded result is decoded
/// from that record and no process starts; a loaded manifest is recorded for the next run.
public struct ManifestLoader: Sendable {
    private let runner: any ProcessRunning
    private let swiftExecutable: String
    private let cache: ManifestCache?

    /// Creates a loader.
    /// - Parameters:
    ///   - runner: runs the `swift` command.
    ///   - swiftExecutable: the `swift` driver to run (a name on `PATH` or an absolute path).
    ///   - cache: where recorded `dump-package` results are kept; `nil` reads every manifest through `swift`.
    public init(runner: any ProcessRunning, swiftExecutable: String, cache: ManifestCache? = nil) {
        self.runner = runner
        self.swiftExecutable = swiftExecutable
        self.cache = cache
    }

    /// One manifest load: its result and how the cache took part.
    public struct Outcome: Sendable {
        /// The manifest, or why it did not load.
        public var result: Result<PackageManifest, LoadError>
        /// True when the manifest came from the cache (no process started).
        public var fromCache: Bool
        /// Why the loaded manifest could not be recorded (a full disk, a read-only directory), if it could not.
        public var cacheWriteError: String?
    }

    /// Loads the manifest of the package in `directory`.
    /// - Returns: the manifest, or the reason it could not be loaded (SwiftPM's message, or the decoding error).
    public func load(packageIn directory: URL) async -> Result<PackageManifest, LoadError> {
        await loadWithCache(packageIn: directory).result
    }

    /// Loads the manifest of the package in `directory`, from the cache when it holds, and says where it came from.
    public func loadWithCache(packageIn directory: URL) async -> Outcome {
        let key = cache?.key(forPackageIn: directory)
        if let cache, let key, let dump = cache.lookup(key), let manifest = try? DumpPackageDecoder.decode(dump) {
            return Outcome(result: .success(manifest), fromCache: true)
        }
        let (result, dump) = await dumpPackage(in: directory)
        var writeError: String?
        if let cache, let key, let dump, case .success = result {
            do {
                try cache.store(dump, for: key)
            } catch {
                writeError = "cannot record the manifest of \(directory.path) in \(cache.directory.path): \(error)"
            }
        }
        return Outcome(result: result, fromCache: false, cacheWriteError: writeError)
    }

    private func dumpPackage(in directory: URL) async -> (Result<PackageManifest, LoadError>, Data?) {
        let invocation = ProcessInvocation(
            executable: swiftExecutable,
            arguments: ["package", "--ignore-lock", "dump-package"],
            workingDirectory: directory
        )
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch let error as ProcessLaunchError {
            return (.failure(LoadError(message: "\(error)", launchError: error)), nil)
        } catch {
            return (.failure(LoadError(message: "\(error)")), nil)
        }
        guard result.succeeded else {
            let message = Self.condense(result.standardErrorText + "\n" + result.standardOutputText)
            let status = result.terminatedBySignal ? "signal \(result.status)" : "status \(result.status)"
            return (.failure(LoadError(message: message.isEmpty ? "dump-package ended with \(status)" : message)), nil)
        }
        do {
            return (.success(try DumpPackageDecoder.decode(result.standardOutput)), result.standardOutput)
        } catch {
            return (.failure(LoadError(message: "\(error)")), nil)
        }
    }

    /// Why a manifest did not load.
    public struct LoadError: Error, Sendable, Equatable {
        /// The tool's message.
        public var message: String
        /// Set when `swift` itself could not be started (so no manifest can load).
        public var launchError: ProcessLaunchError?

        /// Creates an error.
        public init(message: String, launchError: ProcessLaunchError? = nil) {
            self.message = message
            self.launchError = launchError
        }
    }

    /// Drops SwiftPM's echo of the manifest compiler command (`(compiled with: [...])`) and blank lines.
    static func condense(_ text: String) -> String {
        var lines: [String] = []
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: true) {
            var line = String(rawLine)
            if let range = line.range(of: " (compiled with: [") {
                line = String(line[..<range.lowerBound])
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                lines.append(line)
            }
        }
        return lines.joined(separator: "\n")
    }
}
