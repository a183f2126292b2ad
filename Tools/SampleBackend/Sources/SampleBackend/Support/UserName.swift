import Foundation

/// The rules for `user_name` on `POST /v1/session` (openapi.yaml, `SessionRequest`).
///
/// Two spellings that a person reads as the same name are one user: the key a user is found by is the name after
/// the steps of RFC 8265's `UsernameCaseMapped` profile, as Foundation provides them: width mapping and other
/// compatibility forms (NFKC, so fullwidth `ＡＤＡ` is `ADA` and `ﬁ` is `fi`), Unicode case folding (`Straße` and
/// `STRASSE` meet), then canonical composition (NFC, so `e` + U+0301 and `é` meet). The name shown is the first
/// spelling used, trimmed and in NFC.
struct UserName: Sendable, Hashable {
    /// Limits counted in Unicode scalars and in UTF-8 bytes of the trimmed NFC spelling.
    static let scalarLimit = 1...64
    static let byteLimit = 256

    /// The name as shown: trimmed of white space, in NFC.
    let display: String
    /// The key the user is stored under.
    let key: String

    /// Reads and checks a name sent by a client.
    ///
    /// - Throws: `APIError` 422 `validation_failed` (field `user_name`) for a name that is empty after trimming,
    ///   longer than the limits, or that holds control or format characters (such as U+200B, U+202E): those make
    ///   names that look alike or are invisible.
    init(_ sent: String) throws(APIError) {
        let display = sent.trimmingCharacters(in: .whitespacesAndNewlines).precomposedStringWithCanonicalMapping
        // The limits hold for the name as sent (as openapi.yaml's maxLength does) and once trimmed.
        guard RequestSupport.fits(sent, scalars: 0...Self.scalarLimit.upperBound, maximumBytes: Self.byteLimit),
            RequestSupport.fits(display, scalars: Self.scalarLimit, maximumBytes: Self.byteLimit),
            !RequestSupport.isBlank(display)
        else {
            throw .validationFailed(
                "user_name",
                "user_name must be 1 to \(Self.scalarLimit.upperBound) Unicode scalars "
                    + "(at most \(Self.byteLimit) bytes of UTF-8) after trimming.")
        }
        let refused: Set<Unicode.GeneralCategory> = [.control, .format]
        guard !display.unicodeScalars.contains(where: { refused.contains($0.properties.generalCategory) }) else {
            throw .validationFailed(
                "user_name", "user_name must hold printable characters only (no control or invisible format ones).")
        }
        self.display = display
        self.key =
            display.precomposedStringWithCompatibilityMapping
            .folding(options: [.caseInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}
