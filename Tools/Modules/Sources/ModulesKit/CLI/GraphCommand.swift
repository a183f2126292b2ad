/// `modules graph`: the package graph (or the target graph), by layer, as text, Mermaid, Graphviz or JSON.
enum GraphCommand {
    static let spec = CommandSpec(
        name: "graph",
        summary: "Print the package (or target) graph by layer: text, Mermaid, Graphviz dot or JSON.",
        synopsis: "graph [--targets] [--platform P] [--format text|mermaid|dot|json] [--repo DIR]",
        options: Command.commonOptions([.text, .mermaid, .dot, .json]) + [
            OptionSpec("--targets", help: "one node per target (the default for a repository of one package)"),
            OptionSpec(
                "--platform", value: "P",
                help: "only the dependencies there when building for P (SwiftPM's names: linux, macos, ios, windows, …)"
            ),
        ],
        positionals: nil,
        details: """
            Layers come from modules.json, top first. A dashed edge (Mermaid -.->, dot style=dashed, JSON
            "testOnly": true) is used only by test code. The JSON shape is versioned (schemaVersion) and documented
            in the README of Tools/Modules.
            """,
        formats: [.text, .mermaid, .dot, .json]
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        let scan = try await context.scan()
        let level: GraphReport.Level =
            arguments.has("--targets") || scan.isSinglePackage ? .targets : .packages
        let platform = arguments.value("--platform")?.lowercased()
        if let platform, !ImportScanner.Settings.platformNames.contains(platform) {
            throw UsageError(
                message: "unknown platform '\(platform)' (use one of "
                    + ImportScanner.Settings.platformNames.sorted().joined(separator: ", ") + ")")
        }
        let report = GraphReport(scan: scan, graph: TargetGraph(scan: scan), level: level, platform: platform)
        let output = context.environment.output
        switch context.format {
        case .json: try context.writeJSON(report)
        case .mermaid: output.write(mermaid(report))
        case .dot: output.write(dot(report))
        default: output.write(text(report))
        }
        return context.warnAboutManifestFailures(scan)
    }

    static func text(_ report: GraphReport) -> String {
        let outgoing = Dictionary(grouping: report.edges, by: \.from)
        var lines: [String] = []
        for (layer, nodes) in report.nodesByLayer {
            lines.append(layer ?? "(no layer)")
            for node in nodes {
                let targets = (outgoing[node.id] ?? []).map { $0.to + ($0.testOnly ? " (tests)" : "") }
                let label = report.level == .packages ? "\(node.id) (\(node.name))" : node.id
                lines.append("  \(label)" + (targets.isEmpty ? "" : " → " + targets.joined(separator: ", ")))
            }
        }
        let noun = report.level == .packages ? "package" : "target"
        lines.append(
            "\(report.nodes.count) \(noun)\(report.nodes.count == 1 ? "" : "s"), \(report.edges.count) "
                + "dependenc\(report.edges.count == 1 ? "y" : "ies")" + (report.platform.map { " on \($0)" } ?? ""))
        return lines.joined(separator: "\n") + "\n"
    }

    static func mermaid(_ report: GraphReport) -> String {
        var ids: [String: String] = [:]
        for (index, node) in report.nodes.enumerated() {
            ids[node.id] = "n\(index)"
        }
        var lines = ["graph TD"]
        for (layer, nodes) in report.nodesByLayer {
            let body = nodes.map { "    \(ids[$0.id] ?? "")[\"\(mermaidText($0.id))\"]" }
            if let layer {
                lines.append("  subgraph \(mermaidIdentifier(layer))[\"\(mermaidText(layer))\"]")
                lines += body
                lines.append("  end")
            } else {
                lines += body.map { String($0.dropFirst(2)) }
            }
        }
        for edge in report.edges {
            lines.append("  \(ids[edge.from] ?? "") \(edge.testOnly ? "-.->" : "-->") \(ids[edge.to] ?? "")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    static func dot(_ report: GraphReport) -> String {
        var lines = ["digraph modules {", "  rankdir=TB;", "  node [shape=box];"]
        for (index, (layer, nodes)) in report.nodesByLayer.enumerated() {
            let body = nodes.map { "    \(dotQuoted($0.id));" }
            if let layer {
                lines.append("  subgraph cluster_\(index) {")
                lines.append("    label=\(dotQuoted(layer));")
                lines += body
                lines.append("  }")
            } else {
                lines += body.map { String($0.dropFirst(2)) }
            }
        }
        for edge in report.edges {
            lines.append(
                "  \(dotQuoted(edge.from)) -> \(dotQuoted(edge.to))\(edge.testOnly ? " [style=dashed]" : "");")
        }
        lines.append("}")
        return lines.joined(separator: "\n") + "\n"
    }

    private static func mermaidText(_ text: String) -> String {
        text.replacingOccurrences(of: "\"", with: "#quot;")
    }

    private static func mermaidIdentifier(_ text: String) -> String {
        "layer_" + String(text.map { $0.isLetter || $0.isNumber ? $0 : "_" })
    }

    private static func dotQuoted(_ text: String) -> String {
        "\"" + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }
}
