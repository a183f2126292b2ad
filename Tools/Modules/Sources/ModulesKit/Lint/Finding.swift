/// How much a finding matters: errors make `modules lint` exit 1.
public enum Severity: String, Sendable, Equatable, Comparable, Encodable {
    /// A broken rule; `modules lint` exits 1.
    case error
    /// Worth a look; does not change the exit status.
    case warning

    /// Errors sort before warnings.
    public static func < (lhs: Severity, rhs: Severity) -> Bool {
        lhs == .error && rhs == .warning
    }
}

/// What `modules.json` sets a rule to under `rules`: a severity, or `off`.
public enum RuleSetting: String, Sendable, Equatable, CaseIterable, Encodable {
    /// Findings of the rule are errors (`modules lint` exits 1).
    case error
    /// Findings of the rule are warnings.
    case warning
    /// The rule is not checked.
    case off

    /// The severity findings get, or `nil` for `off`.
    public var severity: Severity? {
        switch self {
        case .error: .error
        case .warning: .warning
        case .off: nil
        }
    }
}

/// The rules `modules lint` checks, by their stable kebab-case ids.
public enum LintRule: String, Sendable, CaseIterable, Encodable {
    /// A package depends on a package in a higher layer.
    case layerOrder = "layer-order"
    /// A package depends on a package of its own layer, and the layer forbids peer dependencies.
    case peerDependency = "peer-dependency"
    /// A package depends on a package its `allowedDependencies` does not list.
    case disallowedDependency = "disallowed-dependency"
    /// A package depends on a package whose `allowedDependents` does not list it.
    case disallowedDependent = "disallowed-dependent"
    /// A non-test target depends on a `testOnly` package.
    case testOnlyPackage = "test-only-package"
    /// A non-test target depends on a product matching `testOnlyProducts`.
    case testOnlyProduct = "test-only-product"
    /// Packages depend on each other in a cycle (test targets count).
    case dependencyCycle = "dependency-cycle"
    /// Two packages have the same identity (directory name, compared case-insensitively).
    case duplicateIdentity = "duplicate-identity"
    /// A package matches no layer of `modules.json`.
    case unlayeredPackage = "unlayered-package"
    /// A path dependency points outside the repository.
    case pathOutsideRepository = "path-outside-repo"
    /// A path dependency points to a directory that does not exist or holds no `Package.swift`.
    case missingDependencyPath = "missing-dependency-path"
    /// A path dependency points to a package the repository excludes (a fixture) or hides.
    case undiscoveredDependency = "undiscovered-dependency"
    /// A target names a product its dependency's manifest does not declare.
    case unknownProduct = "unknown-product"
    /// A target names a package that is not among the manifest's dependencies.
    case unknownPackageReference = "unknown-package-reference"
    /// A manifest failed to load, so its rules could not be checked.
    case manifestLoadFailed = "manifest-load-failed"
    /// A source file imports a module that is not a declared dependency of its target.
    case undeclaredImport = "undeclared-import"
    /// A source file imports a module its target reaches only through another dependency.
    case transitiveImport = "transitive-import"
    /// A source file imports, on some platform, a module its target reaches there through no dependency: every
    /// path to it passes a dependency whose `.when(platforms:)` leaves that platform out.
    case platformUnavailableImport = "platform-unavailable-import"
    /// A source file imports a module whose package the layering rules forbid (found before anything builds).
    case upwardImport = "upward-import"
    /// A target declares a dependency that none of its source files imports (a warning).
    case unusedDependency = "unused-dependency"
    /// The compiler could not read a target's imports (the file does not parse).
    case importScanFailed = "import-scan-failed"
    /// A key of `packages` in `modules.json` names no package of the repository, so its rules check nothing.
    case unknownConfiguredPackage = "unknown-configured-package"
    /// A package declares a `.package(url:)` or registry dependency: the toolchain is the only Swift dependency.
    case remoteDependency = "remote-dependency"
    /// A layer's package glob or an `exclude` entry of `modules.json` matches nothing (a warning).
    case unmatchedConfigurationGlob = "unmatched-configuration-glob"
    /// A source imports a module the tool cannot place: no target of the repository, no product module of a
    /// resolved dependency, no toolchain or SDK module (a warning; reported once per module, saying where it looked).
    case unknownModule = "unknown-module"
    /// A `quarantine` entry of `modules.json` is past its `expires` date, so the test's failures fail runs again.
    case quarantineExpired = "quarantine-expired"
    /// A `quarantine` entry of `modules.json` names no test of the repository (package, test target, or, where the
    /// built tests can be listed, suite and test).
    case unknownQuarantinedTest = "unknown-quarantined-test"

    /// What a rule is set to when `modules.json` does not say (or there is no `modules.json`). `remote-dependency`
    /// is this repository's own policy, so it is off unless a `modules.json` switches it on.
    public var defaultSetting: RuleSetting {
        switch self {
        case .remoteDependency: .off
        case .unusedDependency, .unmatchedConfigurationGlob, .unknownModule: .warning
        default: .error
        }
    }

    /// One line saying what the rule checks.
    public var summary: String {
        switch self {
        case .layerOrder: "a package depends only on packages in lower layers"
        case .peerDependency: "packages of a layer that forbids peers do not depend on each other"
        case .disallowedDependency: "a package depends only on what its allowedDependencies lists"
        case .disallowedDependent: "only the packages a package's allowedDependents lists depend on it"
        case .testOnlyPackage: "only test code depends on a testOnly package"
        case .testOnlyProduct: "only test code depends on a product matching testOnlyProducts"
        case .dependencyCycle: "no dependency cycles between packages, test targets included"
        case .duplicateIdentity: "no two packages share a directory name (SwiftPM's identity)"
        case .unlayeredPackage: "every package belongs to a layer"
        case .pathOutsideRepository: "path dependencies stay inside the repository"
        case .missingDependencyPath: "path dependencies point to an existing package"
        case .undiscoveredDependency: "path dependencies point to a package of this repository, not an excluded one"
        case .unknownProduct: "a target's product dependency is declared by that package's manifest"
        case .unknownPackageReference: "a product dependency names a declared package dependency"
        case .manifestLoadFailed: "every manifest loads"
        case .undeclaredImport: "every import names a declared dependency of the target (or the toolchain)"
        case .transitiveImport: "a module reachable only through another dependency is declared before it is imported"
        case .platformUnavailableImport:
            "no source imports, on a platform, a module that only a dependency conditioned to other platforms brings"
        case .upwardImport: "no source imports a module whose package the layering rules forbid"
        case .unusedDependency: "every declared dependency is imported by a source of the target (a warning)"
        case .importScanFailed: "the compiler can read every target's imports"
        case .unknownConfiguredPackage: "every key of packages in modules.json names a package of the repository"
        case .remoteDependency:
            "no package depends on a package outside the repository (off unless modules.json sets it)"
        case .unmatchedConfigurationGlob:
            "every layer glob and exclude entry of modules.json matches something (a warning)"
        case .unknownModule:
            "every imported module is found in the repository, a resolved dependency or the SDKs (a warning)"
        case .quarantineExpired: "every quarantine entry of modules.json is before its expires date"
        case .unknownQuarantinedTest: "every quarantine entry of modules.json names a test of the repository"
        }
    }
}

/// One broken rule, located in a manifest or, for import findings, in a source file.
public struct Finding: Sendable, Equatable, Encodable {
    /// The rule's id.
    public var rule: LintRule
    /// Error or warning.
    public var severity: Severity
    /// A sentence naming the packages and target involved.
    public var message: String
    /// The package whose manifest holds the problem (repository-relative path).
    public var package: String
    /// The other package involved: the dependency, the dependent, or the package with the same identity.
    public var otherPackage: String?
    /// The target whose dependency breaks the rule, when one does.
    public var target: String?
    /// The repository-relative manifest path to fix.
    public var manifest: String
    /// The 1-based line in ``file`` (or, without a file, in the manifest), when it could be located by text.
    public var line: Int?
    /// For cycles, the package paths around the cycle, first one repeated at the end.
    public var cycle: [String]?
    /// For import findings, the repository-relative source file holding the `import`.
    public var file: String?
    /// For import findings, the module imported (or, for `unused-dependency`, the module not imported).
    public var module: String?

    /// Creates a finding.
    public init(
        rule: LintRule,
        severity: Severity = .error,
        message: String,
        package: String,
        otherPackage: String? = nil,
        target: String? = nil,
        manifest: String,
        line: Int? = nil,
        cycle: [String]? = nil,
        file: String? = nil,
        module: String? = nil
    ) {
        self.rule = rule
        self.severity = severity
        self.message = message
        self.package = package
        self.otherPackage = otherPackage
        self.target = target
        self.manifest = manifest
        self.line = line
        self.cycle = cycle
        self.file = file
        self.module = module
    }

    /// `file:line` (or `manifest:line`), or the path alone when the line is unknown.
    public var location: String {
        line.map { "\(path):\($0)" } ?? path
    }

    /// The file the finding points at: the source file of an import finding, else the manifest.
    public var path: String {
        file ?? manifest
    }
}
