import Foundation

/// One target's use of another repository package.
struct DependencyUse: Equatable {
    /// The depending target.
    var target: String
    /// Whether the target is test code (a test target, or a target only test-only products export).
    var isTestCode: Bool
    /// The product it names.
    var product: String
    /// The manifest line of the reference, when located.
    var line: Int?
    /// The platforms of its `.when(platforms:)` condition (SwiftPM's names), `nil` for every platform.
    var platforms: [String]? = nil
}

/// A target's dependency on a product of a package outside the repository.
struct ExternalProductUse: Equatable {
    /// The product's name.
    var product: String
    /// The package named in `.product(name:package:)`, or `nil` for a plain name.
    var package: String?
    /// The manifest line of the reference, when located.
    var line: Int?
}

/// A path dependency from one repository package on another, with the targets that use it.
struct DependencyEdge: Equatable {
    /// The depending package's path.
    var from: String
    /// The dependency's path.
    var to: String
    /// The manifest line of the `.package(path:)` declaration, when located.
    var declarationLine: Int?
    /// The targets of `from` that use a product of `to` (empty when it is declared but unused).
    var uses: [DependencyUse]
}

/// A target of a repository package: the package's repository-relative path and the target's name.
public struct TargetRef: Sendable, Hashable, Comparable, Encodable, CustomStringConvertible {
    /// The package's repository-relative path (`.` for the root package).
    public var package: String
    /// The target's name.
    public var target: String

    /// Creates a reference.
    public init(package: String, target: String) {
        self.package = package
        self.target = target
    }

    /// `Core/Networking:NetworkingTests`.
    public var description: String { "\(package):\(target)" }

    /// By package, then by target name.
    public static func < (lhs: TargetRef, rhs: TargetRef) -> Bool {
        (lhs.package, lhs.target) < (rhs.package, rhs.target)
    }
}

/// A target's dependency on another target of the repository: in its own package (`.target`, a plain name), or
/// through a product of another package (one edge per target of the product).
struct TargetEdge: Equatable {
    /// The depending target.
    var from: TargetRef
    /// The target depended on.
    var to: TargetRef
    /// The product named, for an edge into another package.
    var product: String?
    /// The manifest line of the reference, when located.
    var line: Int?
    /// The platforms of its `.when(platforms:)` condition (SwiftPM's names), `nil` for every platform.
    var platforms: [String]? = nil

    /// Whether the dependency is there when building for `platform` (a SwiftPM platform name).
    func isAvailable(on platform: String) -> Bool {
        platforms?.contains(platform) ?? true
    }
}

/// The package graph of a repository scan: its path dependencies resolved to repository packages, plus the
/// findings met while resolving them (paths outside the repository, unknown products).
struct PackageGraph {
    private(set) var edges: [DependencyEdge] = []
    private(set) var findings: [Finding] = []
    /// Target-level edges, in manifest order.
    private(set) var targetEdges: [TargetEdge] = []
    /// Products of packages outside the repository (source control, registry) that each target names, with the
    /// package named (`nil` for a plain name).
    private(set) var externalProducts: [TargetRef: [ExternalProductUse]] = [:]
    /// The repository packages (by path) that vend the plugins each target uses: its own package for a plugin
    /// named without a package, else the path dependency the manifest names (a plugin of a package outside the
    /// repository is left out).
    private(set) var pluginPackages: [TargetRef: Set<String>] = [:]
    private let scan: RepositoryScan

    init(scan: RepositoryScan) {
        self.scan = scan
        let loaded = Dictionary(scan.packages.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
        for package in scan.packages {
            resolve(package, loaded: loaded)
        }
    }

    /// The edges out of `path`.
    func edges(from path: String) -> [DependencyEdge] {
        edges.filter { $0.from == path }
    }

    private mutating func resolve(_ package: ScannedPackage, loaded: [String: ScannedPackage]) {
        let directory = RepoPath.url(package.path, in: scan.root)
        let locator = ManifestLocator(source: package.source)
        var byKey: [String: String] = [:]  // lowercased identity or package name -> repository path
        var remoteKeys: Set<String> = []
        var edgeIndex: [String: Int] = [:]
        for dependency in package.manifest.dependencies {
            guard dependency.kind == .fileSystem, let absolute = dependency.path else {
                remoteKeys.insert(dependency.identity.lowercased())
                let location = dependency.location ?? dependency.identity
                let line = locator.firstLine(containing: location)
                report(
                    .remoteDependency, package, other: location, line: line,
                    "\(package.path) depends on \(location) (\(dependency.kind == .registry ? "registry" : "url")), "
                        + "a package outside the repository: the toolchain is the only Swift dependency; "
                        + "remove it from \(package.manifestPath)"
                )
                continue
            }
            let line = locator.pathDependencyLine(packageDirectory: directory, dependencyPath: absolute)
            guard let target = checkPath(absolute, of: package, line: line) else {
                remoteKeys.insert(dependency.identity.lowercased())  // NB: reported already; skip its uses.
                continue
            }
            byKey[dependency.identity.lowercased()] = target
            if let name = loaded[target]?.manifest.name {
                byKey[name.lowercased()] = target
            }
            if edgeIndex[target] == nil {
                edgeIndex[target] = edges.count
                edges.append(DependencyEdge(from: package.path, to: target, declarationLine: line, uses: []))
            }
        }
        let ownTargets = Set(package.manifest.targets.map(\.name))
        for target in package.manifest.targets {
            let isTestCode = isTestCode(target, in: package.manifest)
            let from = TargetRef(package: package.path, target: target.name)
            for plugin in target.plugins {
                if let vendor = plugin.package.map({ byKey[$0.lowercased()] }) ?? package.path {
                    pluginPackages[from, default: []].insert(vendor)
                }
            }
            for dependency in target.dependencies {
                let line = locator.referenceLine(target: target.name, name: dependency.name)
                let resolved: String?
                switch dependency.kind {
                case .target:
                    targetEdges.append(
                        TargetEdge(
                            from: from, to: TargetRef(package: package.path, target: dependency.name), line: line,
                            platforms: dependency.platforms))
                    checkOwnTestSupport(
                        package, target: target, isTestCode: isTestCode, on: dependency.name, line: line)
                    continue
                case .byName:
                    if ownTargets.contains(dependency.name) {
                        targetEdges.append(
                            TargetEdge(
                                from: from, to: TargetRef(package: package.path, target: dependency.name), line: line,
                                platforms: dependency.platforms))
                        checkOwnTestSupport(
                            package, target: target, isTestCode: isTestCode, on: dependency.name, line: line)
                        continue
                    }
                    resolved = byKey.values.sorted().first {
                        loaded[$0]?.manifest.products.contains { $0.name == dependency.name } == true
                    }
                    if resolved == nil, remoteKeys.isEmpty {
                        report(
                            .unknownProduct, package, target: target.name, line: line,
                            "target \(target.name) of \(package.path) depends on '\(dependency.name)', which is "
                                + "neither a target of the package nor a product of its dependencies"
                        )
                    }
                case .product:
                    let key = (dependency.package ?? dependency.name).lowercased()
                    resolved = byKey[key]
                    if resolved == nil, !remoteKeys.contains(key) {
                        report(
                            .unknownPackageReference, package, target: target.name, line: line,
                            "target \(target.name) of \(package.path) names package "
                                + "'\(dependency.package ?? dependency.name)', which the manifest does not declare "
                                + "as a dependency"
                        )
                    }
                }
                guard let resolved, let index = edgeIndex[resolved] else {
                    if resolved == nil {
                        externalProducts[from, default: []].append(
                            ExternalProductUse(
                                product: dependency.name,
                                package: dependency.kind == .product ? (dependency.package ?? dependency.name) : nil,
                                line: line))
                    }
                    continue
                }
                if let other = loaded[resolved],
                    !other.manifest.products.contains(where: { $0.name == dependency.name })
                {
                    report(
                        .unknownProduct, package, other: resolved, target: target.name, line: line,
                        "target \(target.name) of \(package.path) depends on product '\(dependency.name)', which "
                            + "\(resolved)/Package.swift does not declare (products: "
                            + "\(other.manifest.products.map(\.name).joined(separator: ", ")))"
                    )
                    continue
                }
                edges[index].uses.append(
                    DependencyUse(
                        target: target.name, isTestCode: isTestCode, product: dependency.name, line: line,
                        platforms: dependency.platforms))
                let productTargets =
                    loaded[resolved]?.manifest.products.first { $0.name == dependency.name }?.targets ?? []
                for name in productTargets {
                    targetEdges.append(
                        TargetEdge(
                            from: from, to: TargetRef(package: resolved, target: name), product: dependency.name,
                            line: line, platforms: dependency.platforms))
                }
            }
        }
    }

    /// Checks a path dependency and returns the repository package it names, or reports why it names none.
    private mutating func checkPath(_ absolute: String, of package: ScannedPackage, line: Int?) -> String? {
        let url = URL(fileURLWithPath: absolute)
        guard let relative = RepoPath.relative(url, to: scan.root) else {
            report(
                .pathOutsideRepository, package, other: absolute, line: line,
                "\(package.path) depends on \(absolute), which is outside the repository")
            return nil
        }
        let manifest = url.appendingPathComponent(PackageDiscovery.manifestName).path
        guard FileManager().fileExists(atPath: manifest) else {
            report(
                .missingDependencyPath, package, other: relative, line: line,
                "\(package.path) depends on \(relative), which has no Package.swift")
            return nil
        }
        guard scan.packagePaths.contains(relative) else {
            report(
                .undiscoveredDependency, package, other: relative, line: line,
                "\(package.path) depends on \(relative), which is excluded by modules.json or hidden, so it is "
                    + "not a package of this repository"
            )
            return nil
        }
        return relative
    }

    /// Reports a target that is not test code depending on a test-support target of its own package (a target
    /// whose name matches `testOnlyProducts`, or one only test-only products export).
    private mutating func checkOwnTestSupport(
        _ package: ScannedPackage,
        target: PackageManifest.Target,
        isTestCode: Bool,
        on name: String,
        line: Int?
    ) {
        guard !isTestCode,
            let dependency = package.manifest.targets.first(where: { $0.name == name }),
            !dependency.isTest,
            self.isTestCode(dependency, in: package.manifest)
        else { return }
        report(
            .testOnlyProduct, package, target: target.name, line: line,
            "target \(target.name) of \(package.path) depends on target \(name), which is test-support code "
                + "(only test-only products export it, or its name matches testOnlyProducts), and "
                + "\(target.name) is not a test target"
        )
    }

    /// Test code: a test target, a target whose name matches `testOnlyProducts`, or a target that only
    /// test-only products export.
    func isTestCode(_ target: PackageManifest.Target, in manifest: PackageManifest) -> Bool {
        let globs = scan.configuration.testOnlyProducts
        if target.isTest || globs.anyMatches(target.name) { return true }
        let exporting = manifest.products.filter { $0.targets.contains(target.name) }
        return !exporting.isEmpty && exporting.allSatisfy { globs.anyMatches($0.name) }
    }

    private mutating func report(
        _ rule: LintRule,
        _ package: ScannedPackage,
        other: String? = nil,
        target: String? = nil,
        line: Int?,
        _ message: String
    ) {
        findings.append(
            Finding(
                rule: rule,
                message: message,
                package: package.path,
                otherPackage: other,
                target: target,
                manifest: package.manifestPath,
                line: line
            )
        )
    }
}
