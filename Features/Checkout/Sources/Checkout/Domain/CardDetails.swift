import Foundation

/// A card as the user typed it, checked before it is sent to the tokenization endpoint
/// (`POST /v1/payment-methods/card`). It lives only as long as that request: the draft keeps the `CardPayment` the
/// server returns, never this value.
///
/// Checks (see `validate(number:expiry:cvc:now:)`): the number has 12 to 19 digits (spaces and dashes allowed) and
/// passes the Luhn checksum of ISO/IEC 7812-1; the expiry (`MM/YY` or `MM/YYYY`) is a month 1 to 12 not before the
/// current month (a card is valid through the end of its expiry month); the CVC is 3 digits, 4 for American Express.
/// The value prints as `CardDetails(ending in 4242)`, so the number and CVC never reach a log.
public struct CardDetails: Hashable, Sendable, CustomStringConvertible, CustomDebugStringConvertible,
    CustomReflectable
{
    /// The digits of the number, without spaces or dashes.
    public let number: String
    /// The expiry month, 1 to 12.
    public let expiryMonth: Int
    /// The expiry year with four digits, such as 2030.
    public let expiryYear: Int
    /// The card verification code.
    public let cvc: String

    /// Checks the three form fields and returns the card, or the message for every field that is wrong.
    ///
    /// - Parameters:
    ///   - number: The card number; spaces and dashes are ignored.
    ///   - expiry: `MM/YY` or `MM/YYYY` (`"04/30"`, `"4/2030"`).
    ///   - cvc: The code on the card.
    ///   - now: The current time; the expiry is compared with its month in UTC.
    public static func validate(number: String, expiry: String, cvc: String, now: Date)
        -> Result<CardDetails, CardValidationError>
    {
        var problems: [CardField: String] = [:]
        let digits = number.filter { $0 != " " && $0 != "-" }
        if digits.isEmpty {
            problems[.number] = "Enter the card number."
        } else if !digits.allSatisfy(\.isASCIIDigit) || !(12...19).contains(digits.count) {
            problems[.number] = "A card number has 12 to 19 digits."
        } else if !passesLuhnCheck(digits) {
            problems[.number] = "This card number is not valid; check the digits."
        }
        let parsedExpiry = parseExpiry(expiry)
        if expiry.trimmedWhitespace.isEmpty {
            problems[.expiry] = "Enter the expiry date as MM/YY."
        } else if let (month, year) = parsedExpiry {
            if isExpired(month: month, year: year, now: now) { problems[.expiry] = "This card has expired." }
        } else {
            problems[.expiry] = "Enter the expiry date as MM/YY, such as 04/30."
        }
        let code = cvc.trimmedWhitespace
        let cvcLength = digits.hasPrefix("34") || digits.hasPrefix("37") ? 4 : 3
        if code.isEmpty {
            problems[.cvc] = "Enter the security code."
        } else if code.count != cvcLength || !code.allSatisfy(\.isASCIIDigit) {
            problems[.cvc] = "The security code has \(cvcLength) digits."
        }
        guard problems.isEmpty, let (month, year) = parsedExpiry else {
            return .failure(CardValidationError(problems: problems))
        }
        return .success(CardDetails(number: digits, expiryMonth: month, expiryYear: year, cvc: code))
    }

    /// Whether `digits` (ASCII digits only) pass the Luhn (mod 10) checksum of ISO/IEC 7812-1: from the right, every
    /// second digit is doubled (minus 9 when above 9) and the sum of all digits must be a multiple of 10.
    public static func passesLuhnCheck(_ digits: String) -> Bool {
        guard !digits.isEmpty else { return false }
        var sum = 0
        for (index, character) in digits.reversed().enumerated() {
            guard character.isASCIIDigit, var value = character.wholeNumberValue else { return false }
            if index % 2 == 1 {
                value *= 2
                if value > 9 { value -= 9 }
            }
            sum += value
        }
        return sum % 10 == 0
    }

    /// The last four digits of the number.
    public var last4: String { String(number.suffix(4)) }

    /// `CardDetails(ending in 4242)`: never the number or the CVC.
    public var description: String { "CardDetails(ending in \(last4))" }

    /// The same as `description`.
    public var debugDescription: String { description }

    /// A mirror without children, so `dump` shows no number either.
    public var customMirror: Mirror { Mirror(self, children: [:]) }

    /// `(month, four-digit year)` from `MM/YY` or `MM/YYYY`, or nil.
    private static func parseExpiry(_ text: String) -> (Int, Int)? {
        let parts = text.trimmedWhitespace.split(separator: "/", omittingEmptySubsequences: false)
        guard parts.count == 2 else { return nil }
        let monthText = String(parts[0]).trimmedWhitespace
        let yearText = String(parts[1]).trimmedWhitespace
        guard (1...2).contains(monthText.count), yearText.count == 2 || yearText.count == 4,
            monthText.allSatisfy(\.isASCIIDigit), yearText.allSatisfy(\.isASCIIDigit),
            let month = Int(monthText), let year = Int(yearText), (1...12).contains(month)
        else { return nil }
        return (month, yearText.count == 2 ? 2000 + year : year)
    }

    private static func isExpired(month: Int, year: Int, now: Date) -> Bool {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC") ?? calendar.timeZone
        let today = calendar.dateComponents([.year, .month], from: now)
        guard let currentYear = today.year, let currentMonth = today.month else { return false }
        return (year, month) < (currentYear, currentMonth)
    }
}

/// A field of the card form.
public enum CardField: String, Hashable, Sendable, CaseIterable {
    /// The card number.
    case number
    /// The expiry date.
    case expiry
    /// The security code.
    case cvc

    /// The most characters the field takes: a number of 12 to 19 digits with a space or dash between each group
    /// of four (23), `MM/YYYY` (7), a CVC of 3 or 4 digits (openapi.yaml's `CardRequest`).
    public var maximumLength: Int {
        switch self {
        case .number: 23
        case .expiry: 7
        case .cvc: 4
        }
    }

    /// The label a form shows.
    public var label: String {
        switch self {
        case .number: "Card number"
        case .expiry: "Expiry (MM/YY)"
        case .cvc: "Security code"
        }
    }
}

/// The card form's problems: one message per field that is wrong.
public struct CardValidationError: Error, Hashable, Sendable {
    /// The message for each wrong field.
    public let problems: [CardField: String]

    /// Creates the error.
    public init(problems: [CardField: String]) {
        self.problems = problems
    }
}

extension Character {
    var isASCIIDigit: Bool { isASCII && isWholeNumber }
}
