import Foundation

/// A package whose manifest loaded.
public struct ScannedPackage: Sendable, Equatable {
    /// The repository-relative directory (`.` for the root package).
    public var path: String
    /// The repository-relative manifest path.
    public var manifestPath: String
    /// What the manifest declares.
    public var manifest: PackageManifest
    /// The manifest's source text, for locating lines in findings (empty when unreadable).
    public var source: String

    /// Creates a scanned package.
    public init(path: String, manifestPath: String, manifest: PackageManifest, source: String = "") {
        self.path = path
        self.manifestPath = manifestPath
        self.manifest = manifest
        self.source = source
    }
}

/// Every package of a repository, loaded.
public struct RepositoryScan: Sendable {
    /// The repository root.
    public var root: URL
    /// The rules in force.
    public var configuration: ModulesConfiguration
    /// Every package directory found, loaded or not, in ``PackageDiscovery`` order.
    public var packagePaths: [String]
    /// The packages whose manifests loaded.
    public var packages: [ScannedPackage]
    /// The manifests that failed to load.
    public var failures: [ManifestFailure]
    /// The `exclude` globs of `modules.json` that matched no directory of the walk.
    public var unmatchedExcludes: [String]
    /// How many manifests came from the manifest cache (no `swift` process started for them).
    public var cachedManifestCount: Int = 0
    /// Why loaded manifests could not be recorded in the manifest cache (one message per package).
    public var cacheWriteErrors: [String] = []

    /// Creates a scan.
    public init(
        root: URL,
        configuration: ModulesConfiguration,
        packagePaths: [String],
        packages: [ScannedPackage],
        failures: [ManifestFailure],
        unmatchedExcludes: [String] = []
    ) {
        self.root = root
        self.configuration = configuration
        self.packagePaths = packagePaths
        self.packages = packages
        self.failures = failures
        self.unmatchedExcludes = unmatchedExcludes
    }

    /// True for a repository that is one package with targets: the only package, or the only one whose manifest
    /// declares targets (other manifests hold no code, only dependencies for tooling). Then `graph` and `affected`
    /// work target by target.
    public var isSinglePackage: Bool {
        packagePaths.count == 1 || (failures.isEmpty && packages.count { !$0.manifest.targets.isEmpty } == 1)
    }

    /// The identity SwiftPM gives the package at `path`: its lowercased directory name.
    public func identity(of path: String) -> String {
        RepoPath.identity(ofDirectory: RepoPath.url(path, in: root))
    }
}

/// Finds a repository's packages and loads their manifests concurrently.
public struct RepositoryScanner: Sendable {
    private let loader: ManifestLoader
    private let concurrency: Int

    /// Creates a scanner.
    /// - Parameters:
    ///   - loader: loads one manifest.
    ///   - concurrency: how many manifests load at once (at least 1).
    public init(loader: ManifestLoader, concurrency: Int) {
        self.loader = loader
        self.concurrency = max(1, concurrency)
    }

    /// Finds and loads every package under `root`.
    /// - Throws: the file system's error when `root` cannot be listed; ``ProcessLaunchError`` when `swift` cannot
    ///   be started at all (one error instead of a failure per manifest).
    public func scan(root: URL, configuration: ModulesConfiguration) async throws -> RepositoryScan {
        var matchedExcludes: Set<String> = []
        let paths = try PackageDiscovery().packagePaths(in: root) { path in
            let matching = configuration.exclude.filter { $0.matchesSelfOrAncestor(of: path) }
            matchedExcludes.formUnion(matching.map(\.pattern))
            return !matching.isEmpty
        }
        let loader = self.loader
        let outcomes = await concurrentMap(paths, limit: concurrency) { path in
            let directory = RepoPath.url(path, in: root)
            let manifestPath = path == "." ? PackageDiscovery.manifestName : "\(path)/\(PackageDiscovery.manifestName)"
            let source =
                (try? String(
                    contentsOf: directory.appendingPathComponent(PackageDiscovery.manifestName), encoding: .utf8)) ?? ""
            let loaded = await loader.loadWithCache(packageIn: directory)
            switch loaded.result {
            case .success(let manifest):
                let package = ScannedPackage(path: path, manifestPath: manifestPath, manifest: manifest, source: source)
                return (Result<ScannedPackage, ManifestFailure>.success(package), ProcessLaunchError?.none, loaded)
            case .failure(let error):
                let failure = ManifestFailure(package: path, manifest: manifestPath, message: error.message)
                return (.failure(failure), error.launchError, loaded)
            }
        }
        if let launchError = outcomes.lazy.compactMap(\.1).first {
            throw launchError
        }
        var packages: [ScannedPackage] = []
        var failures: [ManifestFailure] = []
        for (outcome, _, _) in outcomes {
            switch outcome {
            case .success(let package): packages.append(package)
            case .failure(let failure): failures.append(failure)
            }
        }
        var scan = RepositoryScan(
            root: root,
            configuration: configuration,
            packagePaths: paths,
            packages: packages,
            failures: failures,
            unmatchedExcludes: configuration.exclude.map(\.pattern).filter { !matchedExcludes.contains($0) }
        )
        scan.cachedManifestCount = outcomes.filter(\.2.fromCache).count
        scan.cacheWriteErrors = outcomes.compactMap(\.2.cacheWriteError)
        return scan
    }
}
