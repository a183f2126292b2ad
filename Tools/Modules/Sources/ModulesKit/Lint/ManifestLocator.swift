import Foundation

/// Finds the lines of a manifest's declarations by reading its text, for pointing findings at a line.
///
/// This is text search, not parsing: it finds declarations written one argument per line or on one line, as
/// `swift package init` and this repository write them, and gives up (no line) otherwise.
struct ManifestLocator {
    private let lines: [String]

    init(source: String) {
        lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    }

    /// The line of the `path:` argument that resolves (from `packageDirectory`) to `dependencyPath`.
    func pathDependencyLine(packageDirectory: URL, dependencyPath: String) -> Int? {
        let wanted = URL(fileURLWithPath: dependencyPath).standardizedFileURL.path
        for (index, line) in lines.enumerated() {
            guard let literal = Self.quoted(after: "path:", in: line) else { continue }
            let resolved =
                literal.hasPrefix("/")
                ? URL(fileURLWithPath: literal) : packageDirectory.appendingPathComponent(literal)
            if resolved.standardizedFileURL.path == wanted {
                return index + 1
            }
        }
        return nil
    }

    /// The line where target `target` refers to the product or name `name`.
    func referenceLine(target: String, name: String) -> Int? {
        let quotedName = "\"\(name)\""
        if let start = targetDeclarationLine(target) {
            for index in start..<lines.count {
                if index > start, Self.declaresTarget(lines[index]), !lines[index].contains("name: \"\(target)\"") {
                    break
                }
                let line = lines[index]
                let withoutOwnName = line.replacingOccurrences(of: "name: \"\(target)\"", with: "")
                if withoutOwnName.contains(quotedName) {
                    return index + 1
                }
            }
        }
        return lines.firstIndex { $0.contains("product(name: \(quotedName)") }.map { $0 + 1 }
    }

    /// The line declaring target `target` (`.target(name: "X"`, `.testTarget(`, also with `name:` on the next line).
    func targetDeclarationLine(_ target: String) -> Int? {
        let argument = "name: \"\(target)\""
        for (index, line) in lines.enumerated() where line.contains(argument) {
            if Self.declaresTarget(line) {
                return index
            }
            let previous = lines[..<index].last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }
            if let previous, previous.trimmingCharacters(in: .whitespaces).hasSuffix("arget(") {
                return index
            }
        }
        return nil
    }

    private static func declaresTarget(_ line: String) -> Bool {
        line.contains("arget(")
    }

    /// The first string literal after `label` on `line`.
    private static func quoted(after label: String, in line: String) -> String? {
        guard let labelRange = line.range(of: label) else { return nil }
        let rest = line[labelRange.upperBound...]
        guard let open = rest.firstIndex(of: "\"") else { return nil }
        let afterOpen = rest[rest.index(after: open)...]
        guard let close = afterOpen.firstIndex(of: "\"") else { return nil }
        return String(afterOpen[..<close])
    }
}
