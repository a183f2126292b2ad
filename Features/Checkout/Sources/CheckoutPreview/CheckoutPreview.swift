import CheckoutPreviewCatalog
import FeaturePreview

/// `CheckoutPreview`: the Checkout screens full-screen, offline, over preview data (`swift run --package-path
/// Features/Checkout CheckoutPreview`; `--list` prints the menu, `--open "Cart/loaded"` starts on one state).
@main
enum CheckoutPreview {
    @MainActor
    static func main() async {
        await PreviewHost.main(CheckoutPreviews.catalog)
    }
}
