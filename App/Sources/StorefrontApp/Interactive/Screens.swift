import Account
import Checkout
import DesignSystem
import Feed
import Foundation
import Search
import TerminalUI

/// The screens of the routes on the tabs' paths: each built once from its route's ids over the current account's
/// features, kept while its route is on a path (so a screen keeps its selection and scroll position under the
/// screens pushed over it), and released when its route leaves the paths or the account changes. A checkout
/// screen holds its flow's coordinator, so the coordinator goes with it.
@MainActor
final class Screens {
    private struct Key: Hashable {
        let tab: Tab
        let depth: Int
        let route: Route
    }

    private let dependencies: AppDependencies
    private let theme: Theme
    private var screens: [Key: any TerminalView] = [:]
    private let locale = Locale(identifier: "en_US")

    /// Creates an empty cache.
    init(dependencies: AppDependencies, theme: Theme) {
        self.dependencies = dependencies
        self.theme = theme
    }

    /// The screen on top of the selected tab, built when it is new.
    func current() -> any TerminalView {
        let router = dependencies.router
        let path = router.path(of: router.selectedTab)
        let key = Key(tab: router.selectedTab, depth: path.count - 1, route: router.currentRoute)
        if let screen = screens[key] { return screen }
        let screen = makeScreen(for: key.route)
        screens[key] = screen
        return screen
    }

    /// Forgets the screens whose routes left the paths.
    func prune() {
        let router = dependencies.router
        var live: Set<Key> = []
        for tab in Tab.allCases {
            for (depth, route) in router.path(of: tab).enumerated() {
                live.insert(Key(tab: tab, depth: depth, route: route))
            }
        }
        screens = screens.filter { live.contains($0.key) }
    }

    /// Forgets every screen (the account changed: the screens belong to the old account's features).
    func removeAll() {
        screens = [:]
    }

    /// The number of screens kept (for tests of their release).
    var count: Int { screens.count }

    /// The coordinator of the checkout screen while one is kept (weak: the screen owns it, and it goes with the
    /// screen).
    private(set) weak var activeCheckout: CheckoutCoordinator?

    // MARK: - Private

    private func makeScreen(for route: Route) -> any TerminalView {
        let scope = dependencies.scope
        let router = dependencies.router
        switch route {
        case .feed:
            return FeedListView(
                viewModel: FeedListViewModel(feature: scope.feed, formatter: dependencies.feedFormatter), theme: theme)
        case .post(let id):
            let viewModel = PostDetailViewModel(postID: id, feature: scope.feed, formatter: dependencies.feedFormatter)
            Task { await viewModel.load() }
            return PostDetailView(viewModel: viewModel, theme: theme)
        case .product(let id):
            let preview = scope.search.results.first { $0.id == id }
            let viewModel = ProductDetailViewModel(
                productID: id, preview: preview, feature: scope.search, locale: locale)
            Task { await viewModel.load().value }
            return ProductDetailView(viewModel: viewModel, theme: theme)
        case .search(let query):
            let viewModel = SearchViewModel(feature: scope.search, locale: locale)
            if dependencies.flags.flags.searchSuggestions {
                scope.search.loadRecentSearches()
            }
            if !query.isEmpty {
                _ = viewModel.handle(KeyEvent(.paste(query)))
            }
            return SearchView(viewModel: viewModel, theme: theme)
        case .cart:
            let viewModel = CartViewModel(feature: scope.cart, format: dependencies.format)
            viewModel.onCheckout = { router.open(.checkout) }
            Task { await viewModel.load() }
            return CartView(viewModel: viewModel, theme: theme)
        case .checkout:
            return makeCheckout()
        case .orders:
            let viewModel = OrderHistoryViewModel(
                repository: dependencies.makeOrderRepository(), format: dependencies.format, pageSize: 20)
            viewModel.onOpenOrder = { id in router.open(.order(id)) }
            viewModel.onSignInNeeded = { router.requireSignIn(thenOpen: .orders) }
            Task { await viewModel.load() }
            return OrderHistoryView(viewModel: viewModel, theme: theme)
        case .order(let id):
            let viewModel = OrderDetailViewModel(
                orderID: id, order: nil, repository: dependencies.makeOrderRepository(), format: dependencies.format)
            viewModel.onSignInNeeded = { router.requireSignIn(thenOpen: .order(id)) }
            Task { await viewModel.load() }
            return OrderDetailView(viewModel: viewModel, theme: theme)
        case .account:
            let viewModel = AccountViewModel(feature: dependencies.account)
            viewModel.onSignInRequested = { router.open(.signIn) }
            Task { await viewModel.refresh().value }
            return AccountView(viewModel: viewModel, theme: theme)
        case .signIn:
            let viewModel = SignInViewModel(
                feature: dependencies.account, prompt: Self.prompt(for: router.parkedRoute), userName: "")
            return SignInView(viewModel: viewModel, theme: theme)
        }
    }

    private func makeCheckout() -> any TerminalView {
        let router = dependencies.router
        let coordinator = dependencies.makeCheckoutCoordinator(config: dependencies.remoteConfig)
        coordinator.onOrderPlaced = { id in router.replaceTop(with: .order(id)) }
        coordinator.onFinished = { end in
            if end == .cancelled { router.remove(.checkout) }
        }
        coordinator.onSignInNeeded = { router.requireSignIn(thenOpen: .checkout) }
        Task { await coordinator.start() }
        activeCheckout = coordinator
        return CheckoutFlowView(coordinator: coordinator, theme: theme)
    }

    /// Why the sign-in screen is shown, from the route waiting for it.
    static func prompt(for parked: Route?) -> String? {
        switch parked {
        case .checkout: "Sign in to check out."
        case .orders, .order: "Sign in to see your orders."
        case .post, .feed: "Sign in to like posts."
        case .some(let route): "Sign in to open \(route.logDescription)."
        case nil: nil
        }
    }
}
