import FeaturePreview
import ListsPreviewCatalog

/// `ListsPreview`: the Lists screens full-screen, offline, over preview data (`swift run --package-path
/// Features/Lists ListsPreview`; `--list` prints the menu, `--open "Lists/loaded"` starts on one state).
@main
enum ListsPreview {
    @MainActor
    static func main() async {
        await PreviewHost.main(ListsPreviews.catalog)
    }
}
