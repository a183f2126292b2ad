import DesignSystem
import TerminalUI

/// Lays a screen out in the space it is given: the header at the top, the key hints at the bottom, and the body in
/// between (under an error banner when there is a problem), cut to fit (the body's own list keeps its selection in
/// view).
struct ScreenFrame {
    var header: [any Component] = []
    var problem: String?
    var body: [any Component]
    var hints: [KeyHint]

    func render(size: TerminalSize, theme: Theme) -> [StyledLine] {
        let width = size.columns
        guard width > 0, size.rows > 0 else { return [] }
        let top = Stack(header).render(width: width, theme: theme)
        let bottom = KeyHints(hints).render(width: width, theme: theme)
        let room = max(size.rows - top.count - bottom.count, 0)
        let banner: [any Component] = problem.map { [Banner(.error, message: $0)] } ?? []
        let middle = Stack(spacing: 1, banner + body).render(width: width, theme: theme).prefix(room)
        let filler = Array(repeating: StyledLine.empty, count: max(room - middle.count, 0))
        return Array((top + middle + filler + bottom).prefix(size.rows))
    }
}

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
