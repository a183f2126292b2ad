/// The rules a shipping address must meet before the flow goes on, with one message per field that breaks one.
///
/// Every field is required and at most `maximumFieldLength` characters (the API contract's server check). The
/// country is an ISO 3166-1 alpha-2 code of a supported country (`PostalCodeFormat.supported`), and the postal code
/// must have one of that country's formats as the Universal Postal Union's "Postal addressing systems" pages
/// describe them.
public enum AddressValidation {
    /// The longest value a field may have, in characters (the server's limit).
    public static let maximumFieldLength = 200

    /// The message for every field of `address` that is not acceptable, by field; empty when the address is valid.
    /// The address is normalized first (see `ShippingAddress.normalized`).
    public static func problems(in address: ShippingAddress) -> [AddressField: String] {
        let address = address.normalized
        var problems: [AddressField: String] = [:]
        for field in AddressField.allCases {
            if let message = problem(with: field, in: address) {
                problems[field] = message
            }
        }
        return problems
    }

    /// The message for one field of `address`, or nil when the field is acceptable. The postal code is only checked
    /// against the country's formats when the country is supported.
    public static func problem(with field: AddressField, in address: ShippingAddress) -> String? {
        let address = address.normalized
        let value = address[field]
        guard !value.isEmpty else { return emptyMessage(field) }
        guard value.count <= maximumFieldLength else {
            return "\(field.label) must be at most \(maximumFieldLength) characters."
        }
        switch field {
        case .country:
            guard PostalCodeFormat.format(forCountry: value) != nil else {
                let codes = PostalCodeFormat.supported.map(\.countryCode).joined(separator: ", ")
                return "We ship to these countries only: \(codes)."
            }
            return nil
        case .postalCode:
            guard let format = PostalCodeFormat.format(forCountry: address.country) else { return nil }
            return format.accepts(value) ? nil : "Enter a postal code like \(format.example) for \(format.countryName)."
        case .name, .street, .city:
            return nil
        }
    }

    private static func emptyMessage(_ field: AddressField) -> String {
        switch field {
        case .name: "Enter the recipient's name."
        case .street: "Enter the street and house number."
        case .city: "Enter the city."
        case .postalCode: "Enter the postal code."
        case .country: "Enter the country code, such as DE."
        }
    }
}

/// The postal-code formats of one supported country.
///
/// A format is written with `9` for an ASCII digit and `A` for an ASCII letter; every other character stands for
/// itself. Spaces are not significant when matching (`"SW1A1AA"` and `"SW1A 1AA"` are both accepted), because people
/// type codes both ways. Source: the Universal Postal Union's "Postal addressing systems in member countries".
public struct PostalCodeFormat: Hashable, Sendable {
    /// The ISO 3166-1 alpha-2 code, such as `"DE"`.
    public let countryCode: String
    /// The country's English name, for messages.
    public let countryName: String
    /// The accepted patterns.
    public let patterns: [String]
    /// A valid code, shown in messages.
    public let example: String

    /// The supported countries, by code.
    public static let supported: [PostalCodeFormat] = [
        PostalCodeFormat(countryCode: "AT", countryName: "Austria", patterns: ["9999"], example: "1010"),
        PostalCodeFormat(countryCode: "BE", countryName: "Belgium", patterns: ["9999"], example: "1000"),
        PostalCodeFormat(countryCode: "CA", countryName: "Canada", patterns: ["A9A 9A9"], example: "K1A 0B1"),
        PostalCodeFormat(countryCode: "CH", countryName: "Switzerland", patterns: ["9999"], example: "8001"),
        PostalCodeFormat(countryCode: "DE", countryName: "Germany", patterns: ["99999"], example: "10115"),
        PostalCodeFormat(countryCode: "DK", countryName: "Denmark", patterns: ["9999"], example: "1050"),
        PostalCodeFormat(countryCode: "ES", countryName: "Spain", patterns: ["99999"], example: "28001"),
        PostalCodeFormat(countryCode: "FR", countryName: "France", patterns: ["99999"], example: "75001"),
        PostalCodeFormat(
            countryCode: "GB", countryName: "the United Kingdom",
            patterns: ["A9 9AA", "A99 9AA", "AA9 9AA", "AA99 9AA", "A9A 9AA", "AA9A 9AA"], example: "SW1A 1AA"),
        PostalCodeFormat(countryCode: "IT", countryName: "Italy", patterns: ["99999"], example: "00184"),
        PostalCodeFormat(countryCode: "NL", countryName: "the Netherlands", patterns: ["9999 AA"], example: "1012 AB"),
        PostalCodeFormat(countryCode: "PL", countryName: "Poland", patterns: ["99-999"], example: "00-950"),
        PostalCodeFormat(countryCode: "SE", countryName: "Sweden", patterns: ["999 99"], example: "114 55"),
        PostalCodeFormat(
            countryCode: "US", countryName: "the United States", patterns: ["99999", "99999-9999"], example: "10001"),
    ]

    /// The format of the country with `code` (upper case), or nil when the country is not supported.
    public static func format(forCountry code: String) -> PostalCodeFormat? {
        supported.first { $0.countryCode == code }
    }

    /// Whether `code` (already upper-cased) has one of the patterns, spaces aside.
    public func accepts(_ code: String) -> Bool {
        let value = Array(code.utf8.filter { $0 != UInt8(ascii: " ") })
        return patterns.contains { pattern in
            let shape = Array(pattern.utf8.filter { $0 != UInt8(ascii: " ") })
            return shape.count == value.count && zip(shape, value).allSatisfy(Self.matches)
        }
    }

    private static func matches(_ pair: (pattern: UInt8, byte: UInt8)) -> Bool {
        switch pair.pattern {
        case UInt8(ascii: "9"): (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(pair.byte)
        case UInt8(ascii: "A"): (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(pair.byte)
        default: pair.pattern == pair.byte
        }
    }
}
