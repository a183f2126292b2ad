import Foundation

/// Recorded durations: each package's last build-and-test time, its tests' seconds by suite, and each module's
/// compile seconds. Kept in a JSON file (by default `.build/modules/durations.json`) that `modules test` updates
/// after every run, that `--shard` and `plan` read to balance the work, and that the shared cache carries between
/// machines (``SharedDurations``).
///
/// Shape (schema version 2; a version 1 file, without the fields marked 2, reads as well):
/// ```json
/// {"schemaVersion": 2,
///  "packages": {"Core/Logging": {"seconds": 12.3, "status": "passed", "buildSeconds": 11.0, "testSeconds": 1.3,
///                                "productSeconds": 2.1, "suites": {"LoggingTests.LoggerTests": 0.4}}},
///  "modules": {"Logging": {"seconds": 4.2, "files": 12}}}
/// ```
/// All times are seconds of wall time on the machine that recorded them. A file that is missing or unreadable counts
/// as empty: durations are a hint, never a reason to fail.
public struct DurationStore: Sendable, Equatable {
    /// One package's last run.
    public struct Entry: Sendable, Equatable, Codable {
        /// Build plus test time, in seconds.
        public var seconds: Double
        /// The run's status (`passed`, `failed`, …).
        public var status: String
        /// 2: the seconds of `swift build --build-tests` in that run (what it had to compile then).
        public var buildSeconds: Double?
        /// 2: the seconds of its tests (the sum of ``suites`` when they are known).
        public var testSeconds: Double?
        /// 2: the share of a build that is the package's own test product (its test runner and link), rebuilt for
        /// every package tested.
        public var productSeconds: Double?
        /// 2: each suite's share of the tests' wall time, by suite (`LoggingTests.LoggerTests`: the xunit class
        /// name, whose first part is the test target's module).
        public var suites: [String: Double]?
        /// 2: the test targets (by module) whose suites the last run ran in full, so a merge drops their suites that
        /// it did not see (a suite removed from the code); a target run suite by suite updates its suites one by one.
        public var wholeTargets: [String]?

        /// Creates an entry.
        public init(
            seconds: Double, status: String, buildSeconds: Double? = nil, testSeconds: Double? = nil,
            productSeconds: Double? = nil, suites: [String: Double]? = nil, wholeTargets: [String]? = nil
        ) {
            self.wholeTargets = wholeTargets
            self.seconds = seconds
            self.status = status
            self.buildSeconds = buildSeconds
            self.testSeconds = testSeconds
            self.productSeconds = productSeconds
            self.suites = suites
        }

        /// The seconds of the suites of the test target whose module is `module`.
        public func testSeconds(ofModule module: String) -> Double {
            (suites ?? [:]).filter { Self.module(ofSuite: $0.key) == module }.values.reduce(0, +)
        }

        /// The module a suite belongs to: the first part of its name.
        static func module(ofSuite suite: String) -> String {
            String(suite.split(separator: ".", maxSplits: 1).first ?? "")
        }
    }

    /// One module's compile seconds, from the most complete build of it recorded.
    public struct ModuleBuild: Sendable, Equatable, Codable {
        /// Its share of the build's wall time, in seconds.
        public var seconds: Double
        /// How many source files that build compiled (an incremental build compiles fewer and is not kept over a
        /// more complete one).
        public var files: Int

        /// Creates a record.
        public init(seconds: Double, files: Int) {
            self.seconds = seconds
            self.files = files
        }
    }

    private struct File: Codable {
        var schemaVersion: Int
        var packages: [String: Entry]
        var modules: [String: ModuleBuild]?
    }

    /// The schema version written.
    public static let schemaVersion = 2

    /// The default place, relative to the repository root.
    public static let defaultPath = ".build/modules/durations.json"

    /// The recorded durations by package path.
    public internal(set) var entries: [String: Entry]
    /// The modules' compile seconds by module name.
    public internal(set) var modules: [String: ModuleBuild]

    /// Creates a store holding `entries` and `modules`.
    public init(entries: [String: Entry] = [:], modules: [String: ModuleBuild] = [:]) {
        self.entries = entries
        self.modules = modules
    }

    /// Whether it holds nothing.
    public var isEmpty: Bool { entries.isEmpty && modules.isEmpty }

    /// Reads the store at `url` (empty when the file is missing or not a store).
    public static func load(from url: URL) -> DurationStore {
        guard let data = try? Data(contentsOf: url), let store = try? decode(data) else { return DurationStore() }
        return store
    }

    /// Decodes a store from its JSON.
    /// - Throws: `DecodingError` for anything that is not a store of schema version 1 or 2.
    public static func decode(_ data: Data) throws -> DurationStore {
        let file = try JSONDecoder().decode(File.self, from: data)
        guard (1...schemaVersion).contains(file.schemaVersion) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "schemaVersion \(file.schemaVersion) is not 1 or 2"))
        }
        return DurationStore(entries: file.packages, modules: file.modules ?? [:])
    }

    /// The JSON text of the store (keys sorted, so equal stores give equal bytes).
    /// - Throws: `EncodingError` for a value JSON cannot hold.
    public func encoded() throws -> Data {
        Data(try JSONOutput.string(File(schemaVersion: Self.schemaVersion, packages: entries, modules: modules)).utf8)
    }

    /// Writes the store to `url` atomically, creating its directory.
    /// - Throws: the file system's error.
    public func save(to url: URL) throws {
        try FileManager().createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try encoded().write(to: url, options: .atomic)
    }

    /// Folds a newer record into this one: each of its packages replaces the package's fields it has; its suites
    /// replace the suites of the test targets it ran whole (``Entry/wholeTargets``; a suite gone from such a target
    /// goes) and update the others one by one; a module's compile time is taken when it comes from a build that
    /// compiled at least as many of its files.
    public mutating func merge(_ newer: DurationStore) {
        for (package, entry) in newer.entries {
            guard var merged = entries[package] else {
                entries[package] = entry
                continue
            }
            merged.seconds = entry.seconds
            merged.status = entry.status
            merged.buildSeconds = entry.buildSeconds ?? merged.buildSeconds
            merged.productSeconds = entry.productSeconds ?? merged.productSeconds
            if let suites = entry.suites {
                let whole = Set(entry.wholeTargets ?? [])
                var kept = (merged.suites ?? [:]).filter { !whole.contains(Entry.module(ofSuite: $0.key)) }
                kept.merge(suites) { _, new in new }
                merged.suites = kept
                merged.testSeconds = (kept.values.reduce(0, +) * 1000).rounded() / 1000
                merged.wholeTargets = entry.wholeTargets
            } else {
                merged.testSeconds = entry.testSeconds ?? merged.testSeconds
            }
            entries[package] = merged
        }
        for (module, build) in newer.modules where build.files >= (modules[module]?.files ?? 0) {
            modules[module] = build
        }
    }

    /// The estimate for each of `packages`: its recorded seconds, else the median of the recorded ones, else
    /// `fallback`.
    public func estimates(for packages: [String], fallback: Double = 60) -> [String: Double] {
        let known = entries.values.map(\.seconds).sorted()
        let typical = known.isEmpty ? fallback : known[known.count / 2]
        return Dictionary(packages.map { ($0, entries[$0]?.seconds ?? typical) }) { first, _ in first }
    }
}
