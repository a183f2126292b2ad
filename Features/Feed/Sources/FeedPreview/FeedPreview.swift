import FeaturePreview
import FeedPreviewCatalog

/// `FeedPreview`: the Feed screens full-screen, offline, over preview data (`swift run --package-path Features/Feed
/// FeedPreview`; `--list` prints the menu, `--open "Feed/loaded"` starts on one state).
@main
enum FeedPreview {
    @MainActor
    static func main() async {
        await PreviewHost.main(FeedPreviews.catalog)
    }
}
