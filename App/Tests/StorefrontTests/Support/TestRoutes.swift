import Account
import Checkout
import FeatureKit
import Feed
import Models
import Search
import StorefrontApp

/// The routes the tests name, built from the entries' own destinations (the App itself names none of them).
extension Route {
    /// The feed.
    static var feed: Route { FeedDestination.feed.route }
    /// One post.
    static func post(_ id: PostID) -> Route { FeedDestination.post(id).route }
    /// One product.
    static func product(_ id: ProductID) -> Route { SearchDestination.product(id).route }
    /// The search screen with `query`.
    static func search(query: String) -> Route { SearchDestination.search(query: query).route }
    /// The cart.
    static var cart: Route { CheckoutDestination.cart.route }
    /// The checkout flow.
    static var checkout: Route { CheckoutDestination.checkout.route }
    /// The signed-in user's orders.
    static var orders: Route { CheckoutDestination.orders.route }
    /// One order.
    static func order(_ id: OrderID) -> Route { CheckoutDestination.order(id).route }
    /// Who is signed in.
    static var account: Route { AccountDestination.account.route }
    /// The sign-in screen.
    static var signIn: Route { AccountDestination.signIn.route }

    /// Whether this is a sign-in screen.
    var isSignIn: Bool { AccountEntry.isSignIn(self) }
}

/// The tabs the entries declare, by key.
extension TabID {
    /// Feed's tab.
    static let feed = TabID("feed")
    /// Search's tab.
    static let search = TabID("search")
    /// Checkout's tab.
    static let cart = TabID("cart")
    /// Lists' tab.
    static let lists = TabID("lists")
}
