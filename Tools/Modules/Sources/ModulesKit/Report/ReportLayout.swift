import Foundation

/// Lays the report's graph out by layer, deterministically: the same data always gives the same picture.
///
/// Each layer of `modules.json` is a horizontal band, top layer first (nodes in no layer last). Inside a band the
/// nodes are ordered by the barycentre heuristic of Sugiyama-style layered drawing: starting from id order, four
/// sweeps down and up put each node at the mean position of its neighbours in the bands above (then below), ties
/// broken by the previous position and then by id, which pulls dependencies under their dependents and shortens
/// edges. A band wider than ``Metrics/rowWidth`` wraps into rows, dealt out column by column in that order, so a
/// node's horizontal place still follows its barycentre. Edges within a band or pointing upwards (a layering
/// finding) do not steer the order. Cost: O(sweeps × edges + nodes log nodes), a few milliseconds at 500 modules.
public enum ReportLayout {
    /// Sizes in CSS pixels.
    public struct Metrics: Sendable, Equatable {
        /// A box's height.
        public var nodeHeight = 22.0
        /// The width of one character of a box's label (the page draws labels in an 11 px monospace font).
        public var characterWidth = 6.7
        /// Space left and right of a label inside its box.
        public var labelPadding = 7.0
        /// The longest label, in characters; longer ones end in `…` (the full name is the box's title).
        public var maximumLabel = 36
        /// The gap between two boxes of a row.
        public var horizontalGap = 10.0
        /// The gap between two rows of a band.
        public var rowGap = 14.0
        /// The height of a band's heading.
        public var bandHeading = 22.0
        /// The gap between two bands.
        public var bandGap = 26.0
        /// The margin around the drawing.
        public var margin = 16.0
        /// A band wider than this wraps into rows.
        public var rowWidth = 1800.0
        /// Room below the last row for the arcs the page draws between two boxes of one row (at most 48 px deep).
        public var sameRowDip = 36.0

        /// The defaults.
        public init() {}
    }

    /// The name of the band of nodes that match no layer.
    public static let noLayer = "(no layer)"

    /// Sets every node's `x`, `y`, `width` and the data's `layout`, and sorts the nodes by band, row and column.
    public static func apply(to data: inout ReportData, metrics: Metrics = Metrics()) {
        let layerNames = data.layers.sorted { ($0.index, $0.name) < ($1.index, $1.name) }.map(\.name)
        var bandOf: [String: Int] = [:]
        for (index, name) in layerNames.enumerated() where bandOf[name] == nil {
            bandOf[name] = index
        }
        let noLayerBand = layerNames.count
        let nodeBand = data.nodes.map { node in node.layer.flatMap { bandOf[$0] } ?? noLayerBand }
        var bands = [[Int]](repeating: [], count: noLayerBand + 1)
        for index in data.nodes.indices.sorted(by: { data.nodes[$0].id < data.nodes[$1].id }) {
            bands[nodeBand[index]].append(index)
        }
        let order = barycentreOrder(bands: bands, nodeBand: nodeBand, data: data)
        let widths = data.nodes.map { width(of: label(of: $0, metrics: metrics), metrics: metrics) }

        var rows: [(band: Int, nodes: [Int], width: Double)] = []
        for (band, nodes) in order.enumerated() where !nodes.isEmpty {
            let total = nodes.reduce(0) { $0 + widths[$1] + metrics.horizontalGap } - metrics.horizontalGap
            let count = max(1, Int((total / metrics.rowWidth).rounded(.up)))
            var dealt = [[Int]](repeating: [], count: count)
            for (position, node) in nodes.enumerated() {
                dealt[position % count].append(node)
            }
            for row in dealt where !row.isEmpty {
                let width = row.reduce(0) { $0 + widths[$1] + metrics.horizontalGap } - metrics.horizontalGap
                rows.append((band, row, width))
            }
        }
        let drawingWidth = (rows.map(\.width).max() ?? 0) + 2 * metrics.margin
        var bandsOut: [ReportData.Layout.Band] = []
        var y = metrics.margin
        var sorted: [ReportData.Node] = []
        for band in Set(rows.map(\.band)).sorted() {
            let top = y
            y += metrics.bandHeading
            for row in rows where row.band == band {
                var x = (drawingWidth - row.width) / 2
                for index in row.nodes {
                    var node = data.nodes[index]
                    node.label = label(of: node, metrics: metrics)
                    node.x = rounded(x)
                    node.y = rounded(y)
                    node.width = rounded(widths[index])
                    sorted.append(node)
                    x += widths[index] + metrics.horizontalGap
                }
                y += metrics.nodeHeight + metrics.rowGap
            }
            y += metrics.bandGap - metrics.rowGap
            let name = band < layerNames.count ? layerNames[band] : noLayer
            bandsOut.append(.init(layer: name, y: rounded(top), height: rounded(y - top - metrics.bandGap / 2)))
        }
        data.nodes = sorted
        data.layout = ReportData.Layout(
            width: rounded(drawingWidth), height: rounded(y - metrics.bandGap + metrics.margin + metrics.sameRowDip),
            nodeHeight: metrics.nodeHeight, bands: bandsOut)
    }

    /// The box's text: the package path (the root package by its name), or the target's name; cut to
    /// ``Metrics/maximumLabel`` characters.
    static func label(of node: ReportData.Node, metrics: Metrics) -> String {
        let text = node.id == node.package && node.id != "." ? node.id : node.name
        guard text.count > metrics.maximumLabel else { return text }
        return String(text.prefix(metrics.maximumLabel - 1)) + "…"
    }

    private static func width(of label: String, metrics: Metrics) -> Double {
        Double(label.count) * metrics.characterWidth + 2 * metrics.labelPadding
    }

    private static func rounded(_ value: Double) -> Double {
        (value * 10).rounded() / 10
    }

    /// Each band's nodes in barycentre order (see the type's description).
    private static func barycentreOrder(bands: [[Int]], nodeBand: [Int], data: ReportData) -> [[Int]] {
        let indexOf = Dictionary(data.nodes.enumerated().map { ($1.id, $0) }) { first, _ in first }
        var above = [[Int]](repeating: [], count: data.nodes.count)
        var below = [[Int]](repeating: [], count: data.nodes.count)
        for edge in data.edges {
            guard let from = indexOf[edge.from], let to = indexOf[edge.to], nodeBand[from] < nodeBand[to] else {
                continue
            }
            above[to].append(from)
            below[from].append(to)
        }
        // Sums of positions are taken in id order, so the input's order of edges cannot change a key's last bit.
        let byID = { (lhs: Int, rhs: Int) in data.nodes[lhs].id < data.nodes[rhs].id }
        above = above.map { $0.sorted(by: byID) }
        below = below.map { $0.sorted(by: byID) }
        var order = bands
        var position = [Double](repeating: 0, count: data.nodes.count)
        func place(_ band: Int) {
            let count = order[band].count
            for (index, node) in order[band].enumerated() {
                position[node] = count > 1 ? Double(index) / Double(count - 1) : 0.5
            }
        }
        for band in order.indices { place(band) }
        func sweep(_ band: Int, neighbours: [[Int]]) {
            let keyed = order[band].map { node -> (node: Int, key: Double, previous: Double) in
                let others = neighbours[node]
                let key =
                    others.isEmpty ? position[node] : others.reduce(0) { $0 + position[$1] } / Double(others.count)
                return (node, key, position[node])
            }
            order[band] = keyed.sorted {
                ($0.key, $0.previous, data.nodes[$0.node].id) < ($1.key, $1.previous, data.nodes[$1.node].id)
            }.map(\.node)
            place(band)
        }
        for _ in 0..<4 {
            for band in order.indices.dropFirst() { sweep(band, neighbours: above) }
            for band in order.indices.dropLast().reversed() { sweep(band, neighbours: below) }
        }
        return order
    }
}
