/// One key a view answers to and what it does there: a row of the help the App's `?` shows, and a hint of a
/// screen's footer.
///
/// `key` is the key as the user reads it (`enter`, `↑↓`, `ctrl-u`, `shift-tab`); `action` says what it does on
/// this screen, in a few words (`open`, `clear the text`).
public struct KeyHelpItem: Hashable, Sendable {
    /// The key or keys as the user reads them: `q`, `enter`, `↑↓`.
    public var key: String
    /// What the key does where it is listed: `quit`, `open`, `move`.
    public var action: String

    /// Creates an item.
    public init(key: String, action: String) {
        self.key = key
        self.action = action
    }
}
