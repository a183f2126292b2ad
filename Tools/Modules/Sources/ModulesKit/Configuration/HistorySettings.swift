import Foundation

extension ModulesConfiguration {
    /// The `history` object of `modules.json`: how `modules trends` reads the history store.
    public struct HistorySettings: Sendable, Equatable {
        /// The default branch when neither `origin/HEAD` nor a `main` branch exists.
        public var branch: String?
        /// The smallest change, in seconds, that counts as a regression (default 1).
        public var minimumChangeSeconds: Double
        /// How many runs of the default branch the baseline is the median of (default 10).
        public var baselineRuns: Int

        /// Creates settings.
        public init(branch: String? = nil, minimumChangeSeconds: Double = 1, baselineRuns: Int = 10) {
            self.branch = branch
            self.minimumChangeSeconds = minimumChangeSeconds
            self.baselineRuns = baselineRuns
        }
    }
}

/// The `history` object as written in `modules.json`.
struct HistoryEntry: Decodable {
    var branch: String?
    var minimumChangeSeconds: Double?
    var baselineRuns: Int?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case branch, minimumChangeSeconds, baselineRuns
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        branch = try container.decodeIfPresent(String.self, forKey: .branch)
        minimumChangeSeconds = try container.decodeIfPresent(Double.self, forKey: .minimumChangeSeconds)
        baselineRuns = try container.decodeIfPresent(Int.self, forKey: .baselineRuns)
    }

    /// The settings, checked.
    /// - Throws: ``ConfigurationError`` naming the key for an empty branch, a negative change or fewer than 1 run.
    func settings(path: String) throws -> ModulesConfiguration.HistorySettings {
        if let branch, branch.isEmpty {
            throw ConfigurationError(path: path, reason: "history.branch must not be empty")
        }
        if let minimumChangeSeconds, minimumChangeSeconds < 0 {
            throw ConfigurationError(path: path, reason: "history.minimumChangeSeconds must be 0 or more")
        }
        if let baselineRuns, baselineRuns < 1 {
            throw ConfigurationError(path: path, reason: "history.baselineRuns must be at least 1")
        }
        return .init(branch: branch, minimumChangeSeconds: minimumChangeSeconds ?? 1, baselineRuns: baselineRuns ?? 10)
    }
}
