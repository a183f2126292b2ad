import Foundation
import Testing

@testable import ModulesKit

/// The report's page and its data: escaping, the layout, the synthetic graph.
@Suite(.timeLimit(.minutes(5))) struct ReportPageTests {
    static let hostile = "</script><script>window.broken = 1</script><!-- \"double\" 'single' & \u{2028}end"

    /// A small data document whose names and paths hold markup and quotes.
    static func hostileData() -> ReportData {
        ReportData(
            title: "title </title><b>", origin: "data", repository: nil, commit: nil,
            generatedAt: "2026-01-01T00:00:00Z", level: "packages", layers: [.init(name: "core", index: 0)],
            nodes: [
                .init(id: "Core/A", name: hostile, package: "Core/A", layer: "core"),
                .init(id: "Core/\(hostile)", name: "B", package: "Core/\(hostile)", layer: nil),
            ],
            edges: [
                .init(
                    from: "Core/A", to: "Core/\(hostile)", testOnly: false, uses: [],
                    imports: [.init(target: "A", file: "Core/A/\(hostile).swift", line: 1, module: hostile)])
            ],
            affected: nil, series: [], flaky: [], findings: [], notes: [hostile])
    }

    @Test func noNameOrPathCanEndTheDataElement() throws {
        let page = try ReportPage.html(Self.hostileData())
        let opening = "<script type=\"application/json\" id=\"\(ReportPage.dataElementID)\">"
        let start = try #require(page.range(of: opening)).upperBound
        let end = try #require(page.range(of: "</script>", range: start..<page.endIndex)).lowerBound
        let embedded = String(page[start..<end])
        #expect(!embedded.contains("<") && !embedded.contains(">") && !embedded.contains("&"))
        #expect(!embedded.contains("\u{2028}"))
        // The page has exactly two script elements: the data and the code, and the code holds no closing tag.
        #expect(page.components(separatedBy: "</script>").count == 3)
        #expect(page.components(separatedBy: "<script").count == 3)
        let decoded = try JSONDecoder().decode(ReportData.self, from: Data(embedded.utf8))
        #expect(decoded.nodes.map(\.name).contains(Self.hostile))
        #expect(decoded.edges.first?.imports.first?.file == "Core/A/\(Self.hostile).swift")
        #expect(decoded.notes == [Self.hostile])
        #expect(decoded.layout != nil)
        #expect(page.contains("<title>title &lt;/title&gt;&lt;b&gt;: modules report</title>"))
        // Self-contained: nothing is loaded from anywhere, and the policy forbids it.
        #expect(page.contains("content=\"default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'"))
        for reference in ["http://", "https://", "src=", "@import", "url("] {
            let outside = page.replacingOccurrences(of: "http://www.w3.org/2000/svg", with: "")
            #expect(!outside.contains(reference), "the page refers to \(reference)")
        }
    }

    @Test func layoutIsDeterministicAndNoBoxesOverlap() throws {
        var first = SyntheticGraph.data(count: 500, generatedAt: Date(timeIntervalSince1970: 0))
        var second = first
        second.nodes.reverse()
        second.edges.reverse()
        ReportLayout.apply(to: &first)
        ReportLayout.apply(to: &second)
        #expect(first.nodes == second.nodes)
        #expect(first.layout == second.layout)
        let layout = try #require(first.layout)
        #expect(layout.bands.map(\.layer) == ["app", "features", "ui", "services", "core", "foundation"])
        let metrics = ReportLayout.Metrics()
        let widest = first.nodes.compactMap(\.width).max() ?? 0
        #expect(layout.width <= metrics.rowWidth + widest + 2 * metrics.margin)
        let bandOf = Dictionary(layout.bands.map { ($0.layer, $0) }) { a, _ in a }
        for row in Dictionary(grouping: first.nodes, by: { $0.y ?? -1 }).values {
            let sorted = row.sorted { ($0.x ?? 0) < ($1.x ?? 0) }
            for (left, right) in zip(sorted, sorted.dropFirst()) {
                #expect((left.x ?? 0) + (left.width ?? 0) + metrics.horizontalGap <= (right.x ?? 0) + 0.2)
            }
            #expect(Set(row.map(\.layer)).count == 1, "a row mixes layers")
        }
        for node in first.nodes {
            let band = try #require(bandOf[node.layer ?? ""])
            let y = try #require(node.y)
            #expect(y >= band.y && y + metrics.nodeHeight <= band.y + band.height, "\(node.id) is outside its band")
        }
    }

    @Test func layoutPutsDependenciesUnderTheirDependents() throws {
        let node = { (id: String, layer: String) in ReportData.Node(id: id, name: id, package: id, layer: layer) }
        let edge = { (from: String, to: String) in
            ReportData.Edge(from: from, to: to, testOnly: false, uses: [], imports: [])
        }
        var data = ReportData(
            title: "t", origin: "data", generatedAt: "", level: "packages",
            layers: [.init(name: "top", index: 0), .init(name: "bottom", index: 1)],
            nodes: [node("A", "top"), node("B", "top"), node("X", "bottom"), node("Y", "bottom")],
            edges: [edge("A", "Y"), edge("B", "X")], affected: nil, series: [], flaky: [], findings: [], notes: [])
        ReportLayout.apply(to: &data)
        let x = Dictionary(data.nodes.map { ($0.id, $0.x ?? 0) }) { a, _ in a }
        // By id alone X would come first; its dependent B is right of A, so X goes right of Y.
        #expect((x["A"] ?? 0) < (x["B"] ?? 0))
        #expect((x["Y"] ?? 0) < (x["X"] ?? 0))
        #expect(data.nodes.first { $0.id == "A" }?.label == "A")
    }

    @Test func syntheticGraphIsLayeredWithSkewedFanIn() throws {
        let data = SyntheticGraph.data(count: 500, generatedAt: Date(timeIntervalSince1970: 0))
        #expect(data == SyntheticGraph.data(count: 500, generatedAt: Date(timeIntervalSince1970: 0)))
        #expect(data.nodes.count == 500)
        #expect(Set(data.nodes.map(\.id)).count == 500)
        let layer = Dictionary(data.nodes.map { ($0.id, $0.layer ?? "") }) { a, _ in a }
        let order = Dictionary(data.layers.map { ($0.name, $0.index) }) { a, _ in a }
        for edge in data.edges {
            #expect(
                (order[layer[edge.from] ?? ""] ?? 0) < (order[layer[edge.to] ?? ""] ?? 0), "\(edge.from) → \(edge.to)")
            #expect(!edge.uses.isEmpty && !edge.imports.isEmpty)
            #expect(edge.testOnly == (edge.to == "Foundation/TestKit"))
        }
        let features = data.nodes.filter { $0.layer == "features" }.map(\.id)
        #expect(Set(data.edges.filter { $0.from == "App" }.map(\.to)) == Set(features))
        let fanIn = Dictionary(grouping: data.edges.filter { $0.from != "App" }, by: \.to).mapValues(\.count)
        let counts = fanIn.values.sorted()
        #expect((counts.last ?? 0) >= 5 * counts[counts.count / 2], "fan-in is not skewed: \(counts.suffix(5))")
        // The affected set is the changed package and everything that reaches it.
        let affected = try #require(data.affected)
        let changed = affected.nodes.filter(\.changed).map(\.id)
        #expect(changed.count == 1)
        var reaching = Set(changed)
        var grew = true
        while grew {
            let before = reaching.count
            reaching.formUnion(data.edges.filter { reaching.contains($0.to) }.map(\.from))
            grew = reaching.count > before
        }
        #expect(Set(affected.nodes.map(\.id)) == reaching)
        #expect(data.series.count == 1500 && data.series.allSatisfy { $0.points.count == 12 })
        #expect(!data.flaky.isEmpty && !data.findings.isEmpty)
        #expect(SyntheticGraph.data(count: 10, generatedAt: Date()).nodes.count == 10)
    }
}
