/// The feature flags this version knows, as plain values: evaluated once at launch and handed to the features that
/// need them (no feature knows where they come from).
///
/// Each flag is decided, in order, by a `--flag name=value` override, else the server's `GET /v1/config` (the copy
/// cached by the last successful fetch), else the default compiled in here, which is what a first launch without a
/// network gets.
public struct FeatureFlags: Sendable, Hashable {
    /// One flag: its wire name, its default and how it reads from the values.
    public struct Definition: Sendable {
        /// The name in `GET /v1/config` and in `--flag`.
        public let name: String
        /// The value when neither an override nor the server decides.
        public let defaultValue: Bool
        /// One line for `storefront flags` and the help.
        public let summary: String
        fileprivate let keyPath: WritableKeyPath<FeatureFlags, Bool> & Sendable
    }

    /// Whether express shipping is offered at checkout (`express_shipping`; off by default, as the server may not
    /// deliver it everywhere).
    public var expressShipping: Bool
    /// Whether posts can be liked (`feed_likes`; on by default).
    public var feedLikes: Bool
    /// Whether the search screen suggests recent searches (`search_suggestions`; on by default).
    public var searchSuggestions: Bool

    /// Every flag this version knows, in the order `storefront flags` lists them.
    public static let definitions: [Definition] = [
        Definition(
            name: "express_shipping", defaultValue: false, summary: "offer express shipping at checkout",
            keyPath: \.expressShipping),
        Definition(name: "feed_likes", defaultValue: true, summary: "allow liking posts", keyPath: \.feedLikes),
        Definition(
            name: "search_suggestions", defaultValue: true, summary: "suggest recent searches",
            keyPath: \.searchSuggestions),
    ]

    /// Every flag at its compiled-in default.
    public static var defaults: FeatureFlags {
        var flags = FeatureFlags(expressShipping: false, feedLikes: false, searchSuggestions: false)
        for definition in definitions {
            flags[keyPath: definition.keyPath] = definition.defaultValue
        }
        return flags
    }

    /// Creates flags from explicit values.
    public init(expressShipping: Bool, feedLikes: Bool, searchSuggestions: Bool) {
        self.expressShipping = expressShipping
        self.feedLikes = feedLikes
        self.searchSuggestions = searchSuggestions
    }

    /// The value of the flag named `name`, or nil for a name this version does not know.
    public subscript(name: String) -> Bool? {
        Self.definitions.first { $0.name == name }.map { self[keyPath: $0.keyPath] }
    }

    /// Evaluates every flag: `overrides` win, then `server` (nil before the first successful fetch), then the
    /// defaults. Names this version does not know are ignored.
    public static func evaluate(server: [String: Bool]?, overrides: [String: Bool]) -> FlagEvaluation {
        var flags = defaults
        var entries: [FlagEvaluation.Entry] = []
        for definition in definitions {
            let value: Bool
            let source: FlagEvaluation.Source
            if let forced = overrides[definition.name] {
                (value, source) = (forced, .override)
            } else if let remote = server?[definition.name] {
                (value, source) = (remote, .server)
            } else {
                (value, source) = (definition.defaultValue, .default)
            }
            flags[keyPath: definition.keyPath] = value
            entries.append(
                FlagEvaluation.Entry(name: definition.name, value: value, source: source, summary: definition.summary))
        }
        let unknown = Set(overrides.keys).subtracting(definitions.map(\.name)).sorted()
        return FlagEvaluation(flags: flags, entries: entries, unknownOverrides: unknown)
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
        /// The compiled-in default.
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

    /// The values.
    public let flags: FeatureFlags
    /// Every known flag, in definition order.
    public let entries: [Entry]
    /// `--flag` names this version does not know (ignored, reported by `storefront flags`).
    public let unknownOverrides: [String]
}
