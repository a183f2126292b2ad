import Foundation

@testable import ModulesKit

/// A repository's packages as the planner sees them (test targets and build closures), captured from a real scan
/// so planner tests over recorded durations need no `swift` (Samples/storefront-graph.json).
struct RecordedGraph: Codable {
    struct Target: Codable {
        var name: String
        var module: String
    }

    struct Package: Codable {
        var path: String
        var testTargets: [Target]
        var closure: [String]
    }

    var packages: [Package]

    /// The planner's packages.
    var planned: [CostModel.Package] {
        packages.map { package in
            CostModel.Package(
                path: package.path, testTargets: package.testTargets.map { ($0.name, $0.module) },
                closure: Set(package.closure))
        }
    }
}
