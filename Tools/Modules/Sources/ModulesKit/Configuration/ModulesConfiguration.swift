import Foundation

/// The layering rules of a repository, read from its `modules.json` (schema version 1, documented in the
/// README of Tools/Modules).
public struct ModulesConfiguration: Sendable, Equatable {
    /// The file name looked up at the repository root.
    public static let fileName = "modules.json"
    /// The schema version this tool reads.
    public static let supportedSchemaVersion = 1

    /// A layer: the packages whose paths match one of its globs.
    public struct Layer: Sendable, Equatable, Encodable {
        /// The layer's name, used in findings (`features`, `core`).
        public var name: String
        /// What the layer holds, for people.
        public var description: String?
        /// Globs over repository-relative package paths (`Core/*`, `.` for the root package).
        public var packages: [Glob]
        /// Whether a package may depend on another package of the same layer.
        public var allowsPeerDependencies: Bool
        /// Globs over target names, for a repository laid out as one package with many targets: the targets in the
        /// layer. Dependencies and imports between targets of one package obey the layer order of these globs.
        public var targets: [Glob]

        /// Creates a layer.
        public init(
            name: String,
            description: String? = nil,
            packages: [Glob],
            allowsPeerDependencies: Bool,
            targets: [Glob] = []
        ) {
            self.name = name
            self.description = description
            self.packages = packages
            self.allowsPeerDependencies = allowsPeerDependencies
            self.targets = targets
        }

        private enum CodingKeys: String, CodingKey {
            case name, description, packages, allowsPeerDependencies, targets
        }

        /// Encodes the layer with its globs as plain strings.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encodeIfPresent(description, forKey: .description)
            try container.encode(packages.map(\.pattern), forKey: .packages)
            try container.encode(allowsPeerDependencies, forKey: .allowsPeerDependencies)
            if !targets.isEmpty {
                try container.encode(targets.map(\.pattern), forKey: .targets)
            }
        }
    }

    /// Extra rules for one package, keyed by its repository-relative path.
    public struct PackageRule: Sendable, Equatable {
        /// What the rule is for, for people.
        public var description: String?
        /// When set, the only repository packages this package may depend on (globs; empty means a leaf).
        public var allowedDependencies: [Glob]?
        /// When set, the only repository packages that may depend on this one (globs; empty means none may).
        public var allowedDependents: [Glob]?
        /// Whether only test code may depend on this package.
        public var testOnly: Bool

        /// Creates a rule.
        public init(
            description: String? = nil,
            allowedDependencies: [Glob]? = nil,
            allowedDependents: [Glob]? = nil,
            testOnly: Bool = false
        ) {
            self.description = description
            self.allowedDependencies = allowedDependencies
            self.allowedDependents = allowedDependents
            self.testOnly = testOnly
        }
    }

    /// The schema version the file declares.
    public var schemaVersion: Int
    /// Directory globs never searched for packages (fixture repositories).
    public var exclude: [Glob]
    /// The layers, top to bottom: a package may depend only on packages in layers below its own.
    public var layers: [Layer]
    /// Per-package rules keyed by repository-relative package path.
    public var packages: [String: PackageRule]
    /// Globs over product names that only test code may depend on (`*TestSupport`).
    public var testOnlyProducts: [Glob]
    /// Globs over repository-relative files whose change affects every package (`Makefile`, `modules.json`).
    public var affectsEverything: [Glob]
    /// Globs over repository-relative files outside every package (an Xcode app's folder), each with the packages
    /// a change to such a file affects (`owners`), in file order.
    public var owners: [(glob: Glob, packages: [String])]
    /// Where `modules new` puts packages, which feature template it uses and which target of the root manifest
    /// new features are added to (`scaffold`).
    public var scaffold: Scaffold

    /// The `scaffold` settings of `modules new`.
    public struct Scaffold: Sendable, Equatable {
        /// The feature templates `modules new feature` knows.
        public static let featureTemplates = ["library", "storefront-feature", "feature-entry"]

        /// The directory new features go to (`Features`).
        public var featuresDirectory: String
        /// The directory new core packages go to (`Core`).
        public var coreDirectory: String
        /// The feature template: `library` (a library and its test, which builds anywhere; the default) or
        /// `storefront-feature` (this repository's feature shape over its Models, Networking and DesignSystem).
        public var featureTemplate: String
        /// The target of the root manifest that new features are added to; `nil` when not configured.
        public var appTarget: String?

        /// Creates settings.
        public init(
            featuresDirectory: String = "Features", coreDirectory: String = "Core", featureTemplate: String = "library",
            appTarget: String? = nil
        ) {
            self.featuresDirectory = featuresDirectory
            self.coreDirectory = coreDirectory
            self.featureTemplate = featureTemplate
            self.appTarget = appTarget
        }
    }

    /// The shared cache (`cache`); without a URL everything stays local.
    public var cache = CacheSettings()
    /// How `modules trends` reads the history (`history`).
    public var history = HistorySettings()

    /// Globs over repository-relative files that build nothing (`ignore`): left out of content hashes and action
    /// keys, and a change to one affects no package. A file matches when it or a directory above it matches.
    public var ignore: [Glob] = ModulesConfiguration.defaultIgnore

    /// What ``ignore`` holds when `modules.json` does not say: files SwiftPM never reads, which editors and other
    /// build systems keep beside the sources. (An Xcode project inside a package is ignored too; one outside every
    /// package may build an app, so `owners` maps it.)
    public static let defaultIgnore = ["**/.editorconfig", "**/CMakeLists.txt", "**/.swiftpm/xcode"].map(Glob.init)

    /// Whether `file` lies in an Xcode project or workspace (a path segment ending in `.xcodeproj` or
    /// `.xcworkspace`): inside a package, SwiftPM builds nothing from it.
    public static func isInXcodeProject(_ file: String) -> Bool {
        file.split(separator: "/").dropLast().contains { $0.hasSuffix(".xcodeproj") || $0.hasSuffix(".xcworkspace") }
    }

    /// Whether `file` (repository-relative) or a directory above it matches ``ignore``.
    public func isIgnored(_ file: String) -> Bool {
        ignore.contains { $0.matchesSelfOrAncestor(of: file) }
    }

    /// What `rules` sets each rule to; a rule not named keeps its ``LintRule/defaultSetting``.
    public var rules: [LintRule: RuleSetting]
    /// The repository-relative baseline file of `modules lint` (`baseline`, default ``defaultBaseline``).
    public var baseline: String

    /// `test.timeout`: the seconds one package's `swift test` may run under `modules test` before it is killed
    /// (`--timeout` overrides it); `nil`: no limit.
    public var testTimeoutSeconds: Double?

    /// `quarantine`: tests whose failures are warnings until their entry expires, in file order.
    public var quarantine: [QuarantineEntry] = []

    /// Where `modules lint --write-baseline` writes and later runs read, unless `baseline` says otherwise.
    public static let defaultBaseline = "modules-baseline.json"

    /// What `rule` is set to here: `rules`, else the rule's default.
    public func setting(of rule: LintRule) -> RuleSetting {
        rules[rule] ?? rule.defaultSetting
    }

    /// What ``affectsEverything`` holds when `modules.json` does not say: the files that decide how every package
    /// is built, tested or checked.
    public static let defaultAffectsEverything = [
        "Makefile", ".swift-format", ".swift-version", "scripts/**", ".ci/**", ".github/workflows/**",
    ].map(Glob.init)

    /// Creates a configuration.
    public init(
        schemaVersion: Int = ModulesConfiguration.supportedSchemaVersion,
        exclude: [Glob] = [],
        layers: [Layer] = [],
        packages: [String: PackageRule] = [:],
        testOnlyProducts: [Glob] = [],
        affectsEverything: [Glob] = ModulesConfiguration.defaultAffectsEverything,
        rules: [LintRule: RuleSetting] = [:],
        baseline: String = ModulesConfiguration.defaultBaseline,
        owners: [(glob: Glob, packages: [String])] = [],
        scaffold: Scaffold = Scaffold()
    ) {
        self.schemaVersion = schemaVersion
        self.exclude = exclude
        self.layers = layers
        self.packages = packages
        self.testOnlyProducts = testOnlyProducts
        self.affectsEverything = affectsEverything
        self.rules = rules
        self.baseline = baseline
        self.owners = owners
        self.scaffold = scaffold
    }

    /// Compares every field; ``owners`` by glob and packages.
    public static func == (lhs: ModulesConfiguration, rhs: ModulesConfiguration) -> Bool {
        lhs.schemaVersion == rhs.schemaVersion && lhs.exclude == rhs.exclude && lhs.layers == rhs.layers
            && lhs.packages == rhs.packages && lhs.testOnlyProducts == rhs.testOnlyProducts
            && lhs.affectsEverything == rhs.affectsEverything && lhs.rules == rhs.rules && lhs.baseline == rhs.baseline
            && lhs.testTimeoutSeconds == rhs.testTimeoutSeconds
            && lhs.owners.map(\.glob) == rhs.owners.map(\.glob)
            && lhs.owners.map(\.packages) == rhs.owners.map(\.packages) && lhs.cache == rhs.cache
            && lhs.history == rhs.history
            && lhs.ignore == rhs.ignore && lhs.quarantine == rhs.quarantine
    }

    /// The index of the first layer (top = 0) whose `targets` globs match the target name, or `nil`.
    public func targetLayerIndex(of target: String) -> Int? {
        layers.firstIndex { $0.targets.anyMatches(target) }
    }

    /// The index of the first layer (top = 0) whose globs match `packagePath`, or `nil` when none does.
    public func layerIndex(of packagePath: String) -> Int? {
        layers.firstIndex { $0.packages.anyMatches(packagePath) }
    }

    /// The rule for `packagePath`, if the file has one.
    public func rule(for packagePath: String) -> PackageRule? {
        packages[RepoPath.normalize(packagePath)]
    }

    /// True when `path` (a directory) or one of its parents matches an `exclude` glob.
    public func isExcluded(_ path: String) -> Bool {
        exclude.contains { $0.matchesSelfOrAncestor(of: path) }
    }
}
