import Account
import Checkout
import FeatureKit
import FeaturePictures
import Feed
import Lists
import Search

/// The feature entries this app is made of. An entry built from an account's context alone is registered with one
/// line in `scoped` (and its package's import above); `modules new feature NAME` adds both. An entry with pictures on
/// its screens is registered in `pictured` and built over the process's one image pipeline as well.
@MainActor
public enum AppEntries {
    /// Entries the App builds from an account's context and the process's pictures (`EntryPictures`), in the order
    /// help lists their commands (before `scoped`'s).
    public static let pictured: [any PicturedFeatureEntry.Type] = [
        FeedEntry.self,
        SearchEntry.self,
    ]

    /// Entries the App builds from an account's context alone, in the order help lists their commands. The list is
    /// left unformatted so that its trailing comma stays with one entry: `modules new feature` adds a line before `]`.
    // swift-format-ignore
    public static let scoped: [any ScopedFeatureEntry.Type] = [
        ListsEntry.self,
    ]

    /// The descriptors of every entry: `pictured`, `scoped`, then Checkout and Account (built with what only the App
    /// has).
    public static func descriptors(scoped: [any ScopedFeatureEntry.Type]) -> [FeatureDescriptor] {
        pictured.map { $0.descriptor } + scoped.map { $0.descriptor } + [
            CheckoutEntry.descriptor, AccountEntry.descriptor,
        ]
    }
}
