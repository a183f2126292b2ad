import Account
import Checkout
import FeatureKit
import Feed
import Lists
import Models
import Search

/// The tabs of the interactive app, in the order they are shown: a cross-feature decision the App owns. Each tab's
/// first screen is a route of the entry that owns it.
public enum Tab: Int, Hashable, Sendable, CaseIterable {
    /// Posts.
    case feed
    /// Product search.
    case search
    /// The cart, the checkout and orders.
    case cart
    /// Shopping lists.
    case lists

    /// The tab's first screen.
    public var rootRoute: Route {
        switch self {
        case .feed: FeedEntry.feedRoute
        case .search: SearchEntry.searchRoute()
        case .cart: CheckoutEntry.cartRoute
        case .lists: ListsEntry.listsRoute
        }
    }

    /// The tab's title.
    public var title: String {
        switch self {
        case .feed: "Feed"
        case .search: "Search"
        case .cart: "Cart"
        case .lists: "Lists"
        }
    }

    /// The tab a route opens in when it is not opened from a screen of another tab: the tab of its entry, or nil
    /// (the selected tab) for an entry that has no tab of its own.
    public static func home(of route: Route) -> Tab? {
        switch route.feature {
        case FeedEntry.name: .feed
        case SearchEntry.name: .search
        case CheckoutEntry.name: .cart
        case ListsEntry.name: .lists
        default: nil
        }
    }

    /// The tab whose first screen `route` is (the search screen with any query is the Search tab's), or nil.
    public static func rooted(at route: Route) -> Tab? {
        allCases.first { tab in
            let root = tab.rootRoute
            return root.feature == route.feature && root.screen == route.screen && root.ids == route.ids
        }
    }
}

/// The routes the App itself names (tab roots, the sign-in screen, the checkout it parks), built by their entries;
/// tests use them as shorthand.
extension Route {
    /// The feed.
    public static var feed: Route { FeedEntry.feedRoute }
    /// One post.
    public static func post(_ id: PostID) -> Route { FeedEntry.postRoute(id) }
    /// One product.
    public static func product(_ id: ProductID) -> Route { SearchEntry.productRoute(id) }
    /// The search screen with `query`.
    public static func search(query: String) -> Route { SearchEntry.searchRoute(query: query) }
    /// The cart.
    public static var cart: Route { CheckoutEntry.cartRoute }
    /// The checkout flow.
    public static var checkout: Route { CheckoutEntry.checkoutRoute }
    /// The signed-in user's orders.
    public static var orders: Route { CheckoutEntry.ordersRoute }
    /// One order.
    public static func order(_ id: OrderID) -> Route { CheckoutEntry.orderRoute(id) }
    /// Who is signed in.
    public static var account: Route { AccountEntry.accountRoute }
    /// The sign-in screen.
    public static var signIn: Route { AccountEntry.signInRoute }

    /// Whether this is a sign-in screen (with or without a prompt).
    var isSignIn: Bool { AccountEntry.isSignIn(self) }
}
