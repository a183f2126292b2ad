/// A path pattern over repository-relative paths, as used in `modules.json`.
///
/// Paths and patterns are split at `/`. In a segment, `*` matches any run of characters and `?` one character;
/// a whole segment `**` matches any number of segments (zero included). Matching is case-sensitive and covers the
/// whole path: `Tools/*` matches `Tools/Modules` but neither `Tools` nor `Tools/Modules/Fixtures`. The root
/// package's path is `.`, matched only by the pattern `.`.
public struct Glob: Sendable, Hashable, CustomStringConvertible {
    /// The pattern as written (normalized: no leading `./`, no trailing `/`).
    public let pattern: String
    private let segments: [Substring]

    /// Creates a glob from a pattern such as `Core/*` or `Features/**`.
    public init(_ pattern: String) {
        self.pattern = RepoPath.normalize(pattern)
        self.segments =
            self.pattern == "." ? ["."] : self.pattern.split(separator: "/", omittingEmptySubsequences: true)
    }

    /// The pattern text.
    public var description: String { pattern }

    /// True when the whole of `path` (repository-relative, `/`-separated) matches the pattern.
    public func matches(_ path: String) -> Bool {
        let normalized = RepoPath.normalize(path)
        let parts = normalized == "." ? ["."] : normalized.split(separator: "/", omittingEmptySubsequences: true)
        return Self.match(segments[...], parts[...])
    }

    /// True when `path` or one of its parent directories matches the pattern (used for excluded trees).
    public func matchesSelfOrAncestor(of path: String) -> Bool {
        let parts = RepoPath.normalize(path).split(separator: "/")
        for length in stride(from: parts.count, through: 1, by: -1)
        where matches(parts[0..<length].joined(separator: "/")) {
            return true
        }
        return false
    }

    private static func match(_ pattern: ArraySlice<Substring>, _ path: ArraySlice<Substring>) -> Bool {
        guard let head = pattern.first else { return path.isEmpty }
        if head == "**" {
            let rest = pattern.dropFirst()
            var tail = path
            while true {
                if match(rest, tail) { return true }
                guard !tail.isEmpty else { return false }
                tail = tail.dropFirst()
            }
        }
        guard let segment = path.first, matchSegment(Array(head), Array(segment)) else { return false }
        return match(pattern.dropFirst(), path.dropFirst())
    }

    private static func matchSegment(_ pattern: [Character], _ text: [Character]) -> Bool {
        // Iterative wildcard matching with backtracking to the last `*`.
        var patternIndex = 0
        var textIndex = 0
        var starIndex: Int?
        var starText = 0
        while textIndex < text.count {
            if patternIndex < pattern.count, pattern[patternIndex] == "?" || pattern[patternIndex] == text[textIndex] {
                patternIndex += 1
                textIndex += 1
            } else if patternIndex < pattern.count, pattern[patternIndex] == "*" {
                starIndex = patternIndex
                starText = textIndex
                patternIndex += 1
            } else if let star = starIndex {
                patternIndex = star + 1
                starText += 1
                textIndex = starText
            } else {
                return false
            }
        }
        while patternIndex < pattern.count, pattern[patternIndex] == "*" {
            patternIndex += 1
        }
        return patternIndex == pattern.count
    }
}

extension Array where Element == Glob {
    /// True when any glob matches `path`.
    func anyMatches(_ path: String) -> Bool {
        contains { $0.matches(path) }
    }
}
