import Foundation

/// What a change affects: the targets and packages whose files changed, and every target and package that
/// depends on them, each with the reasons it is included. The JSON form of `modules affected` (schema version 1).
///
/// Files map to the innermost package whose directory holds them, then to the target whose directory holds them.
/// A package file outside every target (its manifest, fixtures) changes every target of the package; a Markdown
/// file outside every target changes nothing (it is listed under `ignoredFiles`). A file matching
/// `affectsEverything` of `modules.json` (by default `Makefile`, `modules.json`, `.swift-format`, …) selects
/// every package. Dependents are found on the target graph (test targets included), so a change to a package's
/// tests alone affects no other package.
public struct AffectedReport: Sendable, Equatable, Encodable {
    /// The version of this JSON shape.
    public static let currentSchemaVersion = 1

    /// A package and why it is included.
    public struct Package: Sendable, Equatable, Encodable {
        /// The package's repository-relative path.
        public var package: String
        /// True when files of the package changed (not only what it depends on).
        public var changed: Bool
        /// `changed: Core/Networking/Sources/…`, `depends on Features/Feed → Core/Networking`, or
        /// `changed: Makefile (affects every package)`.
        public var reasons: [String]
    }

    /// A target and why it is included.
    public struct Target: Sendable, Equatable, Encodable {
        /// `<package>:<target>`.
        public var id: String
        /// The package's repository-relative path.
        public var package: String
        /// The target's name.
        public var target: String
        /// Whether it is test code.
        public var testCode: Bool
        /// `changed: …` or `depends on <package>:<target>`.
        public var reasons: [String]
    }

    /// A changed file that affects nothing.
    public struct IgnoredFile: Sendable, Equatable, Encodable {
        /// The repository-relative path.
        public var file: String
        /// Why it affects nothing.
        public var reason: String
    }

    /// The version of this JSON shape.
    public var schemaVersion = AffectedReport.currentSchemaVersion
    /// The repository root (absolute path).
    public var repository: String
    /// The revision given with `--base`.
    public var base: String
    /// The commit the working tree was compared with.
    public var mergeBase: String
    /// Every changed file.
    public var changedFiles: [String]
    /// True when a changed file affects every package.
    public var everything: Bool
    /// How many packages the repository has.
    public var packageCount: Int
    /// The affected packages, in repository order.
    public var packages: [Package]
    /// The affected targets, in repository order.
    public var targets: [Target]
    /// Changed files that affect nothing.
    public var ignoredFiles: [IgnoredFile]
    /// Changed files outside every package that no `owners` glob of `modules.json` maps to a package (an Xcode
    /// app's sources, a top-level folder): what they affect is unknown, so they are listed, never dropped.
    public var notInAnyPackage: [String]

    /// Works out what `changes` affect in `scan`.
    init(changes: ChangeSet, scan: RepositoryScan, graph: TargetGraph) {
        repository = scan.root.path
        base = changes.base
        mergeBase = changes.mergeBase
        changedFiles = changes.files
        packageCount = scan.packagePaths.count
        ignoredFiles = []
        notInAnyPackage = []
        let configuration = scan.configuration
        let global = changes.files.filter { configuration.affectsEverything.anyMatches($0) }
        everything = !global.isEmpty
        if everything {
            let reasons = global.map { "changed: \($0) (affects every package)" }
            packages = scan.packagePaths.map { Package(package: $0, changed: true, reasons: reasons) }
            targets = graph.nodes.map { Self.target($0, reasons: reasons) }
            return
        }
        var targetReasons: [TargetRef: [String]] = [:]
        var packageFiles: [String: [String]] = [:]
        let known = Set(scan.packagePaths)
        let toolFiles: Set<String> = [ModulesConfiguration.fileName, configuration.baseline]
        for file in changes.files {
            if let rule = configuration.owners.first(where: { $0.glob.matches(file) }) {
                for package in rule.packages where known.contains(package) {
                    packageFiles[package, default: []].append(file)
                    for node in graph.nodes where node.ref.package == package {
                        targetReasons[node.ref, default: []].append("changed: \(file) (owners: \(rule.glob.pattern))")
                    }
                }
                continue
            }
            if configuration.isIgnored(file) {
                ignoredFiles.append(IgnoredFile(file: file, reason: "matches ignore (modules.json); builds nothing"))
                continue
            }
            if toolFiles.contains(file) {
                ignoredFiles.append(IgnoredFile(file: file, reason: "the modules tool's configuration; builds nothing"))
                continue
            }
            let owner = Self.owner(of: file, among: scan.packagePaths)
            guard known.contains(owner) else {
                if file.hasSuffix(".md") {
                    ignoredFiles.append(IgnoredFile(file: file, reason: "documentation outside every package"))
                } else {
                    notInAnyPackage.append(file)
                }
                continue
            }
            if ModulesConfiguration.isInXcodeProject(file) {
                ignoredFiles.append(
                    IgnoredFile(file: file, reason: "an Xcode project inside a package; builds nothing"))
                continue
            }
            let nodes = graph.nodes.filter { $0.ref.package == owner }
            if let node = nodes.filter({ Self.contains($0.directory, file) }).max(by: {
                $0.directory.count < $1.directory.count
            }) {
                targetReasons[node.ref, default: []].append("changed: \(file)")
            } else if file.hasSuffix(".md") {
                ignoredFiles.append(IgnoredFile(file: file, reason: "documentation outside every target"))
            } else {
                packageFiles[owner, default: []].append(file)
                for node in nodes {
                    targetReasons[node.ref, default: []].append("changed: \(file)")
                }
            }
        }
        let changedTargets = Set(targetReasons.keys)
        for (ref, edge) in graph.dependents(of: changedTargets) {
            targetReasons[ref] = ["depends on \(edge.to)" + (edge.product.map { " (product \($0))" } ?? "")]
        }
        targets = graph.nodes.compactMap { node in
            targetReasons[node.ref].map { Self.target(node, reasons: $0) }
        }
        var via: [String: String] = [:]
        var reasonsByPackage: [String: [String]] = packageFiles.mapValues { $0.map { "changed: \($0)" } }
        for ref in changedTargets.sorted() {
            reasonsByPackage[ref.package, default: []] += targetReasons[ref] ?? []
        }
        for (ref, edge) in graph.dependents(of: changedTargets).sorted(by: { $0.key < $1.key })
        where edge.to.package != ref.package && via[ref.package] == nil && reasonsByPackage[ref.package] == nil {
            via[ref.package] = edge.to.package
        }
        for (package, dependency) in via {
            var chain = [dependency]
            while let next = via[chain[chain.count - 1]], !chain.contains(next), chain.count < 64 {
                chain.append(next)
            }
            reasonsByPackage[package] = ["depends on " + chain.joined(separator: " → ")]
        }
        for ref in targetReasons.keys where reasonsByPackage[ref.package] == nil {
            reasonsByPackage[ref.package] = targetReasons[ref]  // NB: a dependent inside its own package only.
        }
        packages = scan.packagePaths.compactMap { path in
            reasonsByPackage[path].map { reasons in
                var unique: [String] = []
                for reason in reasons where !unique.contains(reason) {
                    unique.append(reason)
                }
                return Package(package: path, changed: via[path] == nil, reasons: unique)
            }
        }
    }

    /// The repository-relative paths of the affected packages.
    public var packagePaths: [String] { packages.map(\.package) }

    private static func target(_ node: TargetNode, reasons: [String]) -> Target {
        Target(
            id: node.ref.description, package: node.ref.package, target: node.ref.target,
            testCode: node.isTestCode, reasons: reasons)
    }

    /// The innermost package whose directory holds `file` (`.` when none does).
    static func owner(of file: String, among packages: [String]) -> String {
        packages.filter { $0 != "." && contains($0, file) }.max { $0.count < $1.count } ?? "."
    }

    /// True when `file` is `directory` or lies below it.
    static func contains(_ directory: String, _ file: String) -> Bool {
        directory == "." || file == directory || file.hasPrefix(directory + "/")
    }
}
