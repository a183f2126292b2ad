import Foundation

/// Suppression comments: `// modules:ignore` at the end of the line a finding points at (an `import`, a
/// manifest's `.product(…)`) hides the findings of that line; `// modules:ignore undeclared-import, unused-dependency`
/// hides only those rules. Text after ` -- ` is a reason for people and is not read.
struct Suppressions {
    /// The marker looked for inside a `//` comment.
    static let marker = "modules:ignore"

    private let root: URL
    private var lines: [String: [Substring]] = [:]

    init(root: URL) {
        self.root = root
    }

    /// Whether `finding`'s line carries a suppression comment for its rule.
    mutating func suppresses(_ finding: Finding) -> Bool {
        guard let line = finding.line, line >= 1 else { return false }
        let path = finding.path
        if lines[path] == nil {
            let text = (try? String(contentsOf: RepoPath.url(path, in: root), encoding: .utf8)) ?? ""
            lines[path] = text.split(separator: "\n", omittingEmptySubsequences: false)
        }
        guard let fileLines = lines[path], line <= fileLines.count else { return false }
        guard let rules = Self.rules(in: fileLines[line - 1]) else { return false }
        return rules.isEmpty || rules.contains(finding.rule.rawValue)
    }

    /// The rules a line's suppression comment names (empty: every rule), or `nil` when it has none.
    static func rules(in line: Substring) -> Set<String>? {
        guard let comment = line.range(of: "//"),
            let marker = line[comment.upperBound...].range(of: Self.marker)
        else { return nil }
        var rest = line[marker.upperBound...]
        if let reason = rest.range(of: " -- ") {
            rest = rest[..<reason.lowerBound]
        }
        let names = rest.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }).map(String.init)
        return Set(names)
    }
}
