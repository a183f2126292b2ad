import Foundation

/// Formats a record as one line for people: `warning [storefront.feed] message key=value (Feed/File.swift:42)`.
///
/// Metadata is sorted by key. Control characters (line breaks, escape sequences) in any part are written as visible
/// escapes (`\n`, `\u{1B}`), so a record stays on one line and cannot drive the terminal. With colour, the level is
/// wrapped in an ANSI SGR sequence (ECMA-48 §8.3.117).
struct HumanReadableFormat: Sendable {
    /// Whether to colour the level.
    let useColor: Bool

    /// The line for `record`, without a trailing newline.
    func line(for record: LogRecord) -> String {
        var line = ""
        line.reserveCapacity(128)
        if useColor {
            line += Self.colored(record.level)
        } else {
            line += record.level.rawValue
        }
        line += " ["
        Self.appendEscaped(record.label, to: &line)
        line += "] "
        Self.appendEscaped(record.message.description, to: &line)
        for key in record.metadata.keys.sorted() {
            if let value = record.metadata[key] {
                line += " "
                Self.appendEscaped(key, to: &line)
                line += "="
                Self.appendField(value, to: &line)
            }
        }
        line += " ("
        Self.appendEscaped(record.file, to: &line)
        line += ":"
        line += String(record.line)
        line += ")"
        return line
    }

    private static func colored(_ level: Logger.Level) -> String {
        let code: String
        switch level {
        case .trace: code = "2"
        case .debug: code = "36"
        case .info: code = "32"
        case .notice: code = "34"
        case .warning: code = "33"
        case .error: code = "31"
        case .critical: code = "1;31"
        }
        return "\u{1B}[" + code + "m" + level.rawValue + "\u{1B}[0m"
    }

    /// Appends a metadata value as a logfmt-style field: bare when it is one word, quoted (with inner quotes
    /// escaped) when it is empty or holds blanks, quotes or `=`.
    private static func appendField(_ value: Logger.MetadataValue, to line: inout String) {
        var text = ""
        appendEscaped(value.description, to: &text)
        let needsQuotes =
            text.isEmpty
            || text.utf8.contains(where: {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "=")
            })
        guard needsQuotes else {
            line += text
            return
        }
        line += "\""
        line += text.replacingOccurrences(of: "\"", with: "\\\"")
        line += "\""
    }

    /// Appends `text` with every control character (C0, DEL, C1) written as a visible escape.
    static func appendEscaped(_ text: String, to line: inout String) {
        guard containsControl(text) else {
            line += text
            return
        }
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case _ where scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value):
                line += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: line.unicodeScalars.append(scalar)
            }
        }
    }

    /// Whether `text` may hold a control character: C0 controls and DEL are single UTF-8 bytes, and C1 controls
    /// (U+0080...U+009F) all start with the byte 0xC2 (which a few other characters share; those take the slow path).
    private static func containsControl(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            bytes.contains { $0 < 0x20 || $0 == 0x7F || $0 == 0xC2 }
        }
    }
}
