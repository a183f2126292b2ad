import Foundation

extension Logger {
    /// The severity of a log record, from the most verbose (`trace`) to the most severe (`critical`).
    ///
    /// The seven levels and their order are those of apple/swift-log (and of syslog's RFC 5424 severities without
    /// `alert` and `emergency`). A logger writes a record when the record's level is greater than or equal to the
    /// handler's `logLevel`. Levels encode and decode as their lowercase names (`"info"`).
    public enum Level: String, Sendable, Hashable, Codable, CaseIterable, CustomStringConvertible {
        /// Step-by-step detail, normally off everywhere.
        case trace
        /// Information useful while debugging.
        case debug
        /// Routine events worth recording.
        case info
        /// Normal but significant events.
        case notice
        /// Something unexpected that the program handled.
        case warning
        /// An operation failed.
        case error
        /// The program cannot continue as intended.
        case critical

        /// The position of the level in severity order: `trace` is 0, `critical` is 6.
        @inlinable
        public var severity: Int {
            switch self {
            case .trace: return 0
            case .debug: return 1
            case .info: return 2
            case .notice: return 3
            case .warning: return 4
            case .error: return 5
            case .critical: return 6
            }
        }

        /// The lowercase name of the level (`"warning"`), as written by every handler.
        public var description: String { rawValue }

        /// Parses a level name, ignoring case and surrounding whitespace (`"INFO"`, `" debug "`); `"warn"` is
        /// accepted for `warning`. Returns nil for any other text.
        ///
        /// Use it for command-line flags such as `--log-level` and environment variables.
        public init?(name: String) {
            let normalized = name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
            if normalized == "warn" {
                self = .warning
            } else if let level = Level(rawValue: normalized) {
                self = level
            } else {
                return nil
            }
        }

        /// Parses a level name like `init(name:)`, throwing an error that names the accepted values.
        ///
        /// - Throws: `LogLevelParseError` when `text` is not a level name.
        public init(parsing text: String) throws(LogLevelParseError) {
            guard let level = Level(name: text) else {
                throw LogLevelParseError(text: text)
            }
            self = level
        }
    }
}

extension Logger.Level: Comparable {
    /// Orders levels by severity: `trace < debug < info < notice < warning < error < critical`.
    @inlinable
    public static func < (lhs: Logger.Level, rhs: Logger.Level) -> Bool {
        lhs.severity < rhs.severity
    }
}

/// The error thrown by `Logger.Level(parsing:)` for text that is not a level name.
public struct LogLevelParseError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The text that could not be parsed.
    public let text: String

    /// Creates the error for `text`.
    public init(text: String) {
        self.text = text
    }

    /// A message naming the rejected text and the accepted names, such as
    /// `invalid log level 'loud' (expected one of: trace, debug, info, notice, warning, error, critical)`.
    public var description: String {
        let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
        return "invalid log level '\(text)' (expected one of: \(names))"
    }
}
