import Foundation

/// The versions SwiftPM resolved for a package's external dependencies, as they go into action keys.
///
/// A package whose dependencies (or whose path dependencies' dependencies) include a `.package(url:)` or registry
/// package builds with whatever SwiftPM resolves; a library that does not commit its `Package.resolved` would
/// otherwise be keyed without its versions, so a machine that resolves newer ones would reuse a result it never
/// earned. The pins come from, in this order: the package's `Package.resolved` (committed, or written by SwiftPM
/// when it resolved), the workspace state SwiftPM keeps in the package's own build directory
/// (`.build/workspace-state.json`), or, when neither exists, a `swift package resolve` run before the keys are
/// made (``SharedTestCache/open(_:_:_:scan:)``). A package that still has none is keyed `resolved unknown` and is
/// neither looked up nor shared.
enum ResolvedPins {
    /// The repository-relative paths of the packages that need pins: those that declare an external dependency or
    /// reach one through their path dependencies.
    static func packagesNeedingPins(_ scan: RepositoryScan) -> Set<String> {
        let byPath = Dictionary(scan.packages.map { ($0.path, $0) }) { first, _ in first }
        var memo: [String: Bool] = [:]
        func needs(_ path: String, visiting: Set<String>) -> Bool {
            if let known = memo[path] { return known }
            guard let package = byPath[path], !visiting.contains(path) else { return false }
            let result = package.manifest.dependencies.contains { dependency in
                switch dependency.kind {
                case .sourceControl, .registry: return true
                case .fileSystem:
                    guard let directory = dependency.path,
                        let relative = RepoPath.relative(URL(fileURLWithPath: directory), to: scan.root)
                    else { return false }
                    return needs(relative, visiting: visiting.union([path]))
                }
            }
            memo[path] = result
            return result
        }
        return Set(scan.packages.map(\.path).filter { needs($0, visiting: []) })
    }

    /// The pin lines of the package at `package` (`pin IDENTITY VERSION REVISION`, sorted; `resolved SHA256` for a
    /// `Package.resolved` that cannot be read as one); `[]` when it has no `Package.resolved` and `needed` is false;
    /// `nil` when pins are needed and neither `Package.resolved` nor the workspace state of its `.build` has them.
    static func lines(package: String, root: URL, needed: Bool) -> [String]? {
        let directory = RepoPath.url(package, in: root)
        if let data = try? Data(contentsOf: directory.appendingPathComponent("Package.resolved")) {
            return ActionKeyBuilder.pins(data) ?? ["resolved \(BlobDigest.sha256(data))"]
        }
        guard needed else { return [] }
        let state = directory.appendingPathComponent(".build/workspace-state.json")
        return (try? Data(contentsOf: state)).flatMap(workspacePins)
    }

    /// The pins of SwiftPM's `workspace-state.json` (versions 5 to 7): each source-control or registry dependency
    /// as `pin IDENTITY VERSION REVISION`, spelled as ``ActionKeyBuilder/pins(_:)`` spells the same resolution read
    /// from `Package.resolved` (local path dependencies are not pinned there either); `nil` when it cannot be read
    /// as one.
    static func workspacePins(_ data: Data) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
            let dependencies = (object["object"] as? [String: Any])?["dependencies"] as? [[String: Any]]
        else { return nil }
        return dependencies.compactMap { dependency in
            let reference = dependency["packageRef"] as? [String: Any] ?? [:]
            guard let kind = reference["kind"] as? String, kind != "fileSystem", kind != "root",
                let identity = reference["identity"] as? String
            else { return nil }
            let state = dependency["state"] as? [String: Any] ?? [:]
            let checkout = state["checkoutState"] as? [String: Any] ?? state
            let version =
                checkout["version"] as? String ?? (checkout["branch"] as? String).map { "branch:\($0)" } ?? "-"
            return "pin \(identity.lowercased()) \(version) \(checkout["revision"] as? String ?? "-")"
        }.sorted()
    }

    /// Runs `swift package resolve` (with `scratch`: `--scratch-path DIR`, or nothing for the package's own
    /// `.build`) in each of `packages`, one after the other, each bounded by `timeout`.
    /// - Returns: why each package that did not resolve failed, by path.
    static func resolve(
        _ packages: [String], root: URL, runner: any ProcessRunning, swiftExecutable: String, scratch: [String],
        timeout: Duration
    ) async -> [String: String] {
        var failures: [String: String] = [:]
        for package in packages {
            let invocation = ProcessInvocation(
                executable: swiftExecutable,
                arguments: ["package", "resolve", "--package-path", RepoPath.url(package, in: root).path] + scratch,
                workingDirectory: root, timeout: timeout)
            do {
                let result = try await runner.run(invocation)
                if !result.succeeded {
                    let detail = result.standardErrorText.split(whereSeparator: \.isNewline).last.map(String.init)
                    failures[package] = detail ?? "exit status \(result.status)"
                }
            } catch {
                failures[package] = "\(error)"
            }
        }
        return failures
    }
}
