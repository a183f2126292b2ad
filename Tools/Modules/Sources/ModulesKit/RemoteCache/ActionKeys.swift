import Foundation

/// What a test result depends on besides the repository's files: the toolchain, the build and the environment.
/// Every field is canonical (sorted, trimmed) and free of machine facts (paths, users, home directories), so two
/// machines with the same toolchain give the same keys.
public struct ActionKeyInputs: Sendable, Equatable {
    /// `swift --version`'s output (compiler version and `Target:` triple), trimmed.
    public var toolchainVersion: String
    /// The build configuration (`debug`: `modules test` builds nothing else).
    public var configuration: String
    /// The flags that change results, sorted: `coverage`, `sanitize=thread`, `warnings-as-errors`.
    public var flags: [String]
    /// The allow-listed environment variables (`cache.environment` of modules.json) by name, `nil` when unset.
    public var environment: [String: String?]

    /// Creates inputs; `flags` are sorted here.
    public init(toolchainVersion: String, configuration: String, flags: [String], environment: [String: String?]) {
        self.toolchainVersion = toolchainVersion.trimmingCharacters(in: .whitespacesAndNewlines)
        self.configuration = configuration
        self.flags = flags.sorted()
        self.environment = environment
    }

    /// The flags of a `modules test` run.
    public static func flags(sanitizers: [String], warningsAsErrors: Bool, coverage: Bool) -> [String] {
        Set(sanitizers).sorted().map { "sanitize=\($0)" } + (warningsAsErrors ? ["warnings-as-errors"] : [])
            + (coverage ? ["coverage"] : [])
    }

    /// The canonical lines, in a fixed order (environment variables sorted by name).
    var lines: [String] {
        var lines = toolchainVersion.split(whereSeparator: \.isNewline).map { "toolchain \($0)" }
        lines.append("configuration \(configuration)")
        lines += flags.map { "flag \($0)" }
        for name in environment.keys.sorted() {
            lines.append(environment[name].flatMap { $0 }.map { "env \(name)=\($0)" } ?? "env \(name) unset")
        }
        return lines
    }
}

/// The action key of one target: the SHA-256 of ``description``, the canonical text of every input of its test
/// result. Its AC entry on the shared cache is `/ac/<key>`.
public struct ActionKey: Sendable, Equatable {
    /// `<package>:<target>`.
    public var id: String
    /// The key: 64 hexadecimal digits.
    public var key: String
    /// The canonical description that was hashed (kept in the outcome record, for `explain`).
    public var description: String
    /// Whether the resolved versions of its package's external dependencies are known (``ResolvedPins``); a key
    /// without them is neither looked up nor shared.
    public var isResolved = true
    /// The own part (the lines hashed into its `dependency` line's digest) of every target it reaches, by id, so
    /// `explain` can say what changed inside a dependency.
    public var dependencyParts: [String: String] = [:]
}

/// Computes ``ActionKey``s: for each target, the SHA-256 (libcrypto) of a canonical description of its inputs.
///
/// The description holds the format version, the ``ActionKeyInputs``, the package path and target name, every
/// manifest file of the package (`Package.swift`, `Package@swift-*.swift`) with the SHA-256 of its content, the
/// pins SwiftPM resolved for it (identity, version, revision; see ``ResolvedPins``), every file under the target's
/// directory (path
/// relative to the repository root, SHA-256 of its content; a symbolic link as its link text, as git stores it),
/// and for each target it reaches through the graph the digest of that target's own part. Paths are
/// repository-relative and lists sorted, so neither the checkout's location, the user, nor the order of the
/// environment reaches a key.
public struct ActionKeyBuilder: Sendable {
    /// The version of the description; a new version changes every key.
    public static let formatVersion = 1

    private let inputs: ActionKeyInputs

    /// Creates a builder for one run's `inputs`.
    public init(inputs: ActionKeyInputs) {
        self.inputs = inputs
    }

    /// The keys of every target of `scan`, by id.
    func keys(scan: RepositoryScan, graph: TargetGraph) -> [String: ActionKey] {
        let nested = Set(scan.packagePaths)
        let needingPins = ResolvedPins.packagesNeedingPins(scan)
        var packageLines: [String: [String]] = [:]
        var unresolved: Set<String> = []
        for package in scan.packages {
            let pins = ResolvedPins.lines(
                package: package.path, root: scan.root, needed: needingPins.contains(package.path))
            if pins == nil {
                unresolved.insert(package.path)
            }
            packageLines[package.path] =
                Self.manifestLines(package: package.path, root: scan.root) + (pins ?? ["resolved unknown"])
        }
        var own: [TargetRef: (text: String, digest: String)] = [:]
        for node in graph.nodes {
            var lines = ["package \(node.ref.package)", "target \(node.ref.target) \(node.type)"]
            lines += packageLines[node.ref.package] ?? []
            for file in ContentHasher.files(
                under: node.directory, root: scan.root, packages: nested, ignore: scan.configuration.ignore)
            {
                lines.append(Self.fileLine(file, root: scan.root))
            }
            let text = lines.joined(separator: "\n") + "\n"
            own[node.ref] = (text, BlobDigest.sha256(text))
        }
        let header = (["modules action key \(Self.formatVersion)"] + inputs.lines).joined(separator: "\n") + "\n"
        var result: [String: ActionKey] = [:]
        for node in graph.nodes {
            let closure = ContentHasher.closure(of: node.ref, in: graph)
            let dependencies = closure.map { "dependency \($0) \(own[$0]?.digest ?? "-")" }
            let text = header + (own[node.ref]?.text ?? "") + dependencies.map { $0 + "\n" }.joined()
            let id = node.ref.description
            result[id] = ActionKey(
                id: id, key: BlobDigest.sha256(text), description: text,
                isResolved: !unresolved.contains(node.ref.package),
                dependencyParts: Dictionary(closure.map { ($0.description, own[$0]?.text ?? "") }) { first, _ in first }
            )
        }
        return result
    }

    /// `file PATH SHA256`, `link PATH SHA256-of-link-text` or `file PATH unreadable`.
    static func fileLine(_ path: String, root: URL) -> String {
        let url = RepoPath.url(path, in: root)
        if let target = try? FileManager().destinationOfSymbolicLink(atPath: url.path) {
            return "link \(path) \(BlobDigest.sha256(target))"
        }
        guard let data = try? Data(contentsOf: url) else { return "file \(path) unreadable" }
        return "file \(path) \(BlobDigest.sha256(data))"
    }

    /// The package's manifest files with their digests.
    static func manifestLines(package: String, root: URL) -> [String] {
        let directory = RepoPath.url(package, in: root)
        let names = ((try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []).filter {
            $0 == "Package.swift" || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
        }.sorted()
        return names.map { fileLine(package == "." ? $0 : "\(package)/\($0)", root: root) }
    }

    /// `pin IDENTITY VERSION REVISION` for each pin of a `Package.resolved` (versions 1 to 3), sorted; `nil` when
    /// the file cannot be read as one.
    static func pins(_ data: Data) -> [String]? {
        guard let object = try? JSONSerialization.jsonObject(with: data) as? [String: Any] else { return nil }
        let list =
            (object["pins"] as? [[String: Any]])
            ?? ((object["object"] as? [String: Any])?["pins"] as? [[String: Any]])
        guard let list else { return nil }
        return list.map { pin in
            let identity = (pin["identity"] as? String) ?? (pin["package"] as? String) ?? "?"
            let state = pin["state"] as? [String: Any] ?? [:]
            let version = state["version"] as? String ?? (state["branch"] as? String).map { "branch:\($0)" } ?? "-"
            return "pin \(identity.lowercased()) \(version) \(state["revision"] as? String ?? "-")"
        }.sorted()
    }
}
