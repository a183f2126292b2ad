import Foundation

/// A directory's entries from `readdir`, with the type each entry has in the directory (`d_type`), so a walk
/// needs no `stat` per entry; where the file system gives no type (`DT_UNKNOWN`) one `lstat` says.
enum DirectoryListing {
    /// What an entry is, a symbolic link not followed.
    enum Kind: Equatable {
        case directory
        case symbolicLink
        case other
    }

    /// The entries of the directory at `path` (a symbolic link to a directory is followed), without `.` and `..`,
    /// in the order the file system gives them; empty when it cannot be opened.
    static func entries(of path: String) -> [(name: String, kind: Kind)] {
        guard let stream = opendir(path) else { return [] }
        defer { closedir(stream) }
        var result: [(name: String, kind: Kind)] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard name != ".", name != ".." else { continue }
            let kind: Kind
            switch Int(entry.pointee.d_type) {
            case Int(DT_DIR): kind = .directory
            case Int(DT_LNK): kind = .symbolicLink
            case Int(DT_UNKNOWN): kind = self.kind(ofItemAt: path + "/" + name)
            default: kind = .other
            }
            result.append((name, kind))
        }
        return result
    }

    /// Whether `path` is a symbolic link (`lstat`); `false` when there is nothing there.
    static func isSymbolicLink(_ path: String) -> Bool {
        kind(ofItemAt: path) == .symbolicLink
    }

    private static func kind(ofItemAt path: String) -> Kind {
        var status = stat()
        guard lstat(path, &status) == 0 else { return .other }
        switch status.st_mode & S_IFMT {
        case S_IFDIR: return .directory
        case S_IFLNK: return .symbolicLink
        default: return .other
        }
    }
}
