import Foundation

/// The inputs recorded with each test target's passing runs, for `modules explain` and `modules test --why`: one
/// JSON file per target under `<cache dir>/results/inputs/` (the slug of ``HistoryStore/url(of:)``), holding its
/// last ``limit`` passing runs, oldest first, each with the action key, the key's canonical description (every
/// file's digest, the toolchain, flags and environment, the reached targets' digests) and the reached targets' own
/// parts. Written by `modules test --changed-since-green` (and `--why`) for every test target that passed; writes
/// are atomic renames under a `flock`, as in ``HistoryStore``.
public struct PassingInputs: Sendable {
    /// One passing run of a target.
    public struct Record: Codable, Sendable, Equatable {
        /// The action key.
        public var key: String
        /// The commit, `unknown` outside git.
        public var commit: String
        /// The branch.
        public var branch: String
        /// When it passed (ISO 8601).
        public var recordedAt: String
        /// ``ActionKey/description``.
        public var inputs: String
        /// ``ActionKey/dependencyParts``.
        public var dependencyInputs: [String: String]

        /// Creates a record.
        public init(
            key: String, commit: String, branch: String, recordedAt: String, inputs: String,
            dependencyInputs: [String: String]
        ) {
            self.key = key
            self.commit = commit
            self.branch = branch
            self.recordedAt = recordedAt
            self.inputs = inputs
            self.dependencyInputs = dependencyInputs
        }
    }

    private struct File: Codable {
        var schemaVersion = 1
        var target: String
        var records: [Record]
    }

    /// The directory.
    public let directory: URL
    /// Passing runs kept per target.
    public let limit: Int

    /// Creates the store over `directory`.
    public init(directory: URL, limit: Int = 20) {
        self.directory = directory
        self.limit = limit
    }

    /// The default store of a run: `inputs/` of its results directory.
    static func store(_ context: CommandContext) -> PassingInputs {
        let cache = context.cacheDirectory ?? context.root.appendingPathComponent(".build/modules/cache")
        return PassingInputs(directory: cache.appendingPathComponent("results/inputs", isDirectory: true))
    }

    /// The file of `target`.
    public func url(of target: String) -> URL {
        HistoryStore(directory: directory).url(of: target)
    }

    /// The passing runs of `target`, oldest first.
    public func records(of target: String) -> [Record] {
        guard let data = try? Data(contentsOf: url(of: target)),
            let file = try? JSONDecoder().decode(File.self, from: data), file.target == target
        else { return [] }
        return file.records
    }

    /// Appends one passing run of each target of `records` (by target id); a run of a key already last is not
    /// added again.
    /// - Throws: the file system's error.
    public func append(_ records: [String: Record]) throws {
        guard !records.isEmpty else { return }
        try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        try HistoryStore(directory: directory).locked {
            for (target, record) in records.sorted(by: { $0.key < $1.key }) {
                var kept = self.records(of: target)
                if kept.last?.key == record.key, kept.last?.commit == record.commit { continue }
                kept.append(record)
                let encoder = JSONEncoder()
                encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
                try encoder.encode(File(target: target, records: Array(kept.suffix(limit)))).write(
                    to: url(of: target), options: .atomic)
            }
        }
    }
}
