import Foundation

/// Formats a record as one JSON object on one line (JSON Lines), keys in a fixed order:
///
/// `{"timestamp":"2024-05-01T12:34:56.789Z","level":"info","label":"storefront","message":"…","metadata":{…},
/// "source":"Feed","file":"Feed/FeedFeature.swift","function":"refresh()","line":42}`
///
/// Strings are escaped as RFC 8259 §7 requires (quote, backslash, control characters); `/` and non-ASCII text are
/// written as they are. Metadata keys are sorted; arrays and dictionaries become JSON arrays and objects, every
/// other value a JSON string.
enum JSONLineFormat {
    /// The line for `record` at `timestamp`, with a trailing newline.
    static func line(for record: LogRecord, at timestamp: Date) -> String {
        var json = "{\"timestamp\":"
        appendString(RFC3339Timestamp.string(from: timestamp), to: &json)
        json += ",\"level\":"
        appendString(record.level.rawValue, to: &json)
        json += ",\"label\":"
        appendString(record.label, to: &json)
        json += ",\"message\":"
        appendString(record.message.description, to: &json)
        json += ",\"metadata\":"
        appendObject(record.metadata, to: &json)
        json += ",\"source\":"
        appendString(record.source, to: &json)
        json += ",\"file\":"
        appendString(record.file, to: &json)
        json += ",\"function\":"
        appendString(record.function, to: &json)
        json += ",\"line\":" + String(record.line) + "}\n"
        return json
    }

    private static func appendObject(_ metadata: Logger.Metadata, to json: inout String) {
        json += "{"
        for (position, key) in metadata.keys.sorted().enumerated() {
            if position > 0 {
                json += ","
            }
            appendString(key, to: &json)
            json += ":"
            if let value = metadata[key] {
                appendValue(value, to: &json)
            }
        }
        json += "}"
    }

    private static func appendValue(_ value: Logger.MetadataValue, to json: inout String) {
        switch value {
        case .array(let values):
            json += "["
            for (position, element) in values.enumerated() {
                if position > 0 {
                    json += ","
                }
                appendValue(element, to: &json)
            }
            json += "]"
        case .dictionary(let entries):
            appendObject(entries, to: &json)
        case .string, .stringConvertible, .private:
            appendString(value.description, to: &json)
        }
    }

    private static func appendString(_ text: String, to json: inout String) {
        json += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": json += "\\\""
            case "\\": json += "\\\\"
            case "\n": json += "\\n"
            case "\r": json += "\\r"
            case "\t": json += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                json += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                json.unicodeScalars.append(scalar)
            }
        }
        json += "\""
    }
}
