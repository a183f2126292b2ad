/// A typed preference: its name in the suite's file and the value it has while never set.
///
/// Define each key once, as a static constant beside the feature that owns it, so every reader gets the same
/// default (`static let sortOrder = PreferenceKey("feed.sort_order", default: SortOrder.newest)`). The default is
/// fixed when the key is built and is never written to the file: changing it in a later version changes what
/// users who never chose see, and leaves real choices alone.
public struct PreferenceKey<Value: Codable & Sendable>: Sendable {
    /// The name in the file.
    public let name: String
    /// The value while nothing is stored.
    public let defaultValue: Value

    /// Creates a key.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}

/// A preference's value, saying whether the user chose it or it is the key's default.
public enum PreferenceValue<Value: Sendable>: Sendable {
    /// A value was stored (even one equal to the default).
    case stored(Value)
    /// Nothing is stored: this is the key's default.
    case defaulted(Value)

    /// The value, stored or default.
    public var value: Value {
        switch self {
        case .stored(let value), .defaulted(let value): return value
        }
    }

    /// Whether a value was stored.
    public var isStored: Bool {
        if case .stored = self { return true }
        return false
    }
}

extension PreferenceValue: Equatable where Value: Equatable {}
