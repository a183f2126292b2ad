import TerminalUI

/// The text and cursor of a single-line text field, edited by keys: the state a view model keeps for a
/// `TextField`.
///
/// The cursor counts grapheme clusters (`Character`s) from the start, so it never stands inside a character.
/// Keys follow the readline conventions most terminal users know: arrows, Home and End (and Ctrl-A, Ctrl-E) move;
/// Backspace and Delete delete; Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W (and Alt-Backspace) the
/// word before the cursor. A paste is inserted with its line breaks turned into spaces.
public struct TextFieldState: Hashable, Sendable {
    /// The text.
    public private(set) var text: String
    /// The cursor position in characters, from 0 (before the first) to `text.count` (after the last).
    public private(set) var cursor: Int

    /// Creates a state with the cursor at `cursor`, or at the end when it is `nil`.
    public init(text: String = "", cursor: Int? = nil) {
        self.text = text
        self.cursor = min(max(cursor ?? text.count, 0), text.count)
    }

    /// Replaces the text and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        text = newText
        cursor = newText.count
    }

    /// Inserts text at the cursor and moves the cursor after it; line breaks and tabs become spaces.
    public mutating func insert(_ newText: String) {
        let clean = String(newText.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        let index = text.index(text.startIndex, offsetBy: cursor)
        text.insert(contentsOf: clean, at: index)
        cursor += clean.count
    }

    /// Edits for a key.
    ///
    /// - Returns: `.handled` when the key is one of the editing keys above or text; `.ignored` for the others
    ///   (Enter, Tab, Escape, up and down), which the view uses to submit or move focus.
    public mutating func handle(_ key: KeyEvent) -> KeyHandling {
        let modifiers = key.modifiers
        switch key.key {
        case .character(let character) where modifiers.isEmpty || modifiers == .shift:
            insert(String(character))
        case .paste(let pasted):
            insert(pasted)
        case .character("a") where modifiers == .control:
            cursor = 0
        case .character("e") where modifiers == .control:
            cursor = text.count
        case .character("u") where modifiers == .control:
            remove(0..<cursor)
        case .character("k") where modifiers == .control:
            remove(cursor..<text.count)
        case .character("w") where modifiers == .control:
            remove(previousWordStart()..<cursor)
        case .backspace where modifiers.contains(.option):
            remove(previousWordStart()..<cursor)
        case .backspace:
            remove(max(cursor - 1, 0)..<cursor)
        case .delete:
            remove(cursor..<min(cursor + 1, text.count))
        case .left:
            cursor = max(cursor - 1, 0)
        case .right:
            cursor = min(cursor + 1, text.count)
        case .home:
            cursor = 0
        case .end:
            cursor = text.count
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: - Private

    /// Removes the characters in `range` (character offsets) and puts the cursor where they were.
    private mutating func remove(_ range: Range<Int>) {
        guard !range.isEmpty else { return }
        let start = text.index(text.startIndex, offsetBy: range.lowerBound)
        let end = text.index(start, offsetBy: range.count)
        text.removeSubrange(start..<end)
        cursor = range.lowerBound
    }

    /// The start of the word before the cursor, skipping the spaces right before it.
    private func previousWordStart() -> Int {
        let characters = Array(text)
        var index = cursor
        while index > 0 && characters[index - 1] == " " { index -= 1 }
        while index > 0 && characters[index - 1] != " " { index -= 1 }
        return index
    }
}
