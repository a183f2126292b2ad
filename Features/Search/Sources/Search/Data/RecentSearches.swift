import Persistence

/// The last distinct queries the user submitted, newest first, kept in a `PreferencesStore` suite (one small JSON
/// file, replaced atomically) under the key `search.recent_queries`.
///
/// Queries are stored normalized (trimmed, inner whitespace collapsed). Two queries that differ only in letter case
/// are the same search (the server's and the saved full-text search ignore case), so submitting one again moves it
/// to the front with its newest spelling. At most `limit` are kept.
public struct RecentSearches: Sendable {
    /// The preference key: a list of strings, empty by default.
    public static let key = PreferenceKey<[String]>("search.recent_queries", default: [])

    private let preferences: PreferencesStore
    /// The most queries kept (10 unless set).
    public let limit: Int

    /// Creates the list over `preferences` (for an account: the store of `StorageLayout.preferencesURL(suite:for:)`).
    ///
    /// - Parameter limit: The most queries kept; values below 1 count as 1.
    public init(preferences: PreferencesStore, limit: Int = 10) {
        self.preferences = preferences
        self.limit = max(limit, 1)
    }

    /// The stored queries, newest first (at most `limit`).
    ///
    /// - Throws: `FileOperationError` when the preferences file exists but cannot be read.
    public func load() throws -> [String] {
        Array(try preferences.value(for: Self.key).value.prefix(limit))
    }

    /// Puts `query` first, removing an earlier entry for the same search, keeps the newest `limit`, and returns
    /// the new list. A query that is blank after normalizing changes nothing.
    ///
    /// - Throws: `FileOperationError` when the file cannot be read or written (the stored list is then unchanged).
    @discardableResult
    public func record(_ query: String) throws -> [String] {
        let normalized = SearchText.normalized(query)
        let current = try load()
        guard !normalized.isEmpty else { return current }
        let key = normalized.lowercased()
        let updated = Array(([normalized] + current.filter { $0.lowercased() != key }).prefix(limit))
        try preferences.set(updated, for: Self.key)
        return updated
    }

    /// Forgets every query.
    ///
    /// - Throws: `FileOperationError` when the file cannot be written.
    public func clear() throws {
        try preferences.remove(Self.key)
    }
}
