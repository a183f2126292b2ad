import FeatureKit

/// How the App decides the flags the entries declared: evaluated once at launch and handed to the entries as plain
/// values (no feature knows where they come from).
///
/// Each flag is decided, in order, by a `--flag name=value` override, else the server's `GET /v1/config` (the copy
/// cached by the last successful fetch), else the default its entry declared, which is what a first launch without
/// a network gets.
public enum FeatureFlags {
    /// Every flag in `declarations` at its declared default.
    public static func defaults(_ declarations: [FlagDeclaration]) -> FlagValues {
        FlagValues(Dictionary(declarations.map { ($0.name, $0.defaultValue) }, uniquingKeysWith: { first, _ in first }))
    }

    /// Evaluates every flag of `declarations`: `overrides` win, then `server` (nil before the first successful
    /// fetch), then the defaults. Names no entry declared are ignored and reported.
    public static func evaluate(
        _ declarations: [FlagDeclaration], server: [String: Bool]?, overrides: [String: Bool]
    ) -> FlagEvaluation {
        var values: [String: Bool] = [:]
        var entries: [FlagEvaluation.Entry] = []
        for declaration in declarations {
            let value: Bool
            let source: FlagEvaluation.Source
            if let forced = overrides[declaration.name] {
                (value, source) = (forced, .override)
            } else if let remote = server?[declaration.name] {
                (value, source) = (remote, .server)
            } else {
                (value, source) = (declaration.defaultValue, .default)
            }
            values[declaration.name] = value
            entries.append(
                FlagEvaluation.Entry(name: declaration.name, value: value, source: source, summary: declaration.summary)
            )
        }
        let unknown = Set(overrides.keys).subtracting(declarations.map(\.name)).sorted()
        return FlagEvaluation(flags: FlagValues(values), entries: entries, unknownOverrides: unknown)
    }
}

/// The flags of one launch and where each value came from.
public struct FlagEvaluation: Sendable, Hashable {
    /// What decided a flag's value.
    public enum Source: String, Sendable, Hashable, Encodable {
        /// A `--flag` override.
        case override
        /// The server's configuration (fetched now or cached by an earlier fetch).
        case server
        /// The declared default.
        case `default`
    }

    /// One flag's value and its source.
    public struct Entry: Sendable, Hashable, Encodable {
        /// The flag's wire name.
        public let name: String
        /// Its value.
        public let value: Bool
        /// What decided it.
        public let source: Source
        /// What it controls.
        public let summary: String
    }

    /// The values, by name.
    public let flags: FlagValues
    /// Every declared flag, in declaration order.
    public let entries: [Entry]
    /// `--flag` names no entry declared (ignored, reported by `storefront flags`).
    public let unknownOverrides: [String]
}
