import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The local history store: `.build/modules/history/` of the repository, one JSON file per module holding its last
/// ``limit`` records, oldest first:
///
/// ```json
/// {"schemaVersion": 1, "module": "Core/Logging", "records": [{"module": "Core/Logging", "source": "test", …}]}
/// ```
///
/// A file is named after its module (`Core-Logging.1a2b3c4d.json`: `/` and `:` as `-`, then the first 8 digits of
/// the SHA-256 of the module's name, so `Core/Logging` and `Core-Logging` never share a file). Every append reads,
/// merges and rewrites the file under an exclusive `flock` of the directory's `.lock`, through a temporary file and
/// a rename, so runs at once never lose each other's records and a reader never sees half a file. A file that does
/// not decode counts as empty and is rewritten.
public struct HistoryStore: Sendable {
    /// The directory.
    public let directory: URL
    /// How many records are kept per module.
    public let limit: Int

    /// The default directory, relative to the repository root.
    public static let defaultPath = ".build/modules/history"

    /// Creates a store over `directory`, keeping the last `limit` records of each module.
    public init(directory: URL, limit: Int = 200) {
        self.directory = directory
        self.limit = limit
    }

    private struct File: Codable {
        var schemaVersion = 1
        var module: String
        var records: [HistoryRecord]
    }

    /// The file of `module`.
    public func url(of module: String) -> URL {
        let slug = String(module.map { $0 == "/" || $0 == ":" ? "-" : $0 }).replacingOccurrences(of: ".", with: "_")
        let name = (slug.isEmpty ? "root" : slug) + "." + BlobDigest.sha256(module).prefix(8) + ".json"
        return directory.appendingPathComponent(name)
    }

    /// Appends `records` (grouped by module) and keeps the last ``limit`` of each module; a record whose run and
    /// module are already there is not added twice.
    /// - Throws: the file system's error when the directory, the lock or a file cannot be written.
    public func append(_ records: [HistoryRecord]) throws {
        guard !records.isEmpty else { return }
        let manager = FileManager()
        try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        let ignore = directory.appendingPathComponent(".gitignore")
        if !manager.fileExists(atPath: ignore.path) {
            try? Data("*\n".utf8).write(to: ignore, options: .atomic)
        }
        try locked {
            for (module, added) in Dictionary(grouping: records, by: \.module).sorted(by: { $0.key < $1.key }) {
                var kept = self.records(of: module)
                let seen = Set(kept.map(\.run))
                kept += added.filter { !seen.contains($0.run) }
                let file = File(module: module, records: Array(kept.suffix(limit)))
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                try encoder.encode(file).write(to: url(of: module), options: .atomic)
            }
        }
    }

    /// The records of `module`, oldest first (none when its file is missing or does not decode).
    public func records(of module: String) -> [HistoryRecord] {
        guard let data = try? Data(contentsOf: url(of: module)),
            let file = try? JSONDecoder().decode(File.self, from: data), file.schemaVersion == 1, file.module == module
        else { return [] }
        return file.records
    }

    /// Every module's records, by module, each oldest first.
    public func all() -> [String: [HistoryRecord]] {
        let files = (try? FileManager().contentsOfDirectory(at: directory, includingPropertiesForKeys: nil)) ?? []
        var found: [String: [HistoryRecord]] = [:]
        for file in files where file.pathExtension == "json" {
            guard let data = try? Data(contentsOf: file),
                let decoded = try? JSONDecoder().decode(File.self, from: data),
                decoded.schemaVersion == 1
            else { continue }
            found[decoded.module] = decoded.records
        }
        return found
    }

    /// Runs `body` holding an exclusive `flock` on the directory's `.lock` (blocking until other writers are done).
    func locked(_ body: () throws -> Void) throws {
        let path = directory.appendingPathComponent(".lock").path
        let descriptor = open(path, O_CREAT | O_RDWR | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: path])
        }
        defer { close(descriptor) }
        guard flock(descriptor, LOCK_EX) == 0 else {
            throw CocoaError(.fileLocking, userInfo: [NSFilePathErrorKey: path])
        }
        defer { flock(descriptor, LOCK_UN) }
        try body()
    }
}
