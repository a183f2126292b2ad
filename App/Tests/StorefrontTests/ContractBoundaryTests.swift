import Foundation
import Testing

/// The App meets the features only through the contract: a scan of the sources finds no entry type named outside the
/// one registration file (`AppEntries.swift`), no `switch` over a command's name and no `?? specs[0]`-style fallback
/// anywhere, and no route built from a string literal in the App outside deep-link parsing (`DeepLink.swift`); and no
/// feature names another feature's entry by its string name.
@Suite("the App knows the features only through the contract", .timeLimit(.minutes(1)))
struct ContractBoundaryTests {
    /// The repository's root, above App/Tests/StorefrontTests/ where this file is.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// The feature entries' type names and their entry names.
    static let entries = [
        ("FeedEntry", "feed"), ("SearchEntry", "search"), ("CheckoutEntry", "checkout"), ("ListsEntry", "lists"),
        ("AccountEntry", "account"),
    ]

    /// Every Swift file under `directory` (relative to the root), with its path relative to the root and its text.
    static func sources(under directory: String) throws -> [(path: String, text: String)] {
        let base = root.appending(path: directory)
        guard let walker = FileManager().enumerator(at: base, includingPropertiesForKeys: nil) else { return [] }
        var files: [(String, String)] = []
        for case let url as URL in walker where url.pathExtension == "swift" && !url.path.contains("/.build/") {
            let relative = String(url.standardizedFileURL.path.dropFirst(root.standardizedFileURL.path.count + 1))
            files.append((relative, try String(contentsOf: url, encoding: .utf8)))
        }
        return files.sorted { $0.0 < $1.0 }
    }

    /// The lines of `text` matching `pattern`, as `path:line: text`.
    static func matches(_ pattern: String, in files: [(path: String, text: String)]) throws -> [String] {
        let expression = try NSRegularExpression(pattern: pattern)
        var found: [String] = []
        for file in files {
            for (number, line) in file.text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
                let line = String(line)
                let range = NSRange(line.startIndex..., in: line)
                if expression.firstMatch(in: line, range: range) != nil {
                    found.append("\(file.path):\(number + 1): \(line.trimmingCharacters(in: .whitespaces))")
                }
            }
        }
        return found
    }

    @Test("no entry type is named in App/Sources outside AppEntries.swift")
    func entryTypesOnlyInRegistration() throws {
        let sources = try Self.sources(under: "App/Sources")
        #expect(sources.count > 20, "the scan found the App's sources")
        #expect(sources.contains { $0.path.hasSuffix("Composition/AppEntries.swift") })
        let outside = sources.filter { !$0.path.hasSuffix("Composition/AppEntries.swift") }
        let names = Self.entries.map(\.0).joined(separator: "|")
        let found = try Self.matches("\\b(\(names))\\b", in: outside)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no switch over a command's name and no first-command fallback, in the App or any feature")
    func noDispatchByName() throws {
        var sources = try Self.sources(under: "App/Sources")
        for feature in Self.entries.map(\.1) {
            sources += try Self.sources(
                under: "Features/\(feature.prefix(1).uppercased() + feature.dropFirst())/Sources")
        }
        sources += try Self.sources(under: "FeatureKit/Sources")
        let switches = try Self.matches(#"switch\s+[^{]*\b(spec|command)\.name\b"#, in: sources)
        #expect(switches.isEmpty, "\(switches.joined(separator: "\n"))")
        let fallbacks = try Self.matches(#"\?\?\s*\w*[sS]pecs\[0\]"#, in: sources)
        #expect(fallbacks.isEmpty, "\(fallbacks.joined(separator: "\n"))")
    }

    @Test("no route is built from a string literal in App/Sources outside deep-link parsing")
    func noLiteralRoutes() throws {
        let sources = try Self.sources(under: "App/Sources").filter { !$0.path.hasSuffix("Navigation/DeepLink.swift") }
        let found = try Self.matches(#"Route(Pattern)?\(\s*feature:\s*""#, in: sources)
        #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
    }

    @Test("no feature names another feature's entry by its string name")
    func noFeatureNamesAnother() throws {
        for (type, name) in Self.entries {
            let package = String(type.dropLast("Entry".count))
            let sources = try Self.sources(under: "Features/\(package)/Sources")
            #expect(!sources.isEmpty, "Features/\(package)/Sources")
            let others = Self.entries.map(\.1).filter { $0 != name }.joined(separator: "|")
            let found = try Self.matches(#"feature:\s*"(\#(others))""#, in: sources)
            #expect(found.isEmpty, "\(found.joined(separator: "\n"))")
        }
    }
}
