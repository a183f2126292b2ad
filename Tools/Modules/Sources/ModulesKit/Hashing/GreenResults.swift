import Foundation

/// The test targets that passed, by content hash: the results cache of `modules test --changed-since-green`.
///
/// One JSON file (`<cache dir>/results/green.json`) mapping a test target's id to the ``ModuleHash/hash`` it had
/// when it last passed. A target is recorded only when all of its test cases ran and passed (see
/// ``PassingTargets``), so a failing, crashing or unbuildable target is never green. Keep the directory between CI runs (the sample workflow caches it) and a
/// run tests only the targets whose content changed since they last passed.
public struct GreenResults: Sendable, Equatable {
    /// One passing result.
    public struct Entry: Sendable, Equatable, Codable {
        /// The target's hash when it passed.
        public var hash: String
        /// When it passed (ISO 8601).
        public var passedAt: String
    }

    private struct File: Codable {
        var schemaVersion: Int
        var targets: [String: Entry]
    }

    /// By test target id.
    public private(set) var targets: [String: Entry] = [:]

    /// The file name inside the results directory.
    public static let fileName = "green.json"

    /// Creates an empty store.
    public init() {}

    /// Reads `url`; a missing or damaged file is an empty store (every target runs, nothing is lost but time).
    public static func load(from url: URL) -> GreenResults {
        var store = GreenResults()
        if let data = try? Data(contentsOf: url), let file = try? JSONDecoder().decode(File.self, from: data),
            file.schemaVersion == 1
        {
            store.targets = file.targets
        }
        return store
    }

    /// Whether `hash` passed before.
    public func isGreen(_ hash: ModuleHash) -> Bool {
        targets[hash.id]?.hash == hash.hash
    }

    /// Records `hashes` as passed at `date`.
    public mutating func record(_ hashes: [ModuleHash], at date: Date) {
        let stamp = ISO8601DateFormatter().string(from: date)
        for hash in hashes {
            targets[hash.id] = Entry(hash: hash.hash, passedAt: stamp)
        }
    }

    /// Writes the store to `url` (atomically), merged over what the file holds now, so two runs that finish at
    /// once both keep their results.
    /// - Throws: the file system's error.
    public func save(to url: URL) throws {
        var merged = GreenResults.load(from: url).targets
        merged.merge(targets) { _, new in new }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoder.encode(File(schemaVersion: 1, targets: merged)).write(to: url, options: .atomic)
    }
}
