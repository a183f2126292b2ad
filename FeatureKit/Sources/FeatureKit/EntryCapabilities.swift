import Models
import Primitives

/// What entries need from one another or from the App, by type: the catalog's product lookup, the cart, the
/// session, pictures (FeaturePictures' `EntryPictures`), an entry's own services that only the App can make
/// (Checkout's shipping options). Each capability is a value of its own type, provided once per account scope: the
/// App provides its own before the entries are built, and each entry provides what it owns
/// (`FeatureEntry.provideCapabilities(to:)`) right after, so an entry reads another's capability when it uses it
/// (a command, a key), never while it is being built.
///
/// One value per type: a second `provide` of the same type replaces the first.
public final class EntryCapabilities: Sendable {
    private let values = Locked<[ObjectIdentifier: any Sendable]>([:])

    /// An empty set.
    public init() {}

    /// Makes `value` the capability of its type.
    public func provide<Capability: Sendable>(_ value: Capability) {
        values.withLock { $0[ObjectIdentifier(Capability.self)] = value }
    }

    /// The capability of type `type`, or nil when nothing provided one (an app without the entry that owns it).
    public func get<Capability: Sendable>(_ type: Capability.Type) -> Capability? {
        values.withLock { $0[ObjectIdentifier(type)] } as? Capability
    }

    /// Every type a capability was provided for, as Swift names them (for the App's launch checks and logs).
    public var providedTypeNames: [String] {
        values.withLock { values in values.values.map { "\(type(of: $0))" }.sorted() }
    }
}

/// The catalog's current copy of a product by id, provided by the entry that owns product pages (Search).
public struct ProductCatalog: Sendable {
    /// Looks a product up on the server.
    public let lookUp: ProductLookup

    /// A catalog answering with `lookUp`.
    public init(lookUp: @escaping ProductLookup) {
        self.lookUp = lookUp
    }
}

/// The account's cart as other entries use it, provided by the entry that owns the cart (Checkout).
public struct CartAccess: Sendable {
    /// Adds products to the cart (quantities of a product already there add up) and says so on the status line;
    /// returns once every request was applied or failed.
    public let add: @MainActor @Sendable ([CartRequest]) async -> Void

    /// A cart that adds with `add`.
    public init(add: @escaping @MainActor @Sendable ([CartRequest]) async -> Void) {
        self.add = add
    }
}

/// Who is signed in, provided by the App (the session outlasts every account scope).
public struct SessionAccess: Sendable {
    /// Whether a user is signed in now.
    public let isSignedIn: @MainActor @Sendable () -> Bool

    /// A session that answers with `isSignedIn`.
    public init(isSignedIn: @escaping @MainActor @Sendable () -> Bool) {
        self.isSignedIn = isSignedIn
    }
}
