/// Where an order goes: the API contract's `shipping_address` (`name`, `street`, `city`, `postal_code`,
/// `country`).
///
/// `country` is an ISO 3166-1 alpha-2 code (`"DE"`); `AddressValidation` says which countries are supported and
/// which postal codes each accepts.
public struct ShippingAddress: Hashable, Sendable, Codable {
    /// The recipient's name.
    public var name: String
    /// Street and number.
    public var street: String
    /// The city.
    public var city: String
    /// The postal code, in the country's format.
    public var postalCode: String
    /// The ISO 3166-1 alpha-2 country code.
    public var country: String

    /// Creates an address; every field defaults to empty (an address being filled in).
    public init(
        name: String = "", street: String = "", city: String = "", postalCode: String = "", country: String = ""
    ) {
        self.name = name
        self.street = street
        self.city = city
        self.postalCode = postalCode
        self.country = country
    }

    /// The address with surrounding whitespace trimmed, runs of inner spaces in the postal code collapsed, and the
    /// postal code and country code in upper case: what is sent and stored once the address is valid.
    public var normalized: ShippingAddress {
        ShippingAddress(
            name: name.trimmedWhitespace,
            street: street.trimmedWhitespace,
            city: city.trimmedWhitespace,
            postalCode: postalCode.trimmedWhitespace.split(separator: " ").joined(separator: " ").uppercased(),
            country: country.trimmedWhitespace.uppercased()
        )
    }

    /// The value of `field`.
    public subscript(field: AddressField) -> String {
        get {
            switch field {
            case .name: name
            case .street: street
            case .city: city
            case .postalCode: postalCode
            case .country: country
            }
        }
        set {
            switch field {
            case .name: name = newValue
            case .street: street = newValue
            case .city: city = newValue
            case .postalCode: postalCode = newValue
            case .country: country = newValue
            }
        }
    }

    private enum CodingKeys: String, CodingKey {
        case name, street, city, country
        case postalCode = "postal_code"
    }
}

/// A field of `ShippingAddress`, in the order a form shows them.
public enum AddressField: String, Hashable, Sendable, CaseIterable, Codable {
    /// The recipient's name.
    case name
    /// Street and number.
    case street
    /// The city.
    case city
    /// The postal code.
    case postalCode = "postal_code"
    /// The country code.
    case country

    /// The label a form shows, such as `"Postal code"`.
    public var label: String {
        switch self {
        case .name: "Name"
        case .street: "Street"
        case .city: "City"
        case .postalCode: "Postal code"
        case .country: "Country"
        }
    }
}

extension String {
    var trimmedWhitespace: String {
        var scalars = Substring(self)
        while let first = scalars.first, first.isWhitespace { scalars.removeFirst() }
        while let last = scalars.last, last.isWhitespace { scalars.removeLast() }
        return String(scalars)
    }
}
