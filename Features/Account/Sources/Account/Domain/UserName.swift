import Foundation

/// A user name that the sign-in endpoint accepts, trimmed of surrounding whitespace.
///
/// The rule is the API contract's for `POST /v1/session`: 1 to 64 characters after trimming, none of them a control
/// character. Checking it here lets the sign-in screen say what is wrong before anything is sent.
public struct UserName: Sendable, Hashable, CustomStringConvertible {
    /// The most characters (grapheme clusters) a user name may have.
    public static let maximumLength = 64

    /// The name as it is sent: trimmed.
    public let value: String

    /// Validates `text` and keeps it trimmed.
    ///
    /// - Throws: `UserNameProblem` saying what is wrong.
    public init(validating text: String) throws(UserNameProblem) {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .empty }
        guard trimmed.count <= Self.maximumLength else { throw .tooLong(maximum: Self.maximumLength) }
        guard !trimmed.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) else {
            throw .containsControlCharacters
        }
        value = trimmed
    }

    /// The name.
    public var description: String { value }
}

/// Why a user name cannot be used.
public enum UserNameProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// Nothing but whitespace was entered.
    case empty
    /// The name has more than `maximum` characters.
    case tooLong(maximum: Int)
    /// The name contains a control character (a tab, a line break, an escape).
    case containsControlCharacters

    /// One sentence for the field's validation message.
    public var message: String {
        switch self {
        case .empty: return "Enter a user name."
        case .tooLong(let maximum): return "A user name has at most \(maximum) characters."
        case .containsControlCharacters: return "A user name cannot contain tabs, line breaks or control characters."
        }
    }

    /// The message.
    public var description: String { message }
}
