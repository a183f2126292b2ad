import Foundation

/// Repository-relative paths: `/`-separated, no leading `./`, no trailing `/`, and `.` for the repository root.
public enum RepoPath {
    /// Normalizes a relative path: drops `./` prefixes, empty and `.` segments and a trailing `/`; an empty
    /// result becomes `.`.
    public static func normalize(_ path: String) -> String {
        let parts = path.split(separator: "/", omittingEmptySubsequences: true).filter { $0 != "." }
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }

    /// The path of `url` relative to `root`, or `nil` when `url` is outside `root`.
    ///
    /// Both are standardized and their symbolic links resolved first, so `/tmp/x` and `/private/tmp/x` compare
    /// equal where `/tmp` is a link.
    public static func relative(_ url: URL, to root: URL) -> String? {
        let base = canonicalComponents(root)
        let target = canonicalComponents(url)
        guard target.count >= base.count, Array(target[0..<base.count]) == base else { return nil }
        return normalize(target[base.count...].joined(separator: "/"))
    }

    /// The file URL of a repository-relative `path` under `root`.
    public static func url(_ path: String, in root: URL) -> URL {
        let normalized = normalize(path)
        return normalized == "." ? root : root.appendingPathComponent(normalized, isDirectory: true)
    }

    /// The directory name SwiftPM derives a package identity from, lowercased as SwiftPM compares it.
    public static func identity(ofDirectory url: URL) -> String {
        url.standardizedFileURL.lastPathComponent.lowercased()
    }

    private static func canonicalComponents(_ url: URL) -> [String] {
        url.standardizedFileURL.resolvingSymlinksInPath().path.split(separator: "/").map(String.init)
    }
}
