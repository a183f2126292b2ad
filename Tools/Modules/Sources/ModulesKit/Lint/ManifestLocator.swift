import Foundation

/// Finds the lines of a manifest's declarations by reading its text, for pointing findings at a line.
///
/// This is text search, not parsing: it finds declarations written one argument per line or on one line, as
/// `swift package init` and this repository write them, and gives up (no line) otherwise.
///
/// The lines declaring targets are found once, when the locator is made, so a manifest with a hundred targets and
/// hundreds of references costs one pass plus a few lines per reference (measured: a quadratic search was 40 % of a
/// warm `modules graph` on a 65-target package).
struct ManifestLocator {
    private let lines: [String]
    /// Target name → the index of the first line that declares it.
    private let declarations: [String: Int]
    /// Product name → the index of the first line holding `product(name: "X"`.
    private let productLines: [String: Int]

    init(source: String) {
        lines = source.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var declarations: [String: Int] = [:]
        var productLines: [String: Int] = [:]
        var previous: String?
        for (index, line) in lines.enumerated() {
            if line.contains("product(name: \"") {
                for name in Self.names(in: line, after: "product(name: \"") where productLines[name] == nil {
                    productLines[name] = index
                }
            }
            let afterOpening = previous?.trimmingCharacters(in: .whitespaces).hasSuffix("arget(") == true
            if Self.declaresTarget(line) || afterOpening {
                for name in Self.names(in: line) where declarations[name] == nil {
                    declarations[name] = index
                }
            }
            if !line.trimmingCharacters(in: .whitespaces).isEmpty {
                previous = line
            }
        }
        self.declarations = declarations
        self.productLines = productLines
    }

    /// Every string literal opened by `label` (`name: "`) on `line`.
    private static func names(in line: String, after label: String = "name: \"") -> [String] {
        var names: [String] = []
        var rest = Substring(line)
        while let label = rest.range(of: label) {
            let afterOpen = rest[label.upperBound...]
            guard let close = afterOpen.firstIndex(of: "\"") else { break }
            names.append(String(afterOpen[..<close]))
            rest = afterOpen[afterOpen.index(after: close)...]
        }
        return names
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

    /// The 1-based number of the first line holding `text`.
    func firstLine(containing text: String) -> Int? {
        let needle = Array(text.utf8)
        return lines.firstIndex { !Self.offsets(of: needle, in: Array($0.utf8)).isEmpty }.map { $0 + 1 }
    }

    /// The line where target `target` refers to the product or name `name`.
    func referenceLine(target: String, name: String) -> Int? {
        let quotedName = Array("\"\(name)\"".utf8)
        let ownName = Array("name: \"\(target)\"".utf8)
        if let start = targetDeclarationLine(target) {
            for index in start..<lines.count {
                let line = Array(lines[index].utf8)
                if index > start, Self.declaresTarget(lines[index]), Self.offsets(of: ownName, in: line).isEmpty {
                    break
                }
                // An occurrence that is the target's own `name: "X"` label does not count.
                let own = Set(Self.offsets(of: ownName, in: line).map { $0 + ownName.count - quotedName.count })
                if Self.offsets(of: quotedName, in: line).contains(where: { !own.contains($0) }) {
                    return index + 1
                }
            }
        }
        return productLines[name].map { $0 + 1 }
    }

    /// Where `needle` starts in `haystack` (byte offsets): a plain search, much cheaper on short manifest lines than
    /// bridging each line to Foundation.
    static func offsets(of needle: [UInt8], in haystack: [UInt8]) -> [Int] {
        guard !needle.isEmpty, haystack.count >= needle.count else { return [] }
        var found: [Int] = []
        let first = needle[0]
        var index = 0
        while index <= haystack.count - needle.count {
            if haystack[index] == first, haystack[index..<(index + needle.count)].elementsEqual(needle) {
                found.append(index)
            }
            index += 1
        }
        return found
    }

    /// The line declaring target `target` (`.target(name: "X"`, `.testTarget(`, also with `name:` on the next line).
    func targetDeclarationLine(_ target: String) -> Int? {
        declarations[target]
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
