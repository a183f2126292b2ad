/// The one redaction policy of the package: what no handler may ever write, and what it writes instead.
///
/// `Logger` applies it to every message and metadata value before a handler sees them, so every handler (stream,
/// JSON Lines, capturing, multiplex, or one written elsewhere) receives redacted records only. The rules:
///
/// - A `.private` metadata value, at any depth, becomes `marker`.
/// - The value under a credential-bearing key becomes `marker`, at any depth (a `headers` dictionary included). The
///   keys are the HTTP header fields `Authorization` and `Proxy-Authorization` (RFC 9110 §11.6.2 and §11.7.2),
///   `Cookie` (RFC 6265 §5.4) and `Set-Cookie` (RFC 6265 §4.1), matched whatever their casing, with `_` taken as
///   `-`, and also as the last dot-separated part of a key (`http.request.header.authorization`). Secret headers
///   of other kinds count too, by name: API keys (`X-Api-Key`, `Api-Key`, `ApiKey`) and every hyphenated name that
///   ends in `-Token`, `-Key`, `-Secret` or `-Password` (`X-Auth-Token`, `X-Amz-Security-Token`, `Private-Token`),
///   except `Idempotency-Key` (RFC draft-ietf-httpapi-idempotency-key-header), which identifies a request and is no
///   secret.
/// - In strings (messages, string values, and the descriptions of `stringConvertible` values): the token after the
///   word `Bearer` in any casing (RFC 6750 §2.1), and the rest of the line after a credential header name followed
///   by a colon (`Cookie: a=b`, `"authorization": "..."`), become `marker`.
///
/// Redaction is idempotent: redacting a redacted value changes nothing.
public enum Redaction {
    /// The fixed text every handler writes in place of a redacted value: `<private>`.
    public static let marker = "<private>"

    /// The credential-bearing keys, lowercased: `authorization`, `proxy-authorization`, `cookie`, `set-cookie`.
    public static let credentialKeys: Set<String> = ["authorization", "proxy-authorization", "cookie", "set-cookie"]

    /// Whether the value under `key` is a credential (see the rules above), whatever the key's casing.
    public static func isCredentialKey(_ key: String) -> Bool {
        var key = key
        return key.withUTF8 { bytes in
            let lastPart = bytes.lastIndex(of: UInt8(ascii: ".")).map { bytes.index(after: $0) } ?? 0
            let name = UnsafeBufferPointer(rebasing: bytes[lastPart...])
            if credentialKeyBytes.contains(where: { equals($0, name) }) { return true }
            guard !equals(notSecretBytes, name) else { return false }
            return secretSuffixBytes.contains { suffix in
                name.count > suffix.count
                    && equals(suffix, UnsafeBufferPointer(rebasing: name[(name.count - suffix.count)...]))
            }
        }
    }

    private static let credentialKeyBytes = (credentialKeys.union(["x-api-key", "api-key", "apikey"])).map {
        Array($0.utf8)
    }
    /// Hyphenated header names ending in one of these are secrets (see the rules above).
    private static let secretSuffixBytes = ["-token", "-key", "-secret", "-password"].map { Array($0.utf8) }
    /// The one `-key` header that is no secret.
    private static let notSecretBytes = Array("idempotency-key".utf8)

    /// Whether `name`, lowercased with `_` as `-`, is `word` (already in that form).
    private static func equals(_ word: [UInt8], _ name: UnsafeBufferPointer<UInt8>) -> Bool {
        word.count == name.count && zip(word, name).allSatisfy { $0 == normalized($1) }
    }

    /// An ASCII byte lowercased, with `_` taken as `-`.
    private static func normalized(_ byte: UInt8) -> UInt8 {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): return byte + 32
        case UInt8(ascii: "_"): return UInt8(ascii: "-")
        default: return byte
        }
    }

    /// Returns `metadata` with every rule applied; keys are kept.
    public static func redact(_ metadata: Logger.Metadata) -> Logger.Metadata {
        redactedEntries(metadata) ?? metadata
    }

    /// Returns `value` with every rule applied, as if it were stored under a key that is not a credential.
    public static func redact(_ value: Logger.MetadataValue) -> Logger.MetadataValue {
        redacted(value) ?? value
    }

    /// Returns `message` with bearer tokens and credential header lines replaced by the marker.
    public static func redact(_ message: Logger.Message) -> Logger.Message {
        TextRedactor.redacted(message.description).map { Logger.Message($0) } ?? message
    }

    /// Returns `text` with bearer tokens and credential header lines replaced by the marker.
    public static func redact(_ text: String) -> String {
        TextRedactor.redacted(text) ?? text
    }

    /// The redacted entries, or nil when no entry changes (so the common case copies nothing).
    static func redactedEntries(_ metadata: Logger.Metadata) -> Logger.Metadata? {
        var result: Logger.Metadata?
        for (key, value) in metadata {
            let replacement = isCredentialKey(key) ? .string(marker) : redacted(value)
            if let replacement {
                if result == nil {
                    result = metadata
                }
                result?[key] = replacement
            }
        }
        return result
    }

    /// The redacted value, or nil when it is unchanged.
    ///
    /// `stringConvertible` values always become strings, so the text that was checked is the text that is written.
    private static func redacted(_ value: Logger.MetadataValue) -> Logger.MetadataValue? {
        switch value {
        case .string(let text):
            return TextRedactor.redacted(text).map(Logger.MetadataValue.string)
        case .stringConvertible(let convertible):
            return .string(redact(convertible.description))
        case .array(let values):
            var result: [Logger.MetadataValue]?
            for (index, element) in values.enumerated() {
                if let replacement = redacted(element) {
                    if result == nil {
                        result = values
                    }
                    result?[index] = replacement
                }
            }
            return result.map(Logger.MetadataValue.array)
        case .dictionary(let entries):
            return redactedEntries(entries).map(Logger.MetadataValue.dictionary)
        case .private:
            return .string(marker)
        }
    }
}
