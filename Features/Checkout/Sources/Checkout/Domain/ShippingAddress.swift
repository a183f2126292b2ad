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

    /// The address as it is written on an envelope in its country, one line per part: name, street, then the
    /// city and postal code in the country's order, then the country code. Germany and most of continental
    /// Europe write `10115 Berlin`; the United Kingdom puts the city on its own line and the postcode below it;
    /// the United States and Canada write `New York 10001` (Universal Postal Union, "Postal addressing systems in
    /// member countries"). Empty parts are left out.
    public var displayLines: [String] {
        let address = normalized
        let place: [String]
        switch AddressField.placeOrder(forCountry: address.country) {
        case .postalCodeFirst:
            place = [[address.postalCode, address.city].filter { !$0.isEmpty }.joined(separator: " ")]
        case .cityFirst: place = [[address.city, address.postalCode].filter { !$0.isEmpty }.joined(separator: " ")]
        case .cityThenPostalCodeLine: place = [address.city, address.postalCode]
        }
        return ([address.name, address.street] + place + [address.country]).filter { !$0.isEmpty }
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

    /// How a country writes the city and the postal code (see `ShippingAddress.displayLines`).
    public enum PlaceOrder: Hashable, Sendable {
        /// `10115 Berlin`: most of continental Europe, and the default for a country not yet chosen.
        case postalCodeFirst
        /// `New York 10001`: the United States, Canada.
        case cityFirst
        /// The city on one line, the postcode on the next: the United Kingdom.
        case cityThenPostalCodeLine
    }

    /// The order of city and postal code in `country` (an ISO 3166-1 alpha-2 code, any case).
    public static func placeOrder(forCountry country: String) -> PlaceOrder {
        switch country.trimmedWhitespace.uppercased() {
        case "GB": .cityThenPostalCodeLine
        case "US", "CA": .cityFirst
        default: .postalCodeFirst
        }
    }

    /// The fields in the order a form for `country` shows them: the country first (it decides the rest), then
    /// name and street, then city and postal code in the country's order (GB: city before postcode; DE: postal
    /// code before city).
    public static func formOrder(forCountry country: String) -> [AddressField] {
        let place: [AddressField] =
            placeOrder(forCountry: country) == .postalCodeFirst ? [.postalCode, .city] : [.city, .postalCode]
        return [.country, .name, .street] + place
    }

    /// The most characters the API accepts in each field (`maxLength: 200` in openapi.yaml's `ShippingAddress`).
    public static let maximumLength = 200

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
