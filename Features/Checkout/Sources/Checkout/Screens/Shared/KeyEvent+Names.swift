import DesignSystem
import TerminalUI

/// Key handling shared by the screens: the usual names for keys.
extension KeyEvent {
    /// Enter without modifiers.
    var isEnter: Bool { key == .enter && modifiers.isEmpty }
    /// Escape.
    var isEscape: Bool { key == .escape }
    /// A plain character key (no Control or Alt).
    func isCharacter(_ character: Character) -> Bool {
        key == .character(character) && !modifiers.contains(.control) && !modifiers.contains(.option)
    }
}
