import Account
import Checkout
import FeatureKit
import Feed
import Lists
import Search

/// The feature entries this app is made of. An entry built from an account's context alone is registered with one
/// line in `scoped` (and its package's import above); `modules new feature NAME` adds both.
@MainActor
public enum AppEntries {
    /// Entries the App builds from an account's context alone, in the order help lists their commands.
    public static let scoped: [any ScopedFeatureEntry.Type] = [
        FeedEntry.self,
        SearchEntry.self,
        ListsEntry.self,
    ]

    /// The descriptors of every entry: `scoped`, then Checkout and Account (built with what only the App has).
    public static func descriptors(scoped: [any ScopedFeatureEntry.Type]) -> [FeatureDescriptor] {
        scoped.map { $0.descriptor } + [CheckoutEntry.descriptor, AccountEntry.descriptor]
    }
}
