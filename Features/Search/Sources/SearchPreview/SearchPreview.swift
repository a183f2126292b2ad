import FeaturePreview
import SearchPreviewCatalog

/// `SearchPreview`: the Search screens full-screen, offline, over preview data (`swift run --package-path
/// Features/Search SearchPreview`; `--list` prints the menu, `--open "Search/loaded"` starts on one state).
@main
enum SearchPreview {
    @MainActor
    static func main() async {
        await PreviewHost.main(SearchPreviews.catalog)
    }
}
