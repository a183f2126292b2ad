import Models

/// What a feature asks of the rest of the app. A feature never reaches into another feature or into the App's
/// navigation: it emits one of these through `FeatureEntry.onIntent`, and the App decides what happens (which
/// entry's screen opens, on which tab; whether sign-in comes first; which feature receives a hand-off).
public indirect enum FeatureIntent: Sendable, Hashable {
    /// Open a screen (of this entry or any route it was handed).
    case open(Route)
    /// Open the product page of `ProductID`, whichever entry owns product pages.
    case openProduct(ProductID)
    /// Put products into the cart, whichever entry owns the cart (add to cart, a list's products to the cart).
    case addToCart([CartRequest])
    /// The action needs a signed-in user: the App shows the sign-in screen with `prompt`, and once the user has
    /// signed in it delivers `resume` once (dropped when the user leaves the sign-in screen).
    case needsSignIn(prompt: String, resume: FeatureIntent)
    /// Deliver `EntryAction` to the entry named in it (how an intent parked behind sign-in comes back).
    case perform(EntryAction)
    /// The screen of `route` is done (a finished or cancelled flow): the App removes it, and opens `next` in its
    /// place when given (a placed order's confirmation).
    case finished(Route, next: Route?)
    /// A short message for the status line.
    case notice(String, isError: Bool)
}

/// A product and how many of it, as handed from one feature to the cart.
public struct CartRequest: Sendable, Hashable {
    /// The product as last seen (its title and price go into the cart line).
    public let product: ProductSummary
    /// How many, at least 1.
    public let quantity: Int

    /// Creates a request.
    public init(product: ProductSummary, quantity: Int) {
        self.product = product
        self.quantity = quantity
    }
}

/// A named action of one entry, with ids only, so it can be parked (behind sign-in) and delivered later:
/// `EntryAction(feature: "feed", name: "like", ids: ["post_7"])`.
public struct EntryAction: Sendable, Hashable, CustomStringConvertible {
    /// The entry that performs it.
    public let feature: String
    /// The action's name within that entry.
    public let name: String
    /// The ids it acts on.
    public let ids: [String]

    /// Creates an action.
    public init(feature: String, name: String, ids: [String] = []) {
        self.feature = feature
        self.name = name
        self.ids = ids
    }

    /// `feed.like post_7`.
    public var description: String { ([feature + "." + name] + ids).joined(separator: " ") }
}

/// An action an entry contributes to a screen another entry owns ("add to list" on a product page): the key that
/// triggers it, what help and the key bar say, and the action delivered to the contributing entry. The App offers
/// it on the screen after the screen itself left the key alone; neither package imports the other.
public struct ScreenAction: Sendable, Hashable {
    /// The key, a printable character without modifiers (the owning screen's own keys win).
    public let key: Character
    /// What it does, for help and the key bar (`add to list`).
    public let title: String
    /// What the contributing entry receives when the key is pressed.
    public let action: EntryAction

    /// Creates a contribution.
    public init(key: Character, title: String, action: EntryAction) {
        self.key = key
        self.title = title
        self.action = action
    }
}

/// Looks up a product's current title and price by id: the App hands the catalog's lookup (owned by the entry of
/// product pages) to an entry that needs one (the cart's `cart add ID`), so neither imports the other.
///
/// - Throws: The catalog's error when the product cannot be loaded (it describes itself for people).
public typealias ProductLookup = @Sendable (ProductID) async throws -> ProductSummary
