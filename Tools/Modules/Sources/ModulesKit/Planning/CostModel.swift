import Foundation

/// What a shard costs on a fresh CI machine, from recorded durations: the cold build of the dependency closure of
/// the packages it tests (each module once, however many of its packages need it), each package's test product,
/// and the tests it runs.
///
/// A module without a record is estimated at the median of the recorded modules (0 when none is recorded), a test
/// product at the median of the recorded ones, a package's tests at the median of the recorded packages' tests
/// (60 s when nothing is recorded). A package recorded by schema version 1 (one figure for build and tests) counts
/// that figure as its tests.
struct CostModel: Sendable {
    /// One package to plan: its test targets and the modules `swift build --build-tests` compiles for it.
    struct Package: Sendable, Equatable {
        /// The repository-relative path.
        var path: String
        /// Its test targets (name and module), in manifest order.
        var testTargets: [(name: String, module: String)]
        /// The module names of every target of the package and every repository target they reach.
        var closure: Set<String>
        /// Whether ``testTargets`` leaves some of the package's test targets out (only the affected ones).
        var narrowed = false

        static func == (lhs: Package, rhs: Package) -> Bool {
            lhs.path == rhs.path && lhs.closure == rhs.closure
                && lhs.testTargets.map(\.name) == rhs.testTargets.map(\.name)
        }
    }

    let durations: DurationStore
    private let typicalModule: Double
    private let typicalProduct: Double
    private let typicalTests: Double

    /// Whether any module's compile time is recorded (else builds are left out of the estimates).
    var knowsBuilds: Bool { !durations.modules.isEmpty }

    init(durations: DurationStore) {
        self.durations = durations
        typicalModule = Self.median(durations.modules.values.map(\.seconds)) ?? 0
        typicalProduct = Self.median(durations.entries.values.compactMap(\.productSeconds)) ?? 0
        typicalTests =
            Self.median(durations.entries.values.map { $0.testSeconds ?? $0.seconds }) ?? 60
    }

    /// The seconds of compiling `module` once.
    func moduleSeconds(_ module: String) -> Double {
        durations.modules[module]?.seconds ?? typicalModule
    }

    /// The seconds of building the package's test product (its runner and link).
    func productSeconds(_ package: String) -> Double {
        durations.entries[package]?.productSeconds ?? (knowsBuilds ? typicalProduct : 0)
    }

    /// The cold build of `packages` together: each module of their closures once, plus each test product.
    func buildSeconds(_ packages: [Package]) -> Double {
        let modules = packages.reduce(into: Set<String>()) { $0.formUnion($1.closure) }
        return modules.reduce(0) { $0 + moduleSeconds($1) }
            + Set(packages.map(\.path)).reduce(0) {
                $0 + productSeconds($1)
            }
    }

    /// The seconds of the test target `module` of `package`: its suites' recorded seconds, else an even share of the
    /// package's recorded tests, else an even share of the typical package's.
    func testSeconds(package: Package, module: String) -> Double {
        let count = Double(max(1, package.testTargets.count))
        guard let entry = durations.entries[package.path] else { return typicalTests / count }
        if let suites = entry.suites, !suites.isEmpty {
            // NB: XCTest on Linux names a class without its module (`Legacy`, not `AppTests.Legacy`): such suites
            // belong to no known target and are shared evenly among the package's test targets.
            let modules = Set(package.testTargets.map(\.module))
            let unattributed = suites.filter { !modules.contains(DurationStore.Entry.module(ofSuite: $0.key)) }
            return entry.testSeconds(ofModule: module) + unattributed.values.reduce(0, +) / count
        }
        return (entry.testSeconds ?? entry.seconds) / count
    }

    /// The recorded suites of the test target `module` of `package`, by seconds; a suite nested in another recorded
    /// suite is folded into it (a filter on the outer one runs it too). XCTest classes reported without their module
    /// are not among them: they run with the rest of their target.
    func suites(package: String, module: String) -> [(name: String, seconds: Double)] {
        let recorded = (durations.entries[package]?.suites ?? [:]).filter {
            DurationStore.Entry.module(ofSuite: $0.key) == module
        }
        var folded: [String: Double] = [:]
        for (name, seconds) in recorded {
            let outer = recorded.keys.filter { name.hasPrefix($0 + ".") }.min { $0.count < $1.count } ?? name
            folded[outer, default: 0] += seconds
        }
        return folded.map { ($0.key, $0.value) }.sorted { ($1.seconds, $0.name) < ($0.seconds, $1.name) }
    }

    static func median(_ values: [Double]) -> Double? {
        guard !values.isEmpty else { return nil }
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}

extension CostModel.Package {
    /// The package at `path` of `scan`: its test targets (all of them, or those of `only`) and its build closure on
    /// `graph` (system and binary targets compile nothing and are left out).
    init?(path: String, scan: RepositoryScan, graph: TargetGraph, only: Set<String>? = nil) {
        guard let package = scan.packages.first(where: { $0.path == path }) else { return nil }
        let tests = package.manifest.targets.filter(\.isTest).map(\.name).filter { only?.contains($0) ?? true }
        var closure: Set<String> = []
        var seen: Set<TargetRef> = []
        var queue = package.manifest.targets.map { TargetRef(package: path, target: $0.name) }
        while let ref = queue.popLast() {
            guard seen.insert(ref).inserted, let node = graph.node(ref) else { continue }
            if node.type != "system", node.type != "binary" {
                closure.insert(node.module)
            }
            queue += graph.dependencies(of: ref).map(\.to)
        }
        self.init(
            path: path,
            testTargets: tests.map { name in
                (name, graph.node(TargetRef(package: path, target: name))?.module ?? PassingTargets.module(of: name))
            },
            closure: closure, narrowed: only != nil && tests.count < package.manifest.targets.count(where: \.isTest))
    }
}
