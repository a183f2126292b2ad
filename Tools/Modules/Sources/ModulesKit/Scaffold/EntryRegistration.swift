import Foundation

/// Where a repository built on the feature entry contract registers its features, and how `modules new feature`
/// adds one there with three added lines and no new file outside the package:
///
/// - the root manifest's feature list, one quoted name a line (`let features = [` … `]`), from which the manifest
///   derives the path dependency and the App's product;
/// - the App's entry list (`static let scoped: [any ScopedFeatureEntry.Type] = [` … `]` in a source file of the
///   root package), which gets the package's import (in sorted position) and `<Name>Entry.self`.
///
/// Either edit is refused, naming what is missing, when the file does not have that shape, so the tool never edits
/// a manifest it cannot identify.
struct EntryRegistration {
    /// The root manifest, repository-relative.
    let manifestPath: String
    /// The App's entry list, repository-relative.
    let registryPath: String

    static let featureListOpening = "let features = ["
    static let entryListOpening = "static let scoped: [any ScopedFeatureEntry.Type] = ["

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

    /// Adds feature `name` to both lists under `root`; returns the files edited. Both edits are worked out before
    /// either file is written, so a list that does not fit leaves both files as they were.
    ///
    /// - Throws: ``CommandFailure`` when a list is not where it was found or already names the feature.
    func add(_ name: String, in root: URL) throws -> [String] {
        let manifest = try Self.insert(
            "    \"\(name)\",", intoListOpening: Self.featureListOpening, of: try read(manifestPath, in: root),
            file: manifestPath)
        let registry = Self.insertImport(
            name,
            into: try Self.insert(
                "        \(name)Entry.self,", intoListOpening: Self.entryListOpening,
                of: try read(registryPath, in: root), file: registryPath))
        try write(manifest, to: manifestPath, in: root)
        try write(registry, to: registryPath, in: root)
        return [manifestPath, registryPath]
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

    private func write(_ lines: [String], to path: String, in root: URL) throws {
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
