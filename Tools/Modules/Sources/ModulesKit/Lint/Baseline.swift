import Foundation

/// The findings a repository has accepted for now (`modules lint --write-baseline`), so that later runs report only
/// new ones: the way to adopt `modules` on a repository that does not pass yet.
///
/// A finding is identified by its rule, package, other package, target, source file and module, never by its line
/// (lines move with every edit) or its message (wording may improve). The same identity may be accepted more than
/// once; each accepted copy hides one finding.
public struct Baseline: Sendable, Equatable, Codable {
    /// One accepted finding.
    public struct Entry: Sendable, Hashable, Codable {
        /// The rule id.
        public var rule: String
        /// The package whose manifest holds it.
        public var package: String
        /// The other package involved, if any.
        public var otherPackage: String?
        /// The target, if any.
        public var target: String?
        /// The source file of an import finding.
        public var file: String?
        /// The module of an import finding.
        public var module: String?
        /// The message when it was accepted, for people reading the file (not compared).
        public var message: String

        /// The entry of `finding`.
        public init(_ finding: Finding) {
            rule = finding.rule.rawValue
            package = finding.package
            otherPackage = finding.otherPackage
            target = finding.target
            file = finding.file
            module = finding.module
            message = finding.message
        }

        var identity: String {
            [rule, package, otherPackage ?? "", target ?? "", file ?? "", module ?? ""].joined(separator: "\u{1F}")
        }

        /// Entries are equal when they identify the same finding (the message is not compared).
        public static func == (lhs: Entry, rhs: Entry) -> Bool { lhs.identity == rhs.identity }
        /// Hashes the identity.
        public func hash(into hasher: inout Hasher) { hasher.combine(identity) }
    }

    /// The version of this file's shape.
    public var schemaVersion = 1
    /// The accepted findings, sorted.
    public var findings: [Entry]

    /// A baseline accepting `findings`.
    public init(findings: [Finding]) {
        self.findings = findings.map(Entry.init).sorted { $0.identity < $1.identity }
    }

    /// Reads a baseline file.
    /// - Throws: ``ConfigurationError`` naming the file when it cannot be read or is not a baseline.
    public static func load(from url: URL) throws -> Baseline {
        do {
            return try JSONDecoder().decode(Baseline.self, from: Data(contentsOf: url))
        } catch let error as DecodingError {
            throw ConfigurationError(path: url.path, reason: "is not a modules baseline (\(error))")
        } catch {
            throw ConfigurationError(path: url.path, reason: "cannot be read (\(error.localizedDescription))")
        }
    }

    /// Writes the baseline as sorted, indented JSON.
    /// - Throws: the file system's error.
    public func write(to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try (encoder.encode(self) + Data("\n".utf8)).write(to: url, options: .atomic)
    }

    /// `report` without the findings this baseline accepts, with ``LintReport/baselinedCount`` and
    /// ``LintReport/staleBaselineCount`` set.
    public func apply(to report: LintReport) -> LintReport {
        var remaining: [String: Int] = [:]
        for entry in findings {
            remaining[entry.identity, default: 0] += 1
        }
        var kept: [Finding] = []
        for finding in report.findings {
            let identity = Entry(finding).identity
            if let count = remaining[identity], count > 0 {
                remaining[identity] = count - 1
            } else {
                kept.append(finding)
            }
        }
        var result = LintReport(repository: report.repository, packageCount: report.packageCount, findings: kept)
        result.suppressedCount = report.suppressedCount
        result.baselinedCount = report.findings.count - kept.count
        result.staleBaselineCount = remaining.values.reduce(0, +)
        return result
    }
}
