import Foundation

/// Where a target's files are, by SwiftPM's rules, and the module name it compiles to.
///
/// The directory is the manifest's `path:` when given; otherwise `Tests/<name>` for test targets,
/// `Plugins/<name>` for plugins, and the first of `Sources/<name>`, `Source/<name>`, `src/<name>`, `srcs/<name>`
/// that exists for the others (SwiftPM's `PackageBuilder` order). Its Swift files are the `sources:` entries (files,
/// or directories searched recursively), else every `.swift` file below the directory, minus `exclude:` and
/// resource paths, hidden directories and `.docc`, `.playground`, `.xcodeproj`, `.xcassets` and `.xcworkspace`
/// folders.
public struct TargetLayout: Sendable, Equatable {
    /// The target's directory, repository-relative.
    public var directory: String
    /// The module name: the target name made a C99 identifier (`persistence-probe` → `persistence_probe`), or, for
    /// a system-library target or a C target with its own `include/module.modulemap`, the name that map declares.
    public var module: String

    /// Creates a layout from known values.
    public init(directory: String, module: String) {
        self.directory = directory
        self.module = module
    }

    /// Works out the layout of `target` in the package at repository path `package` under `root`.
    public init(target: PackageManifest.Target, package: String, root: URL) {
        let packageURL = RepoPath.url(package, in: root)
        var relative: String
        if let path = target.path {
            relative = path
        } else if target.isTest {
            relative = "Tests/\(target.name)"
        } else if target.type == "plugin" {
            relative = "Plugins/\(target.name)"
        } else {
            let candidates = ["Sources", "Source", "src", "srcs"].map { "\($0)/\(target.name)" }
            relative =
                candidates.first {
                    FileManager().fileExists(atPath: packageURL.appendingPathComponent($0).path)
                } ?? candidates[0]
        }
        let joined = package == "." ? relative : "\(package)/\(relative)"
        directory = RepoPath.normalize(joined)
        module = Self.c99Name(target.name)
        if target.type == "system",
            let declared = Self.moduleMapName(in: RepoPath.url(directory, in: root))
        {
            module = declared
        } else if target.type == "regular",
            // A C target with a module map of its own in its public headers is imported by the map's name.
            let declared = Self.moduleMapName(in: RepoPath.url(directory, in: root).appendingPathComponent("include"))
        {
            module = declared
        }
    }

    /// The repository-relative paths of the target's Swift files, sorted.
    public func swiftFiles(of target: PackageManifest.Target, root: URL) -> [String] {
        let base = RepoPath.url(directory, in: root)
        let skipped = Set((target.exclude + target.resources).map { RepoPath.normalize($0) })
        let starts = (target.sources ?? ["."]).map { RepoPath.normalize($0) }
        var files: Set<String> = []
        for start in starts where !skipped.contains(start) {
            collect(start, base: base, skipped: skipped, into: &files)
        }
        return files.map { RepoPath.normalize("\(directory)/\($0)") }.sorted()
    }

    private func collect(_ relative: String, base: URL, skipped: Set<String>, into files: inout Set<String>) {
        let url = relative == "." ? base : base.appendingPathComponent(relative)
        var isDirectory: ObjCBool = false
        guard FileManager().fileExists(atPath: url.path, isDirectory: &isDirectory) else { return }
        guard isDirectory.boolValue else {
            if relative.hasSuffix(".swift") { files.insert(relative) }
            return
        }
        let names = (try? FileManager().contentsOfDirectory(atPath: url.path)) ?? []
        for name in names where !name.hasPrefix(".") && !Self.isBundleDirectory(name) {
            let child = relative == "." ? name : "\(relative)/\(name)"
            guard !skipped.contains(child) else { continue }
            collect(child, base: base, skipped: skipped, into: &files)
        }
    }

    /// Folders whose Swift files are not the target's sources: a documentation catalog (`.docc`, which SwiftPM
    /// hands to DocC), a playground, an Xcode project or asset catalog.
    static func isBundleDirectory(_ name: String) -> Bool {
        [".docc", ".playground", ".xcodeproj", ".xcassets", ".xcworkspace"].contains { name.hasSuffix($0) }
    }

    /// SwiftPM's `c99name`: every character that cannot appear in a C identifier becomes `_`, and a leading digit
    /// gets a `_` before it.
    public static func c99Name(_ name: String) -> String {
        var result = String(
            name.unicodeScalars.map { scalar -> Character in
                let isLetter = ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || scalar == "_"
                let isDigit = ("0"..."9").contains(scalar)
                return isLetter || isDigit ? Character(scalar) : "_"
            })
        if let first = result.unicodeScalars.first, ("0"..."9").contains(first) {
            result = "_" + result
        }
        return result
    }

    /// The name after `module` in `directory/module.modulemap` (`module CSQLite [system] {` → `CSQLite`).
    static func moduleMapName(in directory: URL) -> String? {
        guard let text = try? String(contentsOf: directory.appendingPathComponent("module.modulemap"), encoding: .utf8)
        else { return nil }
        for line in text.split(separator: "\n") {
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "{" })
            if let index = words.firstIndex(of: "module"), index + 1 < words.count,
                words[..<index].allSatisfy({ $0 == "explicit" || $0 == "framework" })
            {
                return String(words[index + 1])
            }
        }
        return nil
    }
}
