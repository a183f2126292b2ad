import DesignSystem
import TerminalUI

extension KeyMap {
    /// The help row of the `ScrollKeys` that move a list's selection (`↑↓ pgup pgdn home end  select`), as this map
    /// binds them: line up and down first, without a space, as the footers have always shown them.
    func selectionHelp() -> KeyHelpItem {
        let up = keys(for: ScrollKeys.lineUp).first?.label ?? ""
        let down = keys(for: ScrollKeys.lineDown).first?.label ?? ""
        let others = [ScrollKeys.pageUp, .pageDown, .top, .bottom].flatMap { keys(for: $0) }.map(\.label)
        return KeyHelpItem(key: ([up + down] + others).joined(separator: " "), action: "select")
    }
}
