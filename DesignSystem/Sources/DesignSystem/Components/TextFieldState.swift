import TerminalUI

/// The text and cursor of a single-line text field, edited by keys: the state a view keeps for a `TextField`.
///
/// The cursor counts grapheme clusters (`Character`s) from the start, so it never stands inside a character.
/// Keys follow the readline conventions most terminal users know: arrows, Home and End (and Ctrl-A, Ctrl-E) move;
/// Backspace and Delete delete; Ctrl-U deletes to the start, Ctrl-K to the end, Ctrl-W (and Alt-Backspace) the
/// word before the cursor. A paste is inserted with its line breaks turned into spaces.
///
/// A field may have a `maximumLength` in characters (what the API accepts, such as `maxLength: 200` of the search
/// query in openapi.yaml): text past it is not inserted, and `limitReached` says so until the next deletion, so the
/// field can show a note instead of dropping keys silently.
///
/// Every edit costs time in proportion to the text it inserts or removes and the characters next to the cursor,
/// not to the length of the whole text: the character count and the cursor's UTF-8 offset are kept as the text
/// changes, so a burst of 10,000 typed keys takes linear time.
public struct TextFieldState: Hashable, Sendable {
    /// The text.
    public private(set) var text: String
    /// The cursor position in characters, from 0 (before the first) to `count` (after the last).
    public private(set) var cursor: Int
    /// The number of characters in `text`.
    public private(set) var count: Int
    /// The most characters the field takes, or `nil` for no limit.
    public let maximumLength: Int?
    /// Whether text was refused or cut short because the field was full; cleared by the next deletion.
    public private(set) var limitReached: Bool

    /// The cursor's offset in `text.utf8`.
    private var cursorOffset: Int

    /// Creates a state with the cursor at `cursor`, or at the end when it is `nil`.
    ///
    /// - Parameter maximumLength: The most characters the field takes (`nil`: no limit); longer `text` is cut to
    ///   it and `limitReached` is set.
    public init(text: String = "", cursor: Int? = nil, maximumLength: Int? = nil) {
        let limit = maximumLength.map { max($0, 0) }
        var kept = text
        var count = text.count
        if let limit, count > limit {
            kept = String(text.prefix(limit))
            count = limit
        }
        let position = min(max(cursor ?? count, 0), count)
        self.text = kept
        self.count = count
        self.cursor = position
        self.maximumLength = limit
        self.limitReached = kept.count < text.count
        self.cursorOffset = kept.prefix(position).utf8.count
    }

    /// Whether the text is empty.
    public var isEmpty: Bool { count == 0 }

    /// Replaces the text (cut to `maximumLength`) and puts the cursor at its end.
    public mutating func setText(_ newText: String) {
        self = TextFieldState(text: newText, maximumLength: maximumLength)
    }

    /// Inserts text at the cursor and moves the cursor after it; line breaks and tabs become spaces. Text past
    /// `maximumLength` is left out and sets `limitReached`.
    public mutating func insert(_ newText: String) {
        var clean = String(newText.map { $0.isNewline || $0 == "\t" ? " " : $0 })
        guard !clean.isEmpty else { return }
        if let limit = maximumLength {
            let room = limit - count
            guard room > 0 else {
                limitReached = true
                return
            }
            if clean.count > room {
                clean = String(clean.prefix(room))
                limitReached = true
            }
        }
        let at = index(atOffset: cursorOffset)
        let before = cursor > 0 ? text[text.index(before: at)] : nil
        let after = cursor < count ? text[at] : nil
        text.insert(contentsOf: clean, at: at)
        // NB: the inserted text may join a neighbouring character (a combining accent after a letter), so the
        // count and the cursor are worked out on the neighbourhood, never on the whole text.
        let lead = before.map { String($0) } ?? ""
        let local = lead + clean + (after.map { String($0) } ?? "")
        count += local.count - (before == nil ? 0 : 1) - (after == nil ? 0 : 1)
        let insertedEnd = lead.utf8.count + clean.utf8.count
        var characters = 0
        var offset = 0
        for character in local where offset < insertedEnd {
            offset += character.utf8.count
            characters += 1
        }
        cursor = cursor - (before == nil ? 0 : 1) + characters
        cursorOffset = cursorOffset - lead.utf8.count + offset
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
            moveToStart()
        case .character("e") where modifiers == .control:
            moveToEnd()
        case .character("u") where modifiers == .control:
            remove(fromOffset: 0, fromCharacter: 0)
        case .character("k") where modifiers == .control:
            moveToEnd(removing: true)
        case .character("w") where modifiers == .control:
            removePreviousWord()
        case .backspace where modifiers.contains(.option):
            removePreviousWord()
        case .backspace:
            guard cursor > 0 else { break }
            let previous = text[text.index(before: index(atOffset: cursorOffset))]
            remove(fromOffset: cursorOffset - previous.utf8.count, fromCharacter: cursor - 1)
        case .delete:
            guard cursor < count else { break }
            let next = text[index(atOffset: cursorOffset)]
            let (offset, position) = (cursorOffset, cursor)
            cursorOffset += next.utf8.count
            cursor += 1
            remove(fromOffset: offset, fromCharacter: position)
        case .left:
            guard cursor > 0 else { break }
            cursorOffset -= text[text.index(before: index(atOffset: cursorOffset))].utf8.count
            cursor -= 1
        case .right:
            guard cursor < count else { break }
            cursorOffset += text[index(atOffset: cursorOffset)].utf8.count
            cursor += 1
        case .home:
            moveToStart()
        case .end:
            moveToEnd()
        default:
            return .ignored
        }
        return .handled
    }

    // MARK: - Private

    /// The index at a UTF-8 offset that falls on a character boundary (constant time for native strings).
    private func index(atOffset offset: Int) -> String.Index {
        text.utf8.index(text.utf8.startIndex, offsetBy: offset)
    }

    private mutating func moveToStart() {
        cursor = 0
        cursorOffset = 0
    }

    private mutating func moveToEnd(removing: Bool = false) {
        if removing && cursor < count {
            text.removeSubrange(index(atOffset: cursorOffset)...)
            count = cursor
            limitReached = false
        }
        cursor = count
        cursorOffset = text.utf8.count
    }

    /// Removes the characters from (`offset`, `character`) up to the cursor and puts the cursor where they began.
    private mutating func remove(fromOffset offset: Int, fromCharacter character: Int) {
        guard character < cursor else { return }
        let start = index(atOffset: offset)
        let end = index(atOffset: cursorOffset)
        let before = character > 0 ? text[text.index(before: start)] : nil
        let after = cursor < count ? text[end] : nil
        text.removeSubrange(start..<end)
        count -= cursor - character
        cursor = character
        cursorOffset = offset
        limitReached = false
        // A mark left after the removal may join the character before it: count the two as they now read.
        if let before, let after, (String(before) + String(after)).count == 1 {
            count -= 1
            cursor -= 1
            cursorOffset -= before.utf8.count
        }
    }

    /// Removes the word before the cursor, and the spaces between it and the cursor.
    private mutating func removePreviousWord() {
        var position = index(atOffset: cursorOffset)
        var character = cursor
        while character > 0, text[text.index(before: position)] == " " {
            position = text.index(before: position)
            character -= 1
        }
        while character > 0, text[text.index(before: position)] != " " {
            position = text.index(before: position)
            character -= 1
        }
        remove(fromOffset: text.utf8.distance(from: text.utf8.startIndex, to: position), fromCharacter: character)
    }
}
