import Foundation

/// A synthetic repository graph of N packages, made in memory for the report (`modules report --synthetic-graph
/// N`): the report's data directly, with no manifest written or read, so the page can be tried at any size.
///
/// Deterministic (a SplitMix64 stream seeded with N). Six layers: one app package that depends on every feature,
/// features (30 %), ui (5 %), services (25 %), core (the rest) and foundation (10 %, at least 2; its first package,
/// `Foundation/TestKit`, is used by test targets only). Each package depends on one to four packages of every
/// layer below it up to core, skewed towards the first packages of a layer, so a few have a large fan-in, as in
/// real repositories. Each edge has one to three importing files; each package has twelve commits of build,
/// incremental and test times with ±10 % noise (one package slows down by 30 % in the last three); about 2 % of the
/// packages have a flaky test and about 1 % a lint finding; the affected set is the first services package and
/// everything that depends on it.
public enum SyntheticGraph {
    /// The largest N accepted: the page stays usable far beyond the 500 modules it is measured at.
    public static let maximumCount = 5000
    /// The smallest N accepted: every layer gets a package.
    public static let minimumCount = 10

    private static let layerNames = ["app", "features", "ui", "services", "core", "foundation"]
    private static let folders = ["", "Features", "UI", "Services", "Core", "Foundation"]
    private static let stems = ["", "Feature", "Component", "Service", "Core", "Base"]

    /// The report data of a synthetic graph of `count` packages (at least ``minimumCount``).
    public static func data(count: Int, generatedAt: Date) -> ReportData {
        var random = SplitMix64(seed: 0x5EED_0000 ^ UInt64(max(count, minimumCount)))
        let layers = layerSizes(max(count, minimumCount))
        var nodes: [ReportData.Node] = []
        var byLayer: [[String]] = []
        for (index, size) in layers.enumerated() {
            var ids: [String] = []
            for number in 0..<size {
                let name =
                    index == 0 ? "App" : index == 5 && number == 0 ? "TestKit" : stems[index] + pad(number, size)
                let id = index == 0 ? "App" : "\(folders[index])/\(name)"
                nodes.append(.init(id: id, name: name, package: id, layer: layerNames[index]))
                ids.append(id)
            }
            byLayer.append(ids)
        }
        var edges: [ReportData.Edge] = []
        for (layer, ids) in byLayer.enumerated() {
            for id in ids {
                var targets: [(String, Bool)] = []
                if layer == 0 {
                    targets = byLayer[1].map { ($0, false) }
                } else if layer < 5 {
                    for below in (layer + 1)..<5 {
                        let pool = byLayer[below]
                        for _ in 0..<(1 + random.next(below: 3)) {
                            let pick = Int(Double(pool.count) * pow(random.unit(), 2))
                            targets.append((pool[min(pick, pool.count - 1)], false))
                        }
                    }
                    targets.append((byLayer[5][1 + random.next(below: byLayer[5].count - 1)], false))
                    if random.next(below: 3) == 0 { targets.append((byLayer[5][0], true)) }
                }
                var seen: Set<String> = []
                for (target, testOnly) in targets where seen.insert(target).inserted {
                    edges.append(edge(from: id, to: target, testOnly: testOnly, random: &random))
                }
            }
        }
        edges.sort { ($0.from, $0.to) < ($1.from, $1.to) }
        let ids = nodes.map(\.id)
        var data = ReportData(
            title: "synthetic-\(count)", origin: "synthetic", repository: nil, commit: commit(11),
            generatedAt: ISO8601DateFormatter().string(from: generatedAt), level: "packages",
            layers: layerNames.enumerated().map { .init(name: $1, index: $0) }, nodes: nodes, edges: edges,
            affected: affected(changed: byLayer[3][0], edges: edges, ids: ids),
            series: [], flaky: [], findings: [], notes: ["A synthetic graph of \(count) packages (--synthetic-graph)."])
        for (index, id) in ids.enumerated() {
            data.series += series(of: id, slower: index == ids.count / 2, random: &random)
            if random.next(below: 50) == 0 {
                data.flaky.append(
                    .init(
                        module: id, test: "\(id.split(separator: "/").last ?? "")Tests.Suite/retriesRequest()",
                        failures: 1 + random.next(below: 2), message: "Expectation failed: response arrived late",
                        source: "synthetic"))
            }
            if random.next(below: 100) == 0, let edge = edges.first(where: { $0.from == id }) {
                data.findings.append(
                    .init(
                        rule: "transitive-import", severity: "error", module: id, other: edge.to, target: nil,
                        location: edge.imports.first.map { "\($0.file):\($0.line)" } ?? "\(id)/Package.swift",
                        message: "a synthetic finding: \(id) imports a module it reaches only through \(edge.to)"))
            }
        }
        return data
    }

    /// The packages' sizes by layer, top first: app 1, features 30 %, ui 5 %, services 25 %, core the rest,
    /// foundation 10 % (at least 2).
    static func layerSizes(_ count: Int) -> [Int] {
        let rest = count - 1
        let features = Int(Double(rest) * 0.30)
        let ui = max(1, Int(Double(rest) * 0.05))
        let services = Int(Double(rest) * 0.25)
        let foundation = max(2, Int(Double(rest) * 0.10))
        return [1, features, ui, services, rest - features - ui - services - foundation, foundation]
    }

    /// `number` with leading zeros to the width of the largest number of a layer of `size`.
    static func pad(_ number: Int, _ size: Int) -> String {
        let digits = String(max(size - 1, 1)).count
        let text = String(number)
        return String(repeating: "0", count: max(0, digits - text.count)) + text
    }

    private static func edge(
        from: String, to: String, testOnly: Bool, random: inout SplitMix64
    ) -> ReportData.Edge {
        let name = String(from.split(separator: "/").last ?? "")
        let module = String(to.split(separator: "/").last ?? "")
        let target = testOnly ? name + "Tests" : name
        let folder = testOnly ? "Tests" : "Sources"
        let imports = (0..<(1 + random.next(below: 3))).map { number in
            ReportData.Import(
                target: target, file: "\(from)/\(folder)/\(target)/File\(number + 1).swift",
                line: 1 + random.next(below: 6), module: module)
        }
        return ReportData.Edge(
            from: from, to: to, testOnly: testOnly,
            uses: [
                .init(
                    target: target, product: module, testCode: testOnly, manifest: "\(from)/Package.swift",
                    line: 10 + random.next(below: 20))
            ],
            imports: imports)
    }

    private static func series(of id: String, slower: Bool, random: inout SplitMix64) -> [ReportData.Series] {
        let build = 5 + random.unit() * 55
        let base = ["build": build, "incremental": build / (4 + random.unit() * 4), "test": 1 + random.unit() * 30]
        return base.keys.sorted().map { metric in
            let points = (0..<12).map { index in
                let noise = 0.9 + random.unit() * 0.2
                let slowdown = slower && index >= 9 ? 1.3 : 1
                return ReportData.Point(
                    label: String(commit(index).prefix(7)), commit: commit(index), time: nil,
                    seconds: ((base[metric] ?? 1) * noise * slowdown * 100).rounded() / 100, source: "synthetic")
            }
            return ReportData.Series(module: id, metric: metric, points: points)
        }
    }

    private static func commit(_ index: Int) -> String {
        var random = SplitMix64(seed: 0xC0FF_EE00 + UInt64(index))
        return (0..<5).map { _ in String(random.next() % 0x1_0000_0000, radix: 16) }.map {
            String(repeating: "0", count: 8 - $0.count) + $0
        }.joined()
    }

    private static func affected(changed: String, edges: [ReportData.Edge], ids: [String]) -> ReportData.Affected {
        let incoming = Dictionary(grouping: edges, by: \.to)
        var reasons: [String: [String]] = [changed: ["changed: \(changed)/Sources/File1.swift"]]
        var queue = [changed]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in incoming[current] ?? [] where reasons[edge.from] == nil {
                reasons[edge.from] = ["depends on \(current)"]
                queue.append(edge.from)
            }
        }
        return ReportData.Affected(
            base: "HEAD~1", mergeBase: commit(10), changedFileCount: 1,
            nodes: ids.compactMap { id in reasons[id].map { .init(id: id, changed: id == changed, reasons: $0) } })
    }
}

/// SplitMix64 (Steele, Lea and Flood, 2014): a small, fast, deterministic pseudo-random stream.
struct SplitMix64 {
    private var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }

    /// A value in 0..<bound (0 when bound is 0 or less).
    mutating func next(below bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }

    /// A value in [0, 1).
    mutating func unit() -> Double {
        Double(next() >> 11) / Double(UInt64(1) << 53)
    }
}
