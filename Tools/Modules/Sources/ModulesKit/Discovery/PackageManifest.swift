/// What a package's `Package.swift` declares, as `swift package dump-package` reports it.
public struct PackageManifest: Sendable, Equatable, Encodable {
    /// The package name given in the manifest (not its identity).
    public var name: String
    /// The manifest's tools version (`6.2.0`), when reported.
    public var toolsVersion: String?
    /// The declared package dependencies.
    public var dependencies: [Dependency]
    /// The products.
    public var products: [Product]
    /// The targets.
    public var targets: [Target]
    /// The `swiftLanguageModes` (`["6"]`), empty when the manifest gives none.
    public var swiftLanguageModes: [String]
    /// The platforms of `platforms:` (SwiftPM's names: `macos`, `ios`, `tvos`, `watchos`, `visionos`, …).
    public var platforms: [String]

    /// Creates a manifest.
    public init(
        name: String,
        toolsVersion: String? = nil,
        dependencies: [Dependency] = [],
        products: [Product] = [],
        targets: [Target] = [],
        swiftLanguageModes: [String] = [],
        platforms: [String] = []
    ) {
        self.name = name
        self.toolsVersion = toolsVersion
        self.dependencies = dependencies
        self.products = products
        self.targets = targets
        self.swiftLanguageModes = swiftLanguageModes
        self.platforms = platforms
    }

    /// The language mode the package's Swift compiles in: the newest of `swiftLanguageModes`, else 6 for tools
    /// version 6 and later, else 5 (SwiftPM's defaults).
    public var languageMode: String {
        if let newest = swiftLanguageModes.max(by: { (Double($0) ?? 0) < (Double($1) ?? 0) }) {
            return newest
        }
        let major = toolsVersion?.split(separator: ".").first.flatMap { Int($0) } ?? 5
        return major >= 6 ? "6" : "5"
    }

    /// A declared package dependency.
    public struct Dependency: Sendable, Equatable, Encodable {
        /// How the dependency is located.
        public enum Kind: String, Sendable, Encodable {
            /// `.package(path:)`: a local directory.
            case fileSystem
            /// `.package(url:...)`: a git repository.
            case sourceControl
            /// `.package(id:...)`: a package registry.
            case registry
        }

        /// How the dependency is located.
        public var kind: Kind
        /// SwiftPM's identity for it (the lowercased last path component for local packages).
        public var identity: String
        /// For `fileSystem` dependencies, the absolute directory as SwiftPM resolved it.
        public var path: String?
        /// For other kinds, the URL or registry identifier.
        public var location: String?

        /// Creates a dependency.
        public init(kind: Kind, identity: String, path: String? = nil, location: String? = nil) {
            self.kind = kind
            self.identity = identity
            self.path = path
            self.location = location
        }
    }

    /// A product.
    public struct Product: Sendable, Equatable, Encodable {
        /// The product name.
        public var name: String
        /// `library`, `executable`, `plugin`, `macro` or another kind SwiftPM reports.
        public var type: String
        /// The targets it contains.
        public var targets: [String]

        /// Creates a product.
        public init(name: String, type: String, targets: [String]) {
            self.name = name
            self.type = type
            self.targets = targets
        }
    }

    /// A target.
    public struct Target: Sendable, Equatable, Encodable {
        /// The target name (its module name, after replacing characters an identifier cannot hold).
        public var name: String
        /// `regular`, `executable`, `test`, `system`, `binary`, `plugin`, `macro`.
        public var type: String
        /// What the target depends on.
        public var dependencies: [TargetDependency]
        /// The `path:` argument (relative to the package directory), when the manifest gives one.
        public var path: String?
        /// The `sources:` argument (files or directories relative to the target's directory), when given.
        public var sources: [String]?
        /// The `exclude:` argument (relative to the target's directory).
        public var exclude: [String]
        /// The resource paths (relative to the target's directory).
        public var resources: [String]
        /// The Swift compilation conditions (`.define`, `-D` in `unsafeFlags`) active in a Linux debug build.
        public var defines: [String]
        /// The upcoming features it enables (`.enableUpcomingFeature`), which can change how sources parse.
        public var upcomingFeatures: [String]
        /// The plugins it uses (`plugins: [.plugin(name:package:)]`), in manifest order: a build plugin's generated
        /// sources are compiled with the target's.
        public var plugins: [PluginUsage]

        /// Creates a target.
        public init(
            name: String,
            type: String,
            dependencies: [TargetDependency] = [],
            path: String? = nil,
            sources: [String]? = nil,
            exclude: [String] = [],
            resources: [String] = [],
            defines: [String] = [],
            upcomingFeatures: [String] = [],
            plugins: [PluginUsage] = []
        ) {
            self.name = name
            self.type = type
            self.dependencies = dependencies
            self.path = path
            self.sources = sources
            self.exclude = exclude
            self.resources = resources
            self.defines = defines
            self.upcomingFeatures = upcomingFeatures
            self.plugins = plugins
        }

        /// True for test targets.
        public var isTest: Bool { type == "test" }

        /// One `.plugin(name:package:)` of a target's `plugins:`.
        public struct PluginUsage: Sendable, Equatable {
            /// The plugin's name.
            public var name: String
            /// The package that vends it, as the manifest names it (an identity or a package name); `nil` for a
            /// plugin of the target's own package.
            public var package: String?

            /// Creates a usage.
            public init(name: String, package: String? = nil) {
                self.name = name
                self.package = package
            }
        }

        private enum CodingKeys: String, CodingKey {
            case name, type, dependencies, path
        }

        /// Encodes the name, type, dependencies and (when given) the path.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(type, forKey: .type)
            try container.encode(dependencies, forKey: .dependencies)
            try container.encodeIfPresent(path, forKey: .path)
        }
    }

    /// One entry of a target's `dependencies`.
    public struct TargetDependency: Sendable, Equatable, Encodable {
        /// How the dependency was written.
        public enum Kind: String, Sendable, Encodable {
            /// `.target(name:)`: a target of the same package.
            case target
            /// `.product(name:package:)`: a product of a dependency.
            case product
            /// A plain string: a target of the same package or a product of a dependency with that name.
            case byName
        }

        /// How the dependency was written.
        public var kind: Kind
        /// The target or product name.
        public var name: String
        /// For `product`, the package (identity or name) given in the manifest.
        public var package: String?
        /// The platforms of its `.when(platforms:)` condition (SwiftPM's names), or `nil` when it applies to all.
        public var platforms: [String]?

        /// Creates a target dependency.
        public init(kind: Kind, name: String, package: String? = nil, platforms: [String]? = nil) {
            self.kind = kind
            self.name = name
            self.package = package
            self.platforms = platforms
        }
    }
}
