import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Finds the packages of a repository by walking its directories for `Package.swift`.
///
/// Skipped: hidden directories (`.build`, `.swiftpm`, `.git` and every other name starting with `.`), symbolic
/// links to directories (so a link cannot make the walk loop), and directories for which `isExcluded` is true.
public struct PackageDiscovery: Sendable {
    /// The manifest file name that marks a package.
    public static let manifestName = "Package.swift"

    /// Creates a discovery.
    public init() {}

    /// The repository-relative paths of every package under `root`, sorted, with `.` for a root package.
    /// - Parameters:
    ///   - root: the repository root.
    ///   - isExcluded: returns true for a repository-relative directory path whose whole tree is skipped.
    /// - Throws: the file system's error when `root` cannot be listed.
    public func packagePaths(in root: URL, isExcluded: (String) -> Bool) throws -> [String] {
        let manager = FileManager()
        var found: [String] = []
        var pending: [String] = ["."]
        var isFirst = true
        while let relative = pending.popLast() {
            let directory = RepoPath.url(relative, in: root)
            let names: [String]
            do {
                names = try manager.contentsOfDirectory(atPath: directory.path)
            } catch  where !isFirst {
                continue  // NB: a directory that vanished or is unreadable mid-walk holds no package we can load.
            }
            isFirst = false
            if names.contains(Self.manifestName) {
                found.append(relative)
            }
            for name in names where !name.hasPrefix(".") {
                let child = relative == "." ? name : "\(relative)/\(name)"
                guard Self.isDirectoryNotLink(directory.path + "/" + name), !isExcluded(child) else { continue }
                pending.append(child)
            }
        }
        return found.sorted(by: Self.packageOrder)
    }

    /// True when `path` is a directory itself, not a symbolic link to one: one `lstat(2)`. (Foundation's
    /// resource values cost several system calls per entry, measured at two thirds of a warm `modules list`.)
    static func isDirectoryNotLink(_ path: String) -> Bool {
        var status = stat()
        guard lstat(path, &status) == 0 else { return false }
        return (status.st_mode & S_IFMT) == S_IFDIR
    }

    /// Orders package paths with `.` first, then by path.
    static func packageOrder(_ lhs: String, _ rhs: String) -> Bool {
        if lhs == "." || rhs == "." { return lhs == "." && rhs != "." }
        return lhs < rhs
    }
}
