import Foundation

/// Turns what the other commands compute for a repository (the graph of `graph`, the findings of `lint`, the
/// affected set of `affected`, the import scan, the timing records) into the report's ``ReportData``.
struct ReportBuilder {
    let scan: RepositoryScan
    let graph: TargetGraph
    let level: GraphReport.Level

    /// What goes into the report besides the graph.
    struct Inputs {
        var imports: [ImportEvidence.Entry]?
        var lint: LintReport?
        var affected: AffectedReport?
        var timings: ReportTimings
        var commit: String?
        var generatedAt: Date
    }

    func data(_ inputs: Inputs) -> ReportData {
        let report = GraphReport(scan: scan, graph: graph, level: level)
        let nodes = report.nodes.map { node in
            ReportData.Node(
                id: node.id, name: node.name, package: node.package, layer: node.layer,
                type: level == .targets ? node.type : nil)
        }
        let ids = Set(nodes.map(\.id))
        let imports = Dictionary(grouping: inputs.imports ?? []) { entry in
            level == .packages
                ? "\(entry.importer.package)→\(entry.owner.package)" : "\(entry.importer)→\(entry.owner)"
        }
        let declared = Dictionary(graph.packages.edges.map { ("\($0.from)→\($0.to)", $0) }) { first, _ in first }
        let targetEdges = Dictionary(grouping: graph.edges) { "\($0.from)→\($0.to)" }
        let edges = report.edges.map { edge in
            ReportData.Edge(
                from: edge.from, to: edge.to, testOnly: edge.testOnly,
                uses: uses(
                    of: edge, declared: declared["\(edge.from)→\(edge.to)"],
                    targetEdges: targetEdges["\(edge.from)→\(edge.to)"] ?? []),
                imports: (imports["\(edge.from)→\(edge.to)"] ?? []).map {
                    ReportData.Import(target: $0.importer.target, file: $0.file, line: $0.line, module: $0.module)
                })
        }
        var notes = inputs.timings.notes
        if inputs.imports == nil {
            notes.append("Imports were not read (--no-imports): edges list the manifests' targets only.")
        }
        if inputs.lint == nil {
            notes.append("Lint was not run (--no-lint).")
        }
        if inputs.affected == nil {
            notes.append("No affected set: pass --base REF to highlight what a diff affects.")
        }
        let moduleOf = { (package: String, target: String?) -> String in
            guard self.level == .targets, let target, ids.contains("\(package):\(target)") else { return package }
            return "\(package):\(target)"
        }
        return ReportData(
            title: scan.root.lastPathComponent, origin: "repository", repository: scan.root.path,
            commit: inputs.commit, generatedAt: ISO8601DateFormatter().string(from: inputs.generatedAt),
            level: level.rawValue, layers: report.layers.map { .init(name: $0.name, index: $0.index) },
            nodes: nodes, edges: edges, affected: inputs.affected.map { affected($0) },
            series: inputs.timings.series, flaky: inputs.timings.flaky,
            findings: (inputs.lint?.findings ?? []).map { finding in
                ReportData.Finding(
                    rule: finding.rule.rawValue, severity: finding.severity.rawValue,
                    module: moduleOf(finding.package, finding.target), other: finding.otherPackage,
                    target: finding.target, location: finding.location, message: finding.message)
            },
            notes: notes)
    }

    /// The targets that declare `edge`, from the manifests: the package edge's uses, or the target edges.
    private func uses(
        of edge: GraphReport.Edge, declared: DependencyEdge?, targetEdges: [TargetEdge]
    ) -> [ReportData.Use] {
        switch level {
        case .packages:
            let manifest = LayeringRules.manifestPath(of: edge.from)
            return (declared?.uses ?? []).map {
                ReportData.Use(
                    target: $0.target, product: $0.product, testCode: $0.isTestCode, manifest: manifest,
                    line: $0.line ?? declared?.declarationLine)
            }
        case .targets:
            return targetEdges.map {
                ReportData.Use(
                    target: $0.from.target, product: $0.product ?? $0.to.target,
                    testCode: graph.node($0.from)?.isTestCode ?? false,
                    manifest: LayeringRules.manifestPath(of: $0.from.package), line: $0.line)
            }
        }
    }

    private func affected(_ report: AffectedReport) -> ReportData.Affected {
        let nodes: [ReportData.AffectedNode] =
            level == .packages
            ? report.packages.map { .init(id: $0.package, changed: $0.changed, reasons: $0.reasons) }
            : report.targets.map {
                .init(id: $0.id, changed: $0.reasons.contains { $0.hasPrefix("changed:") }, reasons: $0.reasons)
            }
        return ReportData.Affected(
            base: report.base, mergeBase: report.mergeBase, changedFileCount: report.changedFiles.count, nodes: nodes)
    }
}
