import TerminalUI

/// One key with its modifiers, as a key map binds it: what a `keys.json` value names (`"a"`, `"ctrl-r"`,
/// `"shift-tab"`, `"pgdn"`) and what the help shows.
///
/// Names: one printable character (`a`, `A`, `?`, `/`, `+`), `space`, `enter`, `tab`, `esc`, `backspace`,
/// `delete`, `insert`, `up`, `down`, `left`, `right`, `home`, `end`, `pgup`, `pgdn` and `f1`–`f12`, each after any
/// of the prefixes `ctrl-`, `alt-` and `shift-`. Names are read without regard to case except a lone character
/// (`A` is Shift-a as terminals send it: the capital letter, no modifier; `shift-a` is read as `A`). `escape`, `return`, `pageup` and
/// `pagedown` are read as their short forms.
public struct KeyChord: Hashable, Sendable, CustomStringConvertible {
    /// The key.
    public var key: Key
    /// The modifiers held with it.
    public var modifiers: KeyModifiers

    /// Creates a chord.
    public init(_ key: Key, modifiers: KeyModifiers = []) {
        self.key = key
        self.modifiers = modifiers
    }

    /// The chord `name` stands for, or nil when it names no key (see the type's names).
    public init?(name: String) {
        var rest = Substring(name)
        var modifiers: KeyModifiers = []
        let prefixes: [(String, KeyModifiers)] = [("ctrl-", .control), ("alt-", .option), ("shift-", .shift)]
        var matched = true
        while matched, rest.count > 1 {
            matched = false
            for (prefix, modifier) in prefixes where rest.lowercased().hasPrefix(prefix) && rest.count > prefix.count {
                rest = rest.dropFirst(prefix.count)
                modifiers.insert(modifier)
                matched = true
            }
        }
        if rest.count == 1, let character = rest.first, !character.isWhitespace, !character.isNewline,
            character.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value != 0x7F })
        {
            // Ctrl with a letter arrives as the lowercase letter (`KeyEvent.control`); Shift with a letter alone as
            // the capital letter, no modifier.
            if modifiers == .shift, character.isLetter {
                self.init(.character(Character(character.uppercased())))
                return
            }
            let letter = modifiers.contains(.control) ? Character(character.lowercased()) : character
            self.init(.character(letter), modifiers: modifiers)
            return
        }
        guard let key = Self.namedKeys[rest.lowercased()] else { return nil }
        self.init(key, modifiers: modifiers)
    }

    /// The first chord of a help row's or footer hint's key (`KeyMap.help(_:)` labels: `a / +`, `↑`, `F1`),
    /// or nil when it names no key (a hint that lists several keys as one, such as `1-5`).
    public init?(label: String) {
        let first = label.components(separatedBy: " / ").first ?? label
        let arrows: [String: Key] = ["↑": .up, "↓": .down, "←": .left, "→": .right]
        if let arrow = arrows[first] {
            self.init(arrow)
        } else {
            self.init(name: first)
        }
    }

    /// The key event this chord is, as the terminal would report it.
    public var event: KeyEvent { KeyEvent(key, modifiers: modifiers) }

    /// Whether `event` is this chord.
    public func matches(_ event: KeyEvent) -> Bool {
        event.key == key && event.modifiers == modifiers
    }

    /// The name `init(name:)` reads back: `ctrl-r`, `shift-tab`, `pgdn`, `a`.
    public var name: String {
        prefix + Self.baseName(of: key)
    }

    /// The chord as the help and the footer show it: `ctrl-r`, `↑`, `pgdn`, `a`.
    public var label: String {
        switch key {
        case .up where modifiers.isEmpty: return "↑"
        case .down where modifiers.isEmpty: return "↓"
        case .left where modifiers.isEmpty: return "←"
        case .right where modifiers.isEmpty: return "→"
        case .function(let number): return prefix + "F\(number)"
        default: return name
        }
    }

    /// `name`.
    public var description: String { name }

    // MARK: - Private

    private var prefix: String {
        var parts = ""
        if modifiers.contains(.control) { parts += "ctrl-" }
        if modifiers.contains(.option) { parts += "alt-" }
        if modifiers.contains(.shift) { parts += "shift-" }
        return parts
    }

    private static let namedKeys: [String: Key] = {
        var keys: [String: Key] = [
            "space": .character(" "), "enter": .enter, "return": .enter, "tab": .tab, "esc": .escape,
            "escape": .escape, "backspace": .backspace, "delete": .delete, "insert": .insert, "up": .up,
            "down": .down, "left": .left, "right": .right, "home": .home, "end": .end, "pgup": .pageUp,
            "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        ]
        for number in 1...12 { keys["f\(number)"] = .function(number) }
        return keys
    }()

    private static func baseName(of key: Key) -> String {
        switch key {
        case .character(" "): return "space"
        case .character(let character): return String(character)
        case .escape: return "esc"
        case .pageUp: return "pgup"
        case .pageDown: return "pgdn"
        default: return key.description
        }
    }
}

extension KeyChord: ExpressibleByStringLiteral {
    /// The chord of a name written in a declaration (`"ctrl-r"`); a name that is no key stops the program, and the
    /// key-map tests read every declaration, so such a name never ships.
    public init(stringLiteral name: String) {
        guard let chord = KeyChord(name: name) else { preconditionFailure("\"\(name)\" names no key") }
        self = chord
    }
}
