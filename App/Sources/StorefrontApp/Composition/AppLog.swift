import Foundation
import Logging
import Persistence
import Primitives

/// Where the app's log records go: one JSON Lines file under the state root (`<state>/logs/storefront.log`, rotated
/// at 1 MiB, five files kept), never the screen. The embedded backend's access log goes to the same file under the
/// label `storefront.server`.
public enum AppLog {
    /// The live log file of `layout`.
    public static func fileURL(in layout: StorageLayout) -> URL {
        layout.stateRoot.appending(path: "logs").appending(path: "storefront.log")
    }

    /// The root logger writing to the log file of `layout` at `level`.
    ///
    /// - Parameters:
    ///   - layout: The storage roots.
    ///   - level: The lowest level written.
    ///   - fallback: Where the first failure to write the file is reported (standard error, muted while the
    ///     full-screen interface owns the terminal).
    public static func fileLogger(
        layout: StorageLayout, level: Logger.Level, fallback: StandardErrorFallback
    ) throws(LogConfigurationError) -> Logger {
        let handler = try JSONLinesFileLogHandler(
            fileURL: fileURL(in: layout),
            rotation: LogRotation(maxFileBytes: 1 << 20, maxFiles: 5),
            fallback: fallback,
            now: { Date() },
            logLevel: level)
        var logger = Logger(label: "storefront", handler: handler)
        logger.logLevel = level
        return logger
    }
}

/// Standard error as the log's last resort, which the full-screen interface mutes while it owns the terminal (a
/// line written then would tear the screen).
public final class StandardErrorFallback: LogTextOutput {
    private let output = StandardStreamOutput(.standardError)
    private let isMuted = Locked(false)

    /// Creates the output, not muted.
    public init() {}

    /// Writes `text` to standard error unless muted; muted text is dropped (the log file is what failed).
    public func write(_ text: String) {
        guard !isMuted.withLock({ $0 }) else { return }
        output.write(text)
    }

    /// Mutes or unmutes the output.
    public func setMuted(_ muted: Bool) {
        isMuted.withLock { $0 = muted }
    }
}
