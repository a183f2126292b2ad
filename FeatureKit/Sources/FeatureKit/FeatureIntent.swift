import Models

/// What a feature asks of the rest of the app. A feature never reaches into another feature or into the App's
/// navigation: it emits one of these through `FeatureEntry.onIntent`, and the App decides what happens (which
/// entry's screen opens, on which tab; whether sign-in comes first; which feature receives a hand-off).
public indirect enum FeatureIntent: Sendable, Hashable {
    /// Open one of this entry's screens (`Destination.route`, or a route it was handed).
    case open(Route)
    /// Something only another entry can do (show a product): one of the entry's `Outgoing` values, which the App's
    /// navigation map turns into another entry's destination.
    case request(EntryRequest)
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

/// A product and how many of it, as handed from one feature to the cart (`CartAccess.add`).
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

/// The parked form of one entry's action (`EntryActionSet.parked`), with ids only, so it can wait (behind sign-in,
/// on disk) and be delivered later: `EntryAction(feature: "feed", name: "like", ids: ["post_7"])`. Its text form
/// is `feed.like post_7` and its JSON form `{"feature": "feed", "name": "like", "ids": ["post_7"]}`; both are read
/// back as they were written by every version, and only the owning entry's `Action` type gives them a meaning.
public struct EntryAction: Sendable, Hashable, Codable, CustomStringConvertible {
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

    /// The action of a text form written by `description` (`feed.like post_7`): the entry's name and the action's
    /// name joined by the first dot, then the ids separated by single spaces.
    ///
    /// - Returns: nil when `text` has no dot in its first word, or an empty entry or action name.
    public init?(text: String) {
        let words = text.split(separator: " ", omittingEmptySubsequences: true).map(String.init)
        guard let first = words.first, let dot = first.firstIndex(of: ".") else { return nil }
        let feature = String(first[..<dot])
        let name = String(first[first.index(after: dot)...])
        guard !feature.isEmpty, !name.isEmpty else { return nil }
        self.init(feature: feature, name: name, ids: Array(words.dropFirst()))
    }

    private enum CodingKeys: String, CodingKey {
        case feature, name, ids
    }

    /// Reads the JSON form; `ids` may be absent (an action on nothing).
    ///
    /// - Throws: `DecodingError` when `feature` or `name` is missing or not a string.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            feature: try container.decode(String.self, forKey: .feature),
            name: try container.decode(String.self, forKey: .name),
            ids: try container.decodeIfPresent([String].self, forKey: .ids) ?? [])
    }
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

    /// Creates a contribution from an action's parked form.
    public init(key: Character, title: String, action: EntryAction) {
        self.key = key
        self.title = title
        self.action = action
    }

    /// Creates a contribution of one of the contributing entry's actions.
    public init<Action: EntryActionSet>(key: Character, title: String, action: Action) {
        self.init(key: key, title: title, action: action.parked)
    }
}

/// Looks up a product's current title and price by id: the entry of product pages provides it as the `ProductCatalog`
/// capability and an entry that needs one (the cart's `cart add ID`) finds it in its context, so neither imports the
/// other.
///
/// - Throws: The catalog's error when the product cannot be loaded (it describes itself for people).
public typealias ProductLookup = @Sendable (ProductID) async throws -> ProductSummary
