import TerminalUI

/// The keys that scroll a detail screen or an overlay (`ScrollState`'s moves) and move a list's selection
/// (`ListState`'s): one set for every such screen, so one rebinding in `keys.json` (`scroll.page-down`) applies to
/// all of them. A screen looks its own actions up first, so its own keys win over these.
public enum ScrollKeys: String, KeyActionSet {
    /// One line up.
    case lineUp = "line-up"
    /// One line down.
    case lineDown = "line-down"
    /// A page up.
    case pageUp = "page-up"
    /// A page down.
    case pageDown = "page-down"
    /// To the top.
    case top
    /// To the bottom.
    case bottom

    /// `scroll`.
    public static let scope = "scroll"

    /// ↑ ↓ PgUp PgDn Home End.
    public var defaultKeys: [KeyChord] {
        switch self {
        case .lineUp: ["up"]
        case .lineDown: ["down"]
        case .pageUp: ["pgup"]
        case .pageDown: ["pgdn"]
        case .top: ["home"]
        case .bottom: ["end"]
        }
    }

    /// `line up`, `page down`, `top`.
    public var help: String {
        switch self {
        case .lineUp: "scroll a line up"
        case .lineDown: "scroll a line down"
        case .pageUp: "scroll a page up"
        case .pageDown: "scroll a page down"
        case .top: "scroll to the top"
        case .bottom: "scroll to the bottom"
        }
    }

    /// The move the action stands for.
    public var move: ScrollState.Move {
        switch self {
        case .lineUp: .lineUp
        case .lineDown: .lineDown
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .top: .top
        case .bottom: .bottom
        }
    }

    /// The move of a list's selection the action stands for.
    public var listMove: ListState.Move {
        switch self {
        case .lineUp: .up
        case .lineDown: .down
        case .pageUp: .pageUp
        case .pageDown: .pageDown
        case .top: .first
        case .bottom: .last
        }
    }

    /// One help row for every scroll key (`↑ ↓ pgup pgdn home end  scroll`), as `keyMap` binds them.
    public static func help(in keyMap: KeyMap) -> KeyHelpItem {
        let keys = allCases.flatMap { keyMap.keys(for: $0) }.map(\.label)
        return KeyHelpItem(key: keys.joined(separator: " "), action: "scroll")
    }
}
