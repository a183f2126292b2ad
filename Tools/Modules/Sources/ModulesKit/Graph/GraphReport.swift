import Foundation

/// The repository's dependency graph as `modules graph` prints it: packages (or targets) with their layers, and
/// the dependencies between them. Its JSON form is versioned (see ``currentSchemaVersion``) and documented in the
/// README of Tools/Modules.
public struct GraphReport: Sendable, Equatable, Encodable {
    /// The version of the JSON shape: a field changes meaning or disappears only with a new version.
    public static let currentSchemaVersion = 1

    /// Whether the nodes are packages or targets.
    public enum Level: String, Sendable, Encodable {
        /// One node per package; an edge per path dependency.
        case packages
        /// One node per target; an edge per target dependency (a product dependency gives one edge per target of
        /// the product).
        case targets
    }

    /// A layer of `modules.json`, top first.
    public struct Layer: Sendable, Equatable, Encodable {
        /// The layer's name.
        public var name: String
        /// Its position, 0 for the top layer.
        public var index: Int
    }

    /// A package or a target.
    public struct Node: Sendable, Equatable, Encodable {
        /// A stable id: the package path (`Core/Networking`, `.`), or `<package>:<target>` at target level.
        public var id: String
        /// The package's repository-relative path.
        public var package: String
        /// The manifest's package name, or the target name.
        public var name: String
        /// The layer's name, or `nil` when none matches.
        public var layer: String?
        /// At target level: SwiftPM's target type.
        public var type: String?
        /// At target level: the module name.
        public var module: String?
        /// At target level: whether it is test code.
        public var testCode: Bool?
    }

    /// A dependency.
    public struct Edge: Sendable, Equatable, Encodable {
        /// The depending node's id.
        public var from: String
        /// The id of the node depended on.
        public var to: String
        /// At package level: the targets of `from` that use `to` (empty for a declared, unused dependency).
        public var targets: [String]?
        /// At target level: the product named, for an edge into another package.
        public var product: String?
        /// True when only test code uses the dependency.
        public var testOnly: Bool
    }

    /// The version of this JSON shape.
    public var schemaVersion = GraphReport.currentSchemaVersion
    /// The repository root (absolute path).
    public var repository: String
    /// Packages or targets.
    public var level: Level
    /// The layers, top first.
    public var layers: [Layer]
    /// The nodes, by layer (top first), then by id.
    public var nodes: [Node]
    /// The edges, by `from`, then `to`.
    public var edges: [Edge]
    /// The platform the graph is drawn for (`graph --platform`): dependencies whose `.when(platforms:)` leaves it
    /// out are not edges; absent: every dependency, whatever its condition.
    public var platform: String?

    /// Builds the graph of `scan` at `level`, for every platform or (with `platform`) for one.
    init(scan: RepositoryScan, graph: TargetGraph, level: Level, platform: String? = nil) {
        let configuration = scan.configuration
        repository = scan.root.path
        self.level = level
        self.platform = platform
        let available = { (platforms: [String]?) in platform.map { platforms?.contains($0) ?? true } ?? true }
        layers = configuration.layers.enumerated().map { Layer(name: $1.name, index: $0) }
        let layerOf = { (path: String) in configuration.layerIndex(of: path) }
        switch level {
        case .packages:
            nodes = scan.packages.map { package in
                Node(
                    id: package.path, package: package.path, name: package.manifest.name,
                    layer: layerOf(package.path).map { configuration.layers[$0].name })
            }
            edges = graph.packages.edges.compactMap { edge in
                // NB: a declared dependency no target uses is an edge on every platform.
                let uses = edge.uses.filter { available($0.platforms) }
                guard !uses.isEmpty || edge.uses.isEmpty else { return nil }
                return Edge(
                    from: edge.from, to: edge.to, targets: Array(Set(uses.map(\.target))).sorted(),
                    product: nil, testOnly: !uses.isEmpty && uses.allSatisfy(\.isTestCode))
            }
        case .targets:
            nodes = graph.nodes.map { node in
                let index = configuration.targetLayerIndex(of: node.ref.target) ?? layerOf(node.ref.package)
                return Node(
                    id: node.ref.description, package: node.ref.package, name: node.ref.target,
                    layer: index.map { configuration.layers[$0].name }, type: node.type, module: node.module,
                    testCode: node.isTestCode)
            }
            edges = graph.edges.filter { available($0.platforms) }.map { edge in
                Edge(
                    from: edge.from.description, to: edge.to.description, targets: nil, product: edge.product,
                    testOnly: graph.node(edge.from)?.isTestCode ?? false)
            }
        }
        let order = Dictionary(layers.map { ($0.name, $0.index) }) { first, _ in first }
        nodes.sort { lhs, rhs in
            (lhs.layer.flatMap { order[$0] } ?? Int.max, lhs.id) < (rhs.layer.flatMap { order[$0] } ?? Int.max, rhs.id)
        }
        var seen: Set<String> = []
        edges = edges.sorted { ($0.from, $0.to) < ($1.from, $1.to) }.filter {
            seen.insert("\($0.from)→\($0.to)").inserted
        }
    }

    /// The nodes grouped by layer, top first; nodes in no layer come last under `nil`.
    var nodesByLayer: [(layer: String?, nodes: [Node])] {
        var groups: [(String?, [Node])] = layers.map { layer in (layer.name, nodes.filter { $0.layer == layer.name }) }
        groups.append((nil, nodes.filter { $0.layer == nil }))
        return groups.filter { !$0.1.isEmpty }
    }
}
