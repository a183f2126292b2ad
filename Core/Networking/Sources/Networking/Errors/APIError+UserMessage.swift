import Foundation

extension APIError.Category {
    /// The sentence a screen shows for a failure of this category: the one place these words live, so every
    /// feature says the same thing for the same failure. Screens put their own context first (`Couldn't search.`).
    public var userMessage: String {
        switch self {
        case .offline: "You're offline."
        case .timeout: "The server took too long to answer."
        case .unauthorized: "Sign in to continue."
        case .forbidden: "You're not allowed to do that."
        case .notFound: "It no longer exists."
        case .conflict: "It changed in the meantime."
        case .invalidInput: "The store didn't accept the request."
        case .rateLimited: "Too many requests; try again in a moment."
        case .server: "The store is having trouble right now."
        case .cancelled: "The request was cancelled."
        case .unexpected: "Something went wrong."
        }
    }
}

extension APIError {
    /// The most characters of the server's own message a screen shows.
    public static let maximumReasonLength = 200

    /// What to tell the user: the category's sentence (`Category.userMessage`), and for a request the server
    /// rejected (4xx other than 401, 404 and 429) with a message in the API's error body, that message as the
    /// reason: `The store didn't accept the request: q must be at most 200 characters.` The message is cut to
    /// `maximumReasonLength` characters and its line breaks become spaces. A 507 Insufficient Storage (RFC 4918
    /// §11.5; code `disk_full`) is the server's full disk, said in its own words: `The store is having trouble right
    /// now: the disk is full: cannot write …`. An interrupted transfer says what happened and where
    /// (`TransferInterruption.sentence`).
    public var userMessage: String {
        if case .interrupted(let interruption) = self { return interruption.sentence }
        guard case .http(let status, let body, _) = self,
            category == .invalidInput || category == .conflict || status == 507
        else {
            return category.userMessage
        }
        return Self.userMessage(for: category, reason: body.message)
    }

    /// `category`'s sentence with the server's `reason` after it (`The store didn't accept the request: q must be
    /// at most 200 characters.`), or the sentence alone when `reason` is blank. For a feature that kept the
    /// server's message of a rejection it mapped to its own error.
    public static func userMessage(for category: Category, reason: String) -> String {
        let sentence = category.userMessage
        let oneLine = reason.split(whereSeparator: \.isNewline).joined(separator: " ")
            .trimmingCharacters(in: .whitespaces)
        guard !oneLine.isEmpty else { return sentence }
        var shown = oneLine
        if shown.count > maximumReasonLength {
            shown = String(shown.prefix(maximumReasonLength)) + "\u{2026}"
        }
        if let last = shown.last, !".!?\u{2026}".contains(last) { shown += "." }
        // "The store didn't accept the request." + ": reason."
        return String(sentence.dropLast()) + ": " + shown
    }
}
