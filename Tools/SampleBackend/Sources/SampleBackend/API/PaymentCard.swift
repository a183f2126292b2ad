/// Checks a card the way a payment provider's tokenization does, without keeping the number.
struct PaymentCard {
    /// The number that tokenizes but is declined (402 `card_declined`), for the app's decline path.
    static let declinedNumber = "4000000000000002"

    let brand: String
    let last4: String

    /// Checks the number (12 to 19 digits, spaces and dashes allowed, Luhn checksum), the expiry (month 1...12,
    /// not before the current month of `now`'s year and month) and the CVC (3 digits, 4 for American Express).
    ///
    /// - Throws: `APIError` 422 `card_invalid` with `details.field` (`number`, `exp_month`, `exp_year`, `cvc`), or
    ///   402 `card_declined` for the decline test number. Messages never contain the number.
    init(number: String, expiryMonth: Int, expiryYear: Int, cvc: String, currentYear: Int, currentMonth: Int)
        throws(APIError)
    {
        let digits = number.filter { $0 != " " && $0 != "-" }
        guard (12...19).contains(digits.count), digits.allSatisfy(\.isASCIIDigitCharacter), Self.passesLuhn(digits)
        else {
            throw Self.invalid("number", "The card number is not valid.")
        }
        guard (1...12).contains(expiryMonth) else {
            throw Self.invalid("exp_month", "exp_month must be 1 to 12.")
        }
        let year = expiryYear < 100 ? 2000 + expiryYear : expiryYear
        guard (2000...2100).contains(year) else {
            throw Self.invalid("exp_year", "exp_year must be a year such as 2030.")
        }
        guard (year, expiryMonth) >= (currentYear, currentMonth) else {
            throw Self.invalid("exp_year", "The card has expired.")
        }
        let brand = Self.brand(of: digits)
        let cvcLength = brand == "amex" ? 4 : 3
        guard cvc.count == cvcLength, cvc.allSatisfy(\.isASCIIDigitCharacter) else {
            throw Self.invalid("cvc", "The CVC must be \(cvcLength) digits.")
        }
        guard digits != Self.declinedNumber else {
            throw APIError(status: 402, code: "card_declined", message: "The card was declined.")
        }
        self.brand = brand
        self.last4 = String(digits.suffix(4))
    }

    /// `visa`, `mastercard`, `amex`, `discover`, or `unknown`, from the number's prefix.
    static func brand(of digits: String) -> String {
        let two = Int(digits.prefix(2)) ?? 0
        let four = Int(digits.prefix(4)) ?? 0
        if digits.hasPrefix("4") { return "visa" }
        if (51...55).contains(two) || (2221...2720).contains(four) { return "mastercard" }
        if two == 34 || two == 37 { return "amex" }
        if four == 6011 || two == 65 { return "discover" }
        return "unknown"
    }

    /// The Luhn (mod 10) checksum of ISO/IEC 7812-1.
    static func passesLuhn(_ digits: String) -> Bool {
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard var value = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }

    private static func invalid(_ field: String, _ message: String) -> APIError {
        APIError(status: 422, code: "card_invalid", message: message, details: ["field": .string(field)])
    }
}

extension Character {
    /// Whether this is one of the ASCII digits 0-9.
    fileprivate var isASCIIDigitCharacter: Bool {
        isASCII && isNumber
    }
}
