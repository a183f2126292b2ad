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
public struct ManifestLoader: Sendable {
    private let runner: any ProcessRunning
    private let swiftExecutable: String

    /// Creates a loader.
    /// - Parameters:
    ///   - runner: runs the `swift` command.
    ///   - swiftExecutable: the `swift` driver to run (a name on `PATH` or an absolute path).
    public init(runner: any ProcessRunning, swiftExecutable: String) {
        self.runner = runner
        self.swiftExecutable = swiftExecutable
    }

    /// Loads the manifest of the package in `directory`.
    /// - Returns: the manifest, or the reason it could not be loaded (SwiftPM's message, or the decoding error).
    public func load(packageIn directory: URL) async -> Result<PackageManifest, LoadError> {
        let invocation = ProcessInvocation(
            executable: swiftExecutable,
            arguments: ["package", "--ignore-lock", "dump-package"],
            workingDirectory: directory
        )
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch let error as ProcessLaunchError {
            return .failure(LoadError(message: "\(error)", launchError: error))
        } catch {
            return .failure(LoadError(message: "\(error)"))
        }
        guard result.succeeded else {
            let message = Self.condense(result.standardErrorText + "\n" + result.standardOutputText)
            let status = result.terminatedBySignal ? "signal \(result.status)" : "status \(result.status)"
            return .failure(LoadError(message: message.isEmpty ? "dump-package ended with \(status)" : message))
        }
        do {
            return .success(try DumpPackageDecoder.decode(result.standardOutput))
        } catch {
            return .failure(LoadError(message: "\(error)"))
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
