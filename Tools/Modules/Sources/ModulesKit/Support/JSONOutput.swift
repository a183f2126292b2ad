import Foundation

/// The one JSON encoding every command's `--format json` output uses: pretty-printed, keys sorted, slashes not
/// escaped, so the output is stable across runs and diffs well.
enum JSONOutput {
    /// Encodes `value` as UTF-8 JSON text ending in a newline.
    /// - Throws: `EncodingError` when a value cannot be encoded (a non-finite number).
    static func string<Value: Encodable>(_ value: Value) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(value), as: UTF8.self) + "\n"
    }
}
