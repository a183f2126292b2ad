import AccountPreviewCatalog
import FeaturePreview

/// `AccountPreview`: the Account screens full-screen, offline, over preview data (`swift run --package-path
/// Features/Account AccountPreview`; `--list` prints the menu, `--open "Account/guest"` starts on one state).
@main
enum AccountPreview {
    @MainActor
    static func main() async {
        await PreviewHost.main(AccountPreviews.catalog)
    }
}
