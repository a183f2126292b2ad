/// The result of `modules lint`, as printed with `--format json` (schema version 1).
public struct LintReport: Sendable, Equatable, Encodable {
    /// The version of this JSON shape; it changes only when a field changes meaning or disappears.
    public static let currentSchemaVersion = 1

    /// The version of this JSON shape.
    public var schemaVersion = LintReport.currentSchemaVersion
    /// The repository root (absolute path).
    public var repository: String
    /// How many packages were found (loaded or not).
    public var packageCount: Int
    /// How many findings are errors.
    public var errorCount: Int
    /// How many findings are warnings.
    public var warningCount: Int
    /// The findings, errors first, then by manifest path and line.
    public var findings: [Finding]
    /// How many findings a `// modules:ignore` comment hid.
    public var suppressedCount = 0
    /// How many findings the baseline file holds and were therefore not reported.
    public var baselinedCount = 0
    /// Baseline entries no finding matches any more (fixed since the baseline was written): rewrite it.
    public var staleBaselineCount = 0

    /// Creates a report, counting the findings by severity.
    public init(repository: String, packageCount: Int, findings: [Finding]) {
        self.repository = repository
        self.packageCount = packageCount
        self.findings = findings
        self.errorCount = findings.count { $0.severity == .error }
        self.warningCount = findings.count { $0.severity == .warning }
    }

    /// 1 when any finding is an error, otherwise 0.
    public var exitCode: Int32 { errorCount > 0 ? 1 : 0 }
}

/// Checks a repository scan against the rules of its `modules.json`.
public struct Linter: Sendable {
    /// Creates a linter.
    public init() {}

    /// Every finding of the manifest rules for `scan`, plus `additional` ones (the import checks), sorted: errors
    /// first, then by file, line, rule and message. Each finding takes the severity `modules.json` sets for its
    /// rule under `rules` (a rule set to `off` reports nothing), and a finding whose line carries a
    /// `// modules:ignore` comment for its rule is left out (counted in ``LintReport/suppressedCount``).
    public func lint(_ scan: RepositoryScan, additional: [Finding] = []) -> LintReport {
        lint(scan, graph: PackageGraph(scan: scan), additional: additional)
    }

    func lint(_ scan: RepositoryScan, graph: PackageGraph, additional: [Finding]) -> LintReport {
        let rules = LayeringRules(scan: scan)
        let manifests = Dictionary(scan.packages.map { ($0.path, $0.manifestPath) }, uniquingKeysWith: { a, _ in a })
        var findings = scan.failures.map { failure in
            Finding(
                rule: .manifestLoadFailed,
                message: "the manifest of \(failure.package) failed to load, so its rules were not checked:\n"
                    + failure.message,
                package: failure.package,
                manifest: failure.manifest
            )
        }
        findings += graph.findings
        findings += rules.unlayeredPackages()
        findings += rules.duplicateIdentities(edges: graph.edges)
        findings += ConfigurationRules(scan: scan).findings()
        for edge in graph.edges {
            findings += rules.check(edge, manifest: manifests[edge.from] ?? LayeringRules.manifestPath(of: edge.from))
        }
        for edge in graph.targetEdges {
            findings += rules.check(edge, manifest: manifests[edge.from.package] ?? LayeringRules.manifestPath(of: "."))
        }
        findings += cycleFindings(graph: graph, manifests: manifests)
        findings += additional
        let configuration = scan.configuration
        findings = findings.compactMap { finding in
            guard let severity = configuration.setting(of: finding.rule).severity else { return nil }
            var finding = finding
            finding.severity = severity
            return finding
        }
        var suppressions = Suppressions(root: scan.root)
        let kept = findings.filter { !suppressions.suppresses($0) }
        let suppressed = findings.count - kept.count
        findings = kept
        findings.sort { lhs, rhs in
            (lhs.severity, lhs.path, lhs.line ?? 0, lhs.rule.rawValue, lhs.message)
                < (rhs.severity, rhs.path, rhs.line ?? 0, rhs.rule.rawValue, rhs.message)
        }
        var report = LintReport(repository: scan.root.path, packageCount: scan.packagePaths.count, findings: findings)
        report.suppressedCount = suppressed
        return report
    }

    private func cycleFindings(graph: PackageGraph, manifests: [String: String]) -> [Finding] {
        CycleDetector(edges: graph.edges).cycles().map { cycle in
            let hops = zip(cycle, cycle.dropFirst()).map { from, to in
                graph.edges(from: from).first { $0.to == to }
            }
            let steps = zip(cycle, hops).map { package, edge -> String in
                let targets = Set(edge?.uses.map(\.target) ?? []).sorted()
                return targets.isEmpty ? package : "\(package) (\(targets.joined(separator: ", ")))"
            }
            let firstHop = hops.first ?? nil
            let first = cycle[0]
            return Finding(
                rule: .dependencyCycle,
                message: "dependency cycle: \((steps + [first]).joined(separator: " → ")); test targets count",
                package: first,
                otherPackage: cycle.count > 1 ? cycle[1] : nil,
                target: firstHop?.uses.first?.target,
                manifest: manifests[first] ?? LayeringRules.manifestPath(of: first),
                line: firstHop?.uses.first?.line ?? firstHop?.declarationLine,
                cycle: cycle
            )
        }
    }
}
