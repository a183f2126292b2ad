/// One key press (or one paste) read from the terminal.
///
/// Text arrives as `.character` with no modifier; a control chord arrives as the letter it was typed with and
/// `.control` (Ctrl-A is `KeyEvent(.character("a"), modifiers: .control)`); Alt (Meta) as `.option`. Enter, Tab,
/// Backspace and Escape are keys of their own, even though terminals send them as control bytes.
public struct KeyEvent: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// The modifiers held with it, where the terminal reports them.
    public var modifiers: KeyModifiers

    /// Creates an event.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// An unmodified character.
    public static func character(_ character: Character) -> KeyEvent {
        KeyEvent(.character(character))
    }

    /// A control chord with a letter (`control("c")` is Ctrl-C).
    public static func control(_ letter: Character) -> KeyEvent {
        KeyEvent(.character(letter), modifiers: .control)
    }

    /// A readable name: `"up"`, `"ctrl+c"`, `"alt+x"`, `"shift+tab"`, `"a"`, `"paste(12 characters)"`.
    public var description: String {
        var parts: [String] = []
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.option) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        parts.append(key.description)
        return parts.joined(separator: "+")
    }
}

/// The keys a terminal reports.
public enum Key: Hashable, Sendable, CustomStringConvertible {
    /// Text: one grapheme cluster, which may be several Unicode scalars and several UTF-8 bytes.
    case character(Character)
    /// Enter (Return).
    case enter
    /// Tab; Shift-Tab is `.tab` with `.shift`.
    case tab
    /// Backspace (the key that deletes backwards).
    case backspace
    /// Delete (the key that deletes forwards).
    case delete
    /// Escape pressed on its own.
    case escape
    /// Arrow up.
    case up
    /// Arrow down.
    case down
    /// Arrow left.
    case left
    /// Arrow right.
    case right
    /// Home.
    case home
    /// End.
    case end
    /// Page Up.
    case pageUp
    /// Page Down.
    case pageDown
    /// Insert.
    case insert
    /// A function key, F1 to F12.
    case function(Int)
    /// Text pasted while bracketed paste was on (xterm mode 2004), delivered whole, line breaks included.
    case paste(String)

    /// A readable name (see `KeyEvent.description`).
    public var description: String {
        switch self {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .enter: return "enter"
        case .tab: return "tab"
        case .backspace: return "backspace"
        case .delete: return "delete"
        case .escape: return "escape"
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        case .home: return "home"
        case .end: return "end"
        case .pageUp: return "pageup"
        case .pageDown: return "pagedown"
        case .insert: return "insert"
        case .function(let number): return "f\(number)"
        case .paste(let text): return "paste(\(text.count) characters)"
        }
    }
}

/// Modifier keys held with a key.
public struct KeyModifiers: OptionSet, Hashable, Sendable {
    /// The raw bits.
    public let rawValue: UInt8

    /// Creates modifiers from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// Shift.
    public static let shift = KeyModifiers(rawValue: 1 << 0)
    /// Alt (Meta, Option): the terminal sends ESC before the key.
    public static let option = KeyModifiers(rawValue: 1 << 1)
    /// Control.
    public static let control = KeyModifiers(rawValue: 1 << 2)

    /// The modifiers of an xterm modifier parameter (`CSI 1 ; m A`): `m - 1` is a bit set of Shift (1), Alt (2)
    /// and Control (4); the Meta bit (8) counts as Alt.
    init(xtermParameter parameter: Int) {
        let bits = max(parameter - 1, 0)
        var result: KeyModifiers = []
        if bits & 1 != 0 { result.insert(.shift) }
        if bits & 2 != 0 || bits & 8 != 0 { result.insert(.option) }
        if bits & 4 != 0 { result.insert(.control) }
        self = result
    }
}
