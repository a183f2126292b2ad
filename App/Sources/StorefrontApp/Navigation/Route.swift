import Models

/// Every screen of the app, as a value made of ids only: a route can be stored, compared, written as a deep link
/// and rebuilt on a cold start, because its screen loads what it shows from the ids.
public enum Route: Hashable, Sendable {
    /// The feed (the Feed tab's first screen).
    case feed
    /// One post of the feed.
    case post(PostID)
    /// One product of the catalog.
    case product(ProductID)
    /// The search screen with a query (empty for none).
    case search(query: String)
    /// The cart (the Cart tab's first screen).
    case cart
    /// The checkout flow for the cart.
    case checkout
    /// The signed-in user's orders.
    case orders
    /// One order of the signed-in user (the confirmation after placing it).
    case order(OrderID)
    /// Who is signed in; sign-out.
    case account
    /// The sign-in screen.
    case signIn

    /// Whether the screen needs a signed-in user (the API answers it only with a session): opened while signed
    /// out, the route is parked and the sign-in screen shows first.
    public var requiresSignIn: Bool {
        switch self {
        case .checkout, .orders, .order: true
        case .feed, .post, .product, .search, .cart, .account, .signIn: false
        }
    }

    /// The tab a route opens in when it is not opened from a screen of another tab.
    public var homeTab: Tab {
        switch self {
        case .feed, .post: .feed
        case .product, .search: .search
        case .cart, .checkout, .orders, .order, .account, .signIn: .cart
        }
    }

    /// Whether the route is the first screen of its tab.
    public var isTabRoot: Bool {
        switch self {
        case .feed, .search, .cart: true
        default: false
        }
    }

    /// A short name for logs and the status line (`post post_12`), with ids but no user text.
    public var logDescription: String {
        switch self {
        case .feed: "feed"
        case .post(let id): "post \(id)"
        case .product(let id): "product \(id)"
        case .search: "search"
        case .cart: "cart"
        case .checkout: "checkout"
        case .orders: "orders"
        case .order(let id): "order \(id)"
        case .account: "account"
        case .signIn: "sign-in"
        }
    }
}

/// The tabs of the interactive app, in the order they are shown.
public enum Tab: Int, Hashable, Sendable, CaseIterable {
    /// Posts.
    case feed
    /// Product search.
    case search
    /// The cart, the checkout and orders.
    case cart

    /// The tab's first screen.
    public var rootRoute: Route {
        switch self {
        case .feed: .feed
        case .search: .search(query: "")
        case .cart: .cart
        }
    }

    /// The tab's title.
    public var title: String {
        switch self {
        case .feed: "Feed"
        case .search: "Search"
        case .cart: "Cart"
        }
    }
}
