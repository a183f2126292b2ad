import Foundation

/// One package as `modules list` reports it.
public struct PackageListing: Sendable, Equatable, Encodable {
    /// A path dependency, by repository-relative path (absolute when it points outside the repository).
    public struct LocalDependency: Sendable, Equatable, Encodable {
        /// SwiftPM's identity for the dependency.
        public var identity: String
        /// The dependency's directory.
        public var path: String
    }

    /// The repository-relative directory (`.` for the root package).
    public var path: String
    /// The manifest's package name.
    public var name: String
    /// SwiftPM's identity: the lowercased directory name.
    public var identity: String
    /// The layer from `modules.json`, or `nil` when no layer matches.
    public var layer: String?
    /// The repository-relative manifest path.
    public var manifest: String
    /// The manifest's tools version.
    public var toolsVersion: String?
    /// The products.
    public var products: [PackageManifest.Product]
    /// The targets with their dependencies.
    public var targets: [PackageManifest.Target]
    /// The path dependencies.
    public var localDependencies: [LocalDependency]
    /// Source-control and registry dependencies.
    public var remoteDependencies: [PackageManifest.Dependency]

    /// Builds the listing of `package` within `scan`.
    public init(_ package: ScannedPackage, in scan: RepositoryScan) {
        path = package.path
        name = package.manifest.name
        identity = scan.identity(of: package.path)
        layer = scan.configuration.layerIndex(of: package.path).map { scan.configuration.layers[$0].name }
        manifest = package.manifestPath
        toolsVersion = package.manifest.toolsVersion
        products = package.manifest.products
        targets = package.manifest.targets
        localDependencies = package.manifest.dependencies.compactMap { dependency in
            guard dependency.kind == .fileSystem, let absolute = dependency.path else { return nil }
            let path = RepoPath.relative(URL(fileURLWithPath: absolute), to: scan.root) ?? absolute
            return LocalDependency(identity: dependency.identity, path: path)
        }
        remoteDependencies = package.manifest.dependencies.filter { $0.kind != .fileSystem }
    }
}

/// The output of `modules list --format json` (schema version 1).
struct ListReport: Encodable {
    var schemaVersion = 1
    var repository: String
    var packages: [PackageListing]
    var errors: [ManifestFailure]
}

/// `modules list`: every package of the repository with its layer, products, targets and local dependencies.
enum ListCommand {
    static let spec = CommandSpec(
        name: "list",
        summary: "List every package of the repository: layer, products, targets, local dependencies.",
        synopsis: "list [--format text|json] [--repo DIR]",
        options: Command.commonOptions(),
        positionals: nil,
        details: """
            Packages are found by walking the repository for Package.swift, skipping hidden directories (.build,
            .swiftpm) and the exclude globs of modules.json, and read with `swift package dump-package`.
            Exit status: 0, or 1 when a manifest failed to load (the others are still listed).
            """
    )

    static func run(_ context: CommandContext) async throws -> Int32 {
        let scan = try await context.scan()
        let listings = scan.packages.map { PackageListing($0, in: scan) }
        switch context.format {
        case .json:
            try context.writeJSON(ListReport(repository: scan.root.path, packages: listings, errors: scan.failures))
        default:
            context.environment.output.write(text(listings))
            for failure in scan.failures {
                context.environment.errorOutput.writeLine("error: \(failure.manifest): manifest failed to load:")
                context.environment.errorOutput.writeLine(indent(failure.message))
            }
        }
        return scan.failures.isEmpty ? ExitStatus.success : ExitStatus.failure
    }

    static func text(_ listings: [PackageListing]) -> String {
        var lines: [String] = []
        for listing in listings {
            lines.append("\(listing.path)  \(listing.name)  [\(listing.layer ?? "no layer")]")
            let products = listing.products.map { "\($0.name) (\($0.type))" }
            lines.append("    products: \(products.isEmpty ? "none" : products.joined(separator: ", "))")
            lines.append("    targets:")
            let pathByIdentity = Dictionary(
                listing.localDependencies.map { ($0.identity.lowercased(), $0.path) },
                uniquingKeysWith: { first, _ in first }
            )
            for target in listing.targets {
                let dependencies = target.dependencies.map { dependency in
                    dependency.package.map { "\(dependency.name) (\(pathByIdentity[$0.lowercased()] ?? $0))" }
                        ?? dependency.name
                }
                let arrow = dependencies.isEmpty ? "" : " → " + dependencies.joined(separator: ", ")
                lines.append("      \(target.name) (\(target.type))\(arrow)")
            }
            let local = listing.localDependencies.map(\.path)
            lines.append("    local dependencies: \(local.isEmpty ? "none" : local.joined(separator: ", "))")
            if !listing.remoteDependencies.isEmpty {
                let remote = listing.remoteDependencies.map { $0.location ?? $0.identity }
                lines.append("    remote dependencies: \(remote.joined(separator: ", "))")
            }
        }
        lines.append("\(listings.count) package\(listings.count == 1 ? "" : "s")")
        return lines.joined(separator: "\n") + "\n"
    }

    static func indent(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { "    \($0)" }.joined(separator: "\n")
    }
}
