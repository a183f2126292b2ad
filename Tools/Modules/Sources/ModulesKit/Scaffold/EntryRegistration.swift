import Foundation

/// Where a repository built on the feature entry contract registers its features, and how `modules new feature`
/// adds one there with three added lines and no new file outside the package:
///
/// - the root manifest's feature list, one quoted name a line (`let features = [` … `]`), from which the manifest
///   derives the path dependency and the App's product;
/// - the App's entry list of contract v2 (`static let all: [any FeatureEntry.Type] = [` … `]`, `AppEntries.all` in
///   a source file of the root package, `public` or not), which gets the package's import (in sorted position) and
///   `<Name>Entry.self`.
///
/// Either edit is refused, naming what is missing, when the file does not have that shape, so the tool never edits
/// a manifest it cannot identify.
struct EntryRegistration {
    /// The root manifest, repository-relative.
    let manifestPath: String
    /// The App's entry list, repository-relative.
    let registryPath: String

    static let featureListOpening = "let features = ["
    static let entryListOpening = "static let all: [any FeatureEntry.Type] = ["

    /// Finds both places in the repository at `root`, or nil when the root manifest has no feature list or no
    /// source file of the root package has an entry list.
    static func find(in root: URL) -> EntryRegistration? {
        let manifest = root.appending(path: "Package.swift")
        guard let text = try? String(contentsOf: manifest, encoding: .utf8),
            text.split(separator: "\n").contains(where: {
                $0.trimmingCharacters(in: .whitespaces) == featureListOpening
            })
        else { return nil }
        let files = FileManager().enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".build") || relative.hasPrefix(".git") || relative.contains("/.build/") {
                files?.skipDescendants()
                continue
            }
            // Only the root package's own sources: nested packages (a directory with its own manifest) are skipped.
            if url.hasDirectoryPath || (try? url.resourceValues(forKeys: [.isDirectoryKey]).isDirectory) == true {
                if FileManager().fileExists(atPath: url.appending(path: "Package.swift").path) {
                    files?.skipDescendants()
                }
                continue
            }
            guard url.pathExtension == "swift", relative != "Package.swift",
                let source = try? String(contentsOf: url, encoding: .utf8), source.contains(entryListOpening)
            else { continue }
            return EntryRegistration(manifestPath: "Package.swift", registryPath: relative)
        }
        return nil
    }

    /// The two edits that register a feature, worked out before either file (or anything else) is written.
    struct Edits {
        let registration: EntryRegistration
        let manifest: [String]
        let registry: [String]

        /// Writes both files; returns them.
        ///
        /// - Throws: ``CommandFailure`` when a file cannot be written.
        func apply(in root: URL) throws -> [String] {
            try registration.write(manifest, to: registration.manifestPath, in: root)
            try registration.write(registry, to: registration.registryPath, in: root)
            return [registration.manifestPath, registration.registryPath]
        }
    }

    /// Works out the edits that add feature `name` to both lists under `root`, writing nothing.
    ///
    /// - Throws: ``CommandFailure`` when a list is not where it was found or already names the feature.
    func prepare(_ name: String, in root: URL) throws -> Edits {
        let manifest = try Self.insert(
            "    \"\(name)\",", intoListOpening: Self.featureListOpening, of: try read(manifestPath, in: root),
            file: manifestPath)
        let registry = Self.insertImport(
            name,
            into: try Self.insert(
                "        \(name)Entry.self,", intoListOpening: Self.entryListOpening,
                of: try read(registryPath, in: root), file: registryPath))
        return Edits(registration: self, manifest: manifest, registry: registry)
    }

    /// Adds feature `name` to both lists under `root`; returns the files edited. Both edits are worked out before
    /// either file is written, so a list that does not fit leaves both files as they were.
    ///
    /// - Throws: ``CommandFailure`` when a list is not where it was found or already names the feature.
    func add(_ name: String, in root: URL) throws -> [String] {
        try prepare(name, in: root).apply(in: root)
    }

    /// The words the App keeps for itself (`storefront open`, `flags`, `help`, `version`) and the screens and
    /// commands the repository's entries declare (`screen: "cart"`, `CommandSpec(["cart", "add"]`, read from the
    /// sources of every `Entry/` folder and of the root package's App): a new feature's route and command word must
    /// be none of them, or the app would refuse to start (two owners of one link) or a command would be shadowed.
    ///
    /// - Throws: ``CommandFailure`` naming the clash.
    static func checkWordIsFree(_ word: String, in root: URL) throws {
        if ["open", "flags", "help", "version"].contains(word) {
            throw CommandFailure(
                message: "'\(word)' is a command of the app itself; choose another name", status: ExitStatus.failure)
        }
        let patterns = [#"screen: "([a-z0-9-]+)""#, #"CommandSpec\(\s*\[\s*"([a-z0-9-]+)""#]
        let expressions = patterns.compactMap { try? NSRegularExpression(pattern: $0) }
        let files = FileManager().enumerator(at: root, includingPropertiesForKeys: nil)
        while let url = files?.nextObject() as? URL {
            let relative = String(url.path.dropFirst(root.path.count + 1))
            if relative.hasPrefix(".build") || relative.hasPrefix(".git") || relative.contains("/.build/")
                || relative.contains("Fixtures")
            {
                files?.skipDescendants()
                continue
            }
            guard url.pathExtension == "swift", relative.contains("/Entry/") || relative.hasPrefix("App/"),
                let text = try? String(contentsOf: url, encoding: .utf8)
            else { continue }
            let range = NSRange(text.startIndex..., in: text)
            for expression in expressions {
                for match in expression.matches(in: text, range: range) {
                    guard let found = Range(match.range(at: 1), in: text), text[found] == word else { continue }
                    throw CommandFailure(
                        message: "'\(word)' is already a screen or command of the app (\(relative)); choose another "
                            + "name",
                        status: ExitStatus.failure)
                }
            }
        }
    }

    // MARK: - Private

    private func read(_ path: String, in root: URL) throws -> [String] {
        do {
            return try String(contentsOf: root.appending(path: path), encoding: .utf8).components(separatedBy: "\n")
        } catch {
            throw CommandFailure(
                message: "cannot read \(path): \(error.localizedDescription)", status: ExitStatus.failure)
        }
    }

    fileprivate func write(_ lines: [String], to path: String, in root: URL) throws {
        do {
            try Data(lines.joined(separator: "\n").utf8).write(to: root.appending(path: path), options: .atomic)
        } catch {
            throw CommandFailure(
                message: "cannot write \(path): \(error.localizedDescription)", status: ExitStatus.cannotCreate)
        }
    }

    /// `lines` with `line` added as the last element of the list that opens with `opening` (one element a line,
    /// closed by a line that is `]`).
    static func insert(_ line: String, intoListOpening opening: String, of lines: [String], file: String) throws
        -> [String]
    {
        guard let start = lines.firstIndex(where: { $0.trimmingCharacters(in: .whitespaces).hasSuffix(opening) })
        else {
            throw CommandFailure(message: "\(file) has no '\(opening)' list", status: ExitStatus.failure)
        }
        guard let end = lines[(start + 1)...].firstIndex(where: { $0.trimmingCharacters(in: .whitespaces) == "]" })
        else {
            throw CommandFailure(
                message: "the '\(opening)' list of \(file) does not end with a line that is ']'",
                status: ExitStatus.failure)
        }
        let element = line.trimmingCharacters(in: .whitespaces)
        if lines[(start + 1)..<end].contains(where: { $0.trimmingCharacters(in: .whitespaces) == element }) {
            throw CommandFailure(message: "\(file) already lists \(element)", status: ExitStatus.failure)
        }
        var result = lines
        result.insert(line, at: end)
        return result
    }

    /// `lines` with `import name` added among the file's leading imports, in sorted position.
    static func insertImport(_ name: String, into lines: [String]) -> [String] {
        let importLine = "import \(name)"
        let imports = lines.indices.filter { lines[$0].hasPrefix("import ") }
        var result = lines
        if let position = imports.first(where: { lines[$0] > importLine }) {
            result.insert(importLine, at: position)
        } else if let last = imports.last {
            result.insert(importLine, at: last + 1)
        } else {
            result.insert(importLine, at: 0)
        }
        return result
    }
}
