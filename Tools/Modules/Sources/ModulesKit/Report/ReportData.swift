import Foundation

/// The one JSON document the HTML report of `modules report --html` is drawn from (schema version 1, documented in
/// the README of Tools/Modules, "The report's data"). The page embeds it in a `<script type="application/json">`
/// element and reads nothing else.
///
/// It comes from a repository (``ReportBuilder``), from ``SyntheticGraph`` (`--synthetic-graph N`), or from a file
/// another program wrote (`--data FILE`): any generator that writes this shape can be shown. Positions (``Node/x``,
/// ``Node/y``, ``Node/width``, ``layout``) are always recomputed by ``ReportLayout`` before the page is written, so
/// an input document may leave them out.
public struct ReportData: Sendable, Equatable, Codable {
    /// The version of this shape: a field changes meaning or disappears only with a new version.
    public static let currentSchemaVersion = 1

    /// A layer of `modules.json`, top first.
    public struct Layer: Sendable, Equatable, Codable {
        /// The layer's name.
        public var name: String
        /// Its position, 0 for the top layer.
        public var index: Int
    }

    /// A package (or, at target level, a target): one box of the graph.
    public struct Node: Sendable, Equatable, Codable {
        /// A stable id: the package path (`Core/Networking`, `.`), or `<package>:<target>` at target level.
        public var id: String
        /// The manifest's package name, or the target name.
        public var name: String
        /// The package's repository-relative path (its own id at package level).
        public var package: String
        /// The layer's name, or `nil` when none matches.
        public var layer: String?
        /// At target level: SwiftPM's target type (`regular`, `test`, …).
        public var type: String?
        /// The box's text (set by ``ReportLayout``: the package path, or the target's name, cut to 36 characters).
        public var label: String?
        /// The box's left edge in the graph, in CSS pixels (set by ``ReportLayout``).
        public var x: Double?
        /// The box's top edge, in CSS pixels (set by ``ReportLayout``).
        public var y: Double?
        /// The box's width, in CSS pixels (set by ``ReportLayout``).
        public var width: Double?

        /// Creates a node without a position.
        public init(id: String, name: String, package: String, layer: String?, type: String? = nil) {
            self.id = id
            self.name = name
            self.package = package
            self.layer = layer
            self.type = type
        }
    }

    /// A target of the depending node that declares the dependency, from its manifest.
    public struct Use: Sendable, Equatable, Codable {
        /// The depending target.
        public var target: String
        /// The product (or, inside one package, the target) it names.
        public var product: String?
        /// Whether the target is test code.
        public var testCode: Bool
        /// The repository-relative manifest holding the declaration.
        public var manifest: String
        /// The 1-based line of the `.product(…)` reference (or of the dependency), when found by text.
        public var line: Int?
    }

    /// A source `import` that makes the dependency real, from the import scan.
    public struct Import: Sendable, Equatable, Codable {
        /// The importing target.
        public var target: String
        /// The repository-relative source file.
        public var file: String
        /// The 1-based line of the `import`.
        public var line: Int
        /// The module imported.
        public var module: String
    }

    /// A dependency between two nodes, with what creates it.
    public struct Edge: Sendable, Equatable, Codable {
        /// The depending node's id.
        public var from: String
        /// The id of the node depended on.
        public var to: String
        /// True when only test code uses it.
        public var testOnly: Bool
        /// The targets that declare it (empty for a declared dependency no target uses).
        public var uses: [Use]
        /// The source imports that use it (empty when imports were not read, or when nothing imports it).
        public var imports: [Import]
    }

    /// A node that a change affects.
    public struct AffectedNode: Sendable, Equatable, Codable {
        /// The node's id.
        public var id: String
        /// True when its own files changed (not only something it depends on).
        public var changed: Bool
        /// `changed: …`, `depends on …`, as `modules affected` says.
        public var reasons: [String]
    }

    /// What a diff affects (`--base REF`).
    public struct Affected: Sendable, Equatable, Codable {
        /// The revision given.
        public var base: String
        /// The commit compared with (the merge base of `base` and `HEAD`).
        public var mergeBase: String
        /// How many files changed.
        public var changedFileCount: Int
        /// The affected nodes, in graph order.
        public var nodes: [AffectedNode]
    }

    /// One measurement of a module.
    public struct Point: Sendable, Equatable, Codable {
        /// What the point is called on the chart's axis: a short commit, `working tree`, `last modules test`.
        public var label: String
        /// The commit measured, when the record says it.
        public var commit: String?
        /// When it was recorded (ISO 8601), when known.
        public var time: String?
        /// Seconds.
        public var seconds: Double
        /// Where it comes from: `durations` (`.build/modules/durations.json`), `junit` (the JUnit files of
        /// `modules test`), `build-times` (a saved `build-times --json`), `history` (the history store), or
        /// `synthetic`.
        public var source: String
    }

    /// One module's measurements of one metric, oldest first.
    public struct Series: Sendable, Equatable, Codable {
        /// The node id the series belongs to (a package path; at target level the page falls back to the
        /// target's package).
        public var module: String
        /// `build` (clean build), `incremental`, `test` (the test run), or `buildAndTest` (`modules test`'s
        /// build and test of the package).
        public var metric: String
        /// The points, oldest first.
        public var points: [Point]
    }

    /// A test that failed and then passed with nothing changed.
    public struct FlakyTest: Sendable, Equatable, Codable {
        /// The node id (package path) of the test's package.
        public var module: String
        /// The test: `Suite/name()` as the JUnit file spells it.
        public var test: String
        /// How many failed attempts before it passed.
        public var failures: Int
        /// The first failure's message.
        public var message: String?
        /// Where it comes from (`junit`, `synthetic`).
        public var source: String
    }

    /// A lint finding, as `modules lint` reports it.
    public struct Finding: Sendable, Equatable, Codable {
        /// The rule id (`transitive-import`).
        public var rule: String
        /// `error` or `warning`.
        public var severity: String
        /// The node id the finding belongs to.
        public var module: String
        /// The other node involved, when there is one.
        public var other: String?
        /// The target involved.
        public var target: String?
        /// `file:line` (or the manifest).
        public var location: String
        /// The finding's sentence.
        public var message: String
    }

    /// The graph's size once laid out, in CSS pixels, and where each layer's band is.
    public struct Layout: Sendable, Equatable, Codable {
        /// A layer's horizontal band.
        public struct Band: Sendable, Equatable, Codable {
            /// The layer's name (`(no layer)` for the nodes in none).
            public var layer: String
            /// The band's top edge.
            public var y: Double
            /// The band's height.
            public var height: Double
        }

        /// The graph's width.
        public var width: Double
        /// The graph's height.
        public var height: Double
        /// A box's height.
        public var nodeHeight: Double
        /// The layer bands, top first.
        public var bands: [Band]
    }

    /// The version of this shape.
    public var schemaVersion = ReportData.currentSchemaVersion
    /// The report's title (the repository's directory name).
    public var title: String
    /// Where the data comes from: `repository`, `synthetic` or `data`.
    public var origin: String
    /// The repository root (absolute path), when there is one.
    public var repository: String?
    /// The commit checked out when the report was made.
    public var commit: String?
    /// When the report was made (ISO 8601).
    public var generatedAt: String
    /// `packages` or `targets`.
    public var level: String
    /// The layers, top first.
    public var layers: [Layer]
    /// The nodes, by layer (top first), then by id.
    public var nodes: [Node]
    /// The edges, by `from`, then `to`.
    public var edges: [Edge]
    /// What `--base REF` affects, or `nil` without `--base`.
    public var affected: Affected?
    /// Timing series: every metric of every module with a record. History records go here too (source
    /// `history`), so the page needs no change when they come.
    public var series: [Series]
    /// Flaky tests, when records exist.
    public var flaky: [FlakyTest]
    /// Lint findings (empty when lint was not run: `notes` says so).
    public var findings: [Finding]
    /// Sentences about what the report could not show and why (no timing records, lint not run, …).
    public var notes: [String]
    /// Set by ``ReportLayout``.
    public var layout: Layout?
}
