import Foundation

/// One target of a repository package, with where its files are and the module it compiles to.
public struct TargetNode: Sendable, Equatable {
    /// The package and target name.
    public var ref: TargetRef
    /// SwiftPM's target type: `regular`, `executable`, `test`, `system`, `binary`, `plugin`, `macro`.
    public var type: String
    /// The module name.
    public var module: String
    /// The repository-relative directory of its files.
    public var directory: String
    /// Test code: a test target, or a target only test-only products export (see the README's lint rules).
    public var isTestCode: Bool
    /// The manifest's view of the target (sources, exclusions, defines).
    public var manifest: PackageManifest.Target
    /// The package's language mode.
    public var languageMode: String

    /// How the compiler must parse the target's sources.
    public var importSettings: ImportScanner.Settings {
        ImportScanner.Settings(
            module: module, defines: manifest.defines, languageMode: languageMode,
            upcomingFeatures: manifest.upcomingFeatures)
    }

    /// The repository-relative paths of its Swift files, sorted.
    public func swiftFiles(root: URL) -> [String] {
        TargetLayout(directory: directory, module: module).swiftFiles(of: manifest, root: root)
    }
}

/// The repository's targets and their dependencies on each other, across packages: the graph that import checks,
/// `graph --targets` and `affected` work on. Built from a scan; a dependency on a product becomes one edge to each
/// target of the product.
struct TargetGraph {
    /// The package-level graph it was built from (edges with their uses, resolution findings).
    let packages: PackageGraph
    /// Every target of every loaded package, in package order then manifest order.
    let nodes: [TargetNode]
    /// The target-level edges.
    let edges: [TargetEdge]
    private let byRef: [TargetRef: TargetNode]
    private let byModule: [String: TargetNode]
    /// Every target of a module name, where two packages that are never in one graph both have it.
    private let sharedModules: [String: [TargetNode]]
    private let outgoing: [TargetRef: [TargetEdge]]

    init(scan: RepositoryScan) {
        self.init(scan: scan, packages: PackageGraph(scan: scan))
    }

    init(scan: RepositoryScan, packages: PackageGraph) {
        self.packages = packages
        var nodes: [TargetNode] = []
        for package in scan.packages {
            for target in package.manifest.targets {
                let layout = TargetLayout(target: target, package: package.path, root: scan.root)
                nodes.append(
                    TargetNode(
                        ref: TargetRef(package: package.path, target: target.name),
                        type: target.type,
                        module: layout.module,
                        directory: layout.directory,
                        isTestCode: packages.isTestCode(target, in: package.manifest),
                        manifest: target,
                        languageMode: package.manifest.languageMode
                    )
                )
            }
        }
        self.nodes = nodes
        let byRef = Dictionary(nodes.map { ($0.ref, $0) }, uniquingKeysWith: { first, _ in first })
        let edges = packages.targetEdges.filter { byRef[$0.to] != nil }
        self.byRef = byRef
        self.edges = edges
        byModule = Dictionary(nodes.map { ($0.module, $0) }, uniquingKeysWith: { first, _ in first })
        sharedModules = Dictionary(grouping: nodes, by: \.module).filter { $0.value.count > 1 }
        outgoing = Dictionary(grouping: edges, by: \.from)
    }

    /// The node for `ref`.
    func node(_ ref: TargetRef) -> TargetNode? {
        byRef[ref]
    }

    /// The repository target that compiles to `module`.
    func owner(ofModule module: String) -> TargetNode? {
        byModule[module]
    }

    /// The repository target that compiles to `module` as `importer` sees it: a name two packages share (two
    /// example packages, each with a target `Types`) resolves among the packages in `importer`'s graph (its own
    /// and those it reaches through path dependencies), as SwiftPM resolves it; else the first.
    func owner(ofModule module: String, for importer: TargetRef) -> TargetNode? {
        guard let candidates = sharedModules[module] else { return byModule[module] }
        if let own = candidates.first(where: { $0.ref.package == importer.package }) { return own }
        let outgoing = Dictionary(grouping: packages.edges, by: \.from)
        var seen: Set<String> = [importer.package]
        var queue = [importer.package]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in outgoing[current] ?? [] where seen.insert(edge.to).inserted {
                queue.append(edge.to)
            }
        }
        return candidates.first { seen.contains($0.ref.package) } ?? candidates.first
    }

    /// The direct dependencies of `ref`.
    func dependencies(of ref: TargetRef) -> [TargetEdge] {
        outgoing[ref] ?? []
    }

    /// The shortest dependency path from `start` to `goal` (both included), or `nil` when `goal` is not reachable;
    /// with `platform`, only through dependencies that are there when building for it (their `.when(platforms:)`).
    func path(from start: TargetRef, to goal: TargetRef, on platform: String? = nil) -> [TargetRef]? {
        var previous: [TargetRef: TargetRef] = [:]
        var queue = [start]
        var head = 0
        var seen: Set<TargetRef> = [start]
        while head < queue.count {
            let current = queue[head]
            head += 1
            if current == goal {
                var path = [goal]
                var cursor = goal
                while let before = previous[cursor] {
                    path.append(before)
                    cursor = before
                }
                return path.reversed()
            }
            for edge in dependencies(of: current)
            where platform.map(edge.isAvailable) ?? true && seen.insert(edge.to).inserted {
                previous[edge.to] = current
                queue.append(edge.to)
            }
        }
        return nil
    }

    /// Every target that depends on one of `targets`, directly or not, with the edge that brought it in (for
    /// explaining why it is included). The `targets` themselves are not in the result.
    func dependents(of targets: Set<TargetRef>) -> [TargetRef: TargetEdge] {
        var incoming: [TargetRef: [TargetEdge]] = [:]
        for edge in edges {
            incoming[edge.to, default: []].append(edge)
        }
        var reason: [TargetRef: TargetEdge] = [:]
        var queue = targets.sorted()
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in (incoming[current] ?? []).sorted(by: { $0.from < $1.from })
            where !targets.contains(edge.from) && reason[edge.from] == nil {
                reason[edge.from] = edge
                queue.append(edge.from)
            }
        }
        return reason
    }
}
