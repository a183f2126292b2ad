import Foundation

/// What `modules test --dry-run` would run (schema version 1).
struct TestSelection: Encodable {
    struct Package: Encodable {
        var package: String
        /// The `swift test --filter` values (empty: every test of the package).
        var filters: [String]
    }

    var schemaVersion = 1
    var repository: String
    var packages: [Package]
    /// Packages left out because every test target passed with the same content hash.
    var unchanged: [String]

    var text: String {
        var lines = packages.map { package in
            "would test \(package.package)"
                + (package.filters.isEmpty ? "" : " --filter " + package.filters.joined(separator: " --filter "))
        }
        lines += unchanged.map { "unchanged:  \($0)" }
        lines.append("\(packages.count) package\(packages.count == 1 ? "" : "s") to test, nothing built (--dry-run)")
        return lines.joined(separator: "\n") + "\n"
    }
}
