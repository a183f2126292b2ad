import Foundation
import Logging
import Primitives

/// Small typed settings of one suite, kept in one JSON file that is replaced atomically on every change.
///
/// The file is read on first use (building the store touches nothing) and holds only what was set: a key never set
/// reads as `.defaulted(key.defaultValue)`, and `remove(_:)` returns a key to that state. A file that is not a JSON
/// object is moved aside as `<name>.corrupt-<UTC time>` (never deleted), reported through the logger and
/// `recoveredCorruptFile`, and the suite starts empty. A stored value that no longer decodes as its key's type
/// reads as the default and stays in the file until it is set again.
///
/// Safe to use from any thread; reads and writes take a lock and are quick (the file is small).
public final class PreferencesStore: Sendable {
    private struct State {
        var values: [String: JSONValue]?
        var recoveredCorruptFile: URL?
    }

    private let file: AtomicFile
    private let now: @Sendable () -> Date
    private let logger: Logger
    private let state = Locked(State())

    /// A store over `fileURL` (for an account: `StorageLayout.preferencesURL(suite:for:)`).
    ///
    /// - Parameters:
    ///   - now: The time used to name a corrupt file moved aside.
    ///   - logger: Receives corruption reports; never preference values.
    public init(fileURL: URL, now: @escaping @Sendable () -> Date, logger: Logger) {
        self.file = AtomicFile(url: fileURL)
        self.now = now
        self.logger = logger
    }

    /// Where a corrupt file was moved when this store found one, or nil.
    public var recoveredCorruptFile: URL? {
        state.withLock { $0.recoveredCorruptFile }
    }

    /// The key's stored value, or its default when never set (or unreadable as `Value`).
    ///
    /// - Throws: `FileOperationError` when the file exists but cannot be read, or a corrupt file cannot be moved.
    public func value<Value>(for key: PreferenceKey<Value>) throws -> PreferenceValue<Value> {
        let stored = try state.withLock { state in try loadedValues(&state)[key.name] }
        guard let stored else { return .defaulted(key.defaultValue) }
        do {
            let data = try JSONEncoder().encode(stored)
            return .stored(try JSONDecoder().decode(Value.self, from: data))
        } catch {
            logger.warning(
                "stored preference does not decode; using its default",
                metadata: ["key": .string(key.name), "file": .string(file.url.lastPathComponent)])
            return .defaulted(key.defaultValue)
        }
    }

    /// Forgets what was read, so the next read or change loads the file again: call it before deciding on a value
    /// another process may have changed (under a lock both take, such as the sign-in lock).
    public func reload() {
        state.withLock { $0.values = nil }
    }

    /// Stores `value` for `key` and rewrites the file atomically.
    ///
    /// - Throws: `EncodingError` when `value` does not encode; `FileOperationError` when the file cannot be
    ///   written (the file and the values read afterwards are unchanged).
    public func set<Value>(_ value: Value, for key: PreferenceKey<Value>) throws {
        let encoded = try JSONDecoder().decode(JSONValue.self, from: try JSONEncoder().encode(value))
        try update { $0[key.name] = encoded }
    }

    /// Forgets the stored value of `key`, so it reads as its default again.
    ///
    /// - Throws: `FileOperationError` when the file cannot be written.
    public func remove<Value>(_ key: PreferenceKey<Value>) throws {
        try update { $0.removeValue(forKey: key.name) }
    }

    // MARK: - Private

    private func update(_ change: (inout [String: JSONValue]) -> Void) throws {
        try state.withLock { state in
            var values = try loadedValues(&state)
            change(&values)
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
            try FileSystem.createDirectory(file.url.deletingLastPathComponent(), permissions: 0o700)
            try file.write(values, encoder: encoder)
            state.values = values
        }
    }

    private func loadedValues(_ state: inout State) throws -> [String: JSONValue] {
        if let values = state.values { return values }
        guard let data = try file.read() else {
            state.values = [:]
            return [:]
        }
        if let values = try? JSONDecoder().decode([String: JSONValue].self, from: data) {
            state.values = values
            return values
        }
        let aside = try moveAside()
        logger.error(
            "preferences file is corrupt; moved aside and using defaults",
            metadata: ["file": .string(file.url.lastPathComponent), "moved_to": .string(aside.lastPathComponent)])
        state.recoveredCorruptFile = aside
        state.values = [:]
        return [:]
    }

    /// Renames the file to `<name>.corrupt-<yyyyMMdd'T'HHmmss'Z'>` (plus `-2`, `-3` … when taken).
    private func moveAside() throws -> URL {
        let stamp = DatabaseDateFormat.text(for: now()).prefix(19)
            .replacingOccurrences(of: "-", with: "").replacingOccurrences(of: ":", with: "")
            .replacingOccurrences(of: " ", with: "T")
        let base = "\(file.url.lastPathComponent).corrupt-\(stamp)Z"
        let directory = file.url.deletingLastPathComponent()
        var candidate = directory.appending(path: base)
        var suffix = 2
        while try FileSystem.status(candidate.path(percentEncoded: false)) != nil {
            candidate = directory.appending(path: "\(base)-\(suffix)")
            suffix += 1
        }
        let from = file.url.path(percentEncoded: false)
        guard rename(from, candidate.path(percentEncoded: false)) == 0 else {
            throw FileOperationError(operation: "move aside the corrupt file", path: from, code: errno)
        }
        return candidate
    }
}
