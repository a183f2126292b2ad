import Foundation

@testable import ModulesKit

/// Builds a repository scan in memory (manifests as values) over real directories, so the linter's rules run
/// without SwiftPM.
struct GraphBuilder {
    let root: URL
    var configuration: ModulesConfiguration
    private(set) var packages: [ScannedPackage] = []
    private(set) var failures: [ManifestFailure] = []

    /// Layers app (`.`), features (`Features/*`, no peers), design-system (`DesignSystem`), core (`Core/*`, peers).
    static let layers: [ModulesConfiguration.Layer] = [
        .init(name: "app", packages: [Glob(".")], allowsPeerDependencies: false),
        .init(name: "features", packages: [Glob("Features/*")], allowsPeerDependencies: false),
        .init(name: "design-system", packages: [Glob("DesignSystem")], allowsPeerDependencies: false),
        .init(name: "core", packages: [Glob("Core/*")], allowsPeerDependencies: true),
    ]

    init(root: URL, configuration: ModulesConfiguration = ModulesConfiguration(layers: GraphBuilder.layers)) {
        self.root = root
        self.configuration = configuration
    }

    /// Adds package `path` whose library target (named after the directory) uses the main product of each of
    /// `uses`, whose test target uses each of `testUses`, with extra `products` and `targets`.
    mutating func add(
        _ path: String,
        uses: [String] = [],
        testUses: [String] = [],
        extraDependencies: [String] = [],
        products: [PackageManifest.Product] = [],
        targets: [PackageManifest.Target] = []
    ) throws {
        let directory = RepoPath.url(path, in: root)
        try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("// swift-tools-version:6.2\n".utf8).write(to: directory.appendingPathComponent("Package.swift"))
        let name = Self.name(of: path)
        let dependencies = Array(Set(uses + testUses + extraDependencies)).sorted().map { other in
            PackageManifest.Dependency(
                kind: .fileSystem,
                identity: Self.name(of: other).lowercased(),
                path: other.hasPrefix("/") ? other : RepoPath.url(other, in: root).path
            )
        }
        let product = { (other: String) in
            PackageManifest.TargetDependency(kind: .product, name: Self.name(of: other), package: Self.name(of: other))
        }
        let main = PackageManifest.Target(name: name, type: "regular", dependencies: uses.map(product))
        let tests = PackageManifest.Target(
            name: "\(name)Tests",
            type: "test",
            dependencies: [.init(kind: .byName, name: name)] + testUses.map(product)
        )
        packages.append(
            ScannedPackage(
                path: path,
                manifestPath: path == "." ? "Package.swift" : "\(path)/Package.swift",
                manifest: PackageManifest(
                    name: name,
                    dependencies: dependencies,
                    products: [.init(name: name, type: "library", targets: [name])] + products,
                    targets: [main, tests] + targets
                )
            )
        )
    }

    mutating func addFailure(_ path: String) throws {
        let directory = RepoPath.url(path, in: root)
        try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("let package = (".utf8).write(to: directory.appendingPathComponent("Package.swift"))
        failures.append(ManifestFailure(package: path, manifest: "\(path)/Package.swift", message: "error: broken"))
    }

    func scan() -> RepositoryScan {
        let paths = (packages.map(\.path) + failures.map(\.package)).sorted(by: PackageDiscovery.packageOrder)
        return RepositoryScan(
            root: root,
            configuration: configuration,
            packagePaths: paths,
            packages: packages,
            failures: failures
        )
    }

    /// The findings, without the warnings for layers of ``layers`` that a test's small graph leaves empty.
    func lint() -> [Finding] {
        Linter().lint(scan()).findings.filter { $0.rule != .unmatchedConfigurationGlob }
    }

    static func name(of path: String) -> String {
        path == "." ? "App" : URL(fileURLWithPath: path).lastPathComponent
    }
}
