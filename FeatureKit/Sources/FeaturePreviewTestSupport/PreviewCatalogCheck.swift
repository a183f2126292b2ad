import DesignSystem
import FeaturePreview
import TerminalUI

/// The check every feature's preview test makes of its catalog: each state builds over its preview data and draws.
@MainActor
public enum PreviewCatalogCheck {
    /// Opens every state of `catalog` in a host, as the menu would, and draws it at `size`.
    ///
    /// - Returns: One line per state that could not be built (with the error) or drew only blanks; empty when every
    ///   state draws.
    public static func problems(
        in catalog: PreviewCatalog, size: TerminalSize = TerminalSize(columns: 80, rows: 24)
    ) async -> [String] {
        let host = PreviewHostView(catalog: catalog, theme: .unicode)
        defer { host.removeFiles() }
        var problems: [String] = []
        for entry in catalog.entries {
            await host.open(entry)
            switch host.mode {
            case .showing(_, let view):
                let text = view.render(size: size).map(\.plainText).joined()
                if text.allSatisfy(\.isWhitespace) { problems.append("\(entry.path) drew nothing") }
            case .failed(_, let error):
                problems.append("\(entry.path) did not build: \(error)")
            case .menu, .opening:
                problems.append("\(entry.path) did not open")
            }
        }
        host.showMenu()
        return problems
    }
}
