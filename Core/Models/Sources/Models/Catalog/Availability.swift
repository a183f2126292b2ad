/// Whether a product can be bought now, as the API's `availability` field says.
///
/// The contract's values are `"in_stock"`, `"low_stock"`, `"out_of_stock"` and `"preorder"`; the server may add
/// others over time, and those are kept as `.unknown(value)` (never a decoding failure) and encoded back unchanged.
public enum Availability: Hashable, Sendable {
    /// Available (`"in_stock"`).
    case inStock
    /// Available, few left (`"low_stock"`).
    case lowStock
    /// Not available now (`"out_of_stock"`).
    case outOfStock
    /// Can be ordered before it is released (`"preorder"`).
    case preorder
    /// A value this version does not know, kept verbatim. Build it with `init(wireValue:)`, so that a known value
    /// never ends up here.
    case unknown(String)

    /// Maps a wire value to its case; any value other than the four known ones becomes `.unknown(wireValue)`.
    public init(wireValue: String) {
        switch wireValue {
        case "in_stock": self = .inStock
        case "low_stock": self = .lowStock
        case "out_of_stock": self = .outOfStock
        case "preorder": self = .preorder
        default: self = .unknown(wireValue)
        }
    }

    /// The value as the API spells it: `"in_stock"` for `.inStock`, the kept string for `.unknown`.
    public var wireValue: String {
        switch self {
        case .inStock: return "in_stock"
        case .lowStock: return "low_stock"
        case .outOfStock: return "out_of_stock"
        case .preorder: return "preorder"
        case .unknown(let value): return value
        }
    }
}

extension Availability: Codable {
    /// Decodes the wire string; an unknown value becomes `.unknown`.
    ///
    /// - Throws: `DecodingError.typeMismatch` when the value is not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        self.init(wireValue: try container.decode(String.self))
    }

    /// Encodes `wireValue`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(wireValue)
    }
}
