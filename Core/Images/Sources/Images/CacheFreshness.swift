import Foundation

/// What a response's `Cache-Control` says about keeping and reusing it, for a private cache (RFC 9111).
///
/// - `no-store` (§5.2.2.5): the response is not stored.
/// - `max-age=N` (§5.2.2.1), less the `Age` the response already had (§5.1, §4.2.3): seconds it is fresh, reused
///   without asking the server. `no-cache` (§5.2.2.4) makes it 0: stored, but revalidated before every use. An
///   invalid `max-age` counts as 0 (§4.2.1: a stale response), and of several `max-age` directives the smallest
///   counts (§4.2.1: the most restrictive).
/// - `Expires`, heuristic freshness and `s-maxage` (for shared caches only) are not used: without `max-age` an
///   answer is stale at once and revalidated with `If-None-Match` on the next use, as before freshness was kept.
///
/// Directive names are matched without regard to case (§5.2); a quoted value is accepted.
struct CacheFreshness: Equatable {
    /// Whether the response may be kept on disk.
    let mayStore: Bool
    /// Seconds the response stays fresh from when it arrived; 0 when it must be revalidated before each use.
    let lifetime: TimeInterval

    private static let largest = 2_147_483_648

    /// The freshness of a response whose header fields `header` returns (by name, nil when absent).
    init(header: (String) -> String?) {
        var maxAge: Int?
        var mayStore = true
        var noCache = false
        for directive in (header("Cache-Control") ?? "").split(separator: ",") {
            let parts = directive.split(separator: "=", maxSplits: 1)
            let name = parts.first.map { $0.trimmingCharacters(in: .whitespaces).lowercased() } ?? ""
            let value = parts.count == 2 ? parts[1].trimmingCharacters(in: CharacterSet(charactersIn: " \t\"")) : nil
            switch name {
            case "no-store": mayStore = false
            case "no-cache": noCache = true
            case "max-age":
                // §1.2.2: a value too large to represent counts as 2^31 seconds; one that is no number as 0.
                let digits = value.map { !$0.isEmpty && $0.allSatisfy(\.isASCIIDigit) } ?? false
                let seconds = digits ? min(value.flatMap { Int($0) } ?? Self.largest, Self.largest) : 0
                maxAge = min(maxAge ?? seconds, seconds)
            default: break
            }
        }
        let age = header("Age").flatMap { Int($0.trimmingCharacters(in: .whitespaces)) } ?? 0
        self.mayStore = mayStore
        lifetime = noCache ? 0 : TimeInterval(max((maxAge ?? 0) - max(age, 0), 0))
    }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
