import FeatureKit
import Foundation
import Images
import Logging
import Persistence

/// What the App provides to every entry that shows pictures, as a capability of its context
/// (`FeatureContext.pictures`): the process's one image pipeline and the pictures of the current account's screens
/// over it. Built by the composition root only (never by an entry), so a picture shown from two features is
/// downloaded and decoded once, and the memory cache's cost limit holds for the whole process.
public struct EntryPictures: Sendable {
    /// The process's image loader: one memory cache of decoded pictures, one disk cache
    /// (`$XDG_CACHE_HOME/storefront/images`), one coalescing table and one cap on concurrent downloads. Commands that
    /// print a picture or clear the cache use it directly.
    public let loader: ImageLoader
    /// The account's screen pictures over `loader`: whether pictures are shown (`ScreenPictures.isEnabled(in:)`),
    /// and the log of pictures that could not be shown, each logged once however many screens ask.
    public let screens: ScreenPictures

    /// The pictures of `screens`, loaded through `loader`.
    public init(loader: ImageLoader, screens: ScreenPictures) {
        self.loader = loader
        self.screens = screens
    }
}

extension FeatureContext {
    /// The pictures the App provided (`EntryPictures`), or nil in an app that provides none (screens then show no
    /// pictures).
    public var pictures: EntryPictures? { capability(EntryPictures.self) }
}

extension ScreenPictures {
    /// The account's preference for pictures on screens (`search.show_pictures` in the account's `search.json`,
    /// where Search first kept it; true by default). It holds for every entry's screens.
    public nonisolated static let preference = PreferenceKey<Bool>("search.show_pictures", default: true)
    /// Pictures that are never shown (`isEnabled` false), for an app that provides no `EntryPictures`.
    @MainActor
    public static func none(logger: Logger) -> ScreenPictures {
        ScreenPictures(isEnabled: false, load: { _, _ in throw CancellationError() }, logger: logger)
    }

    /// The preferences suite `preference` is kept in (`<config>/accounts/<id>/search.json`).
    public nonisolated static let preferenceSuite = "search"

    /// Whether the screens of `context`'s account show pictures: the `pictures` flag (`flagName`; on unless this
    /// launch turned it off, and on when no entry declares it) and the account's `preference`. An unreadable
    /// preferences file counts as the default (pictures on) rather than failing a screen.
    public nonisolated static func isEnabled(in context: FeatureContext) -> Bool {
        guard context.flags[flagName] ?? true else { return false }
        return (try? context.preferences(suite: preferenceSuite).value(for: preference).value) ?? true
    }
}
