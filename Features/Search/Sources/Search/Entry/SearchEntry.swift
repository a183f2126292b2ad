import FeatureKit
import FeaturePictures
import Foundation
import Images
import Models
import TerminalUI

/// The screens of Search: the search screen with a query, and one product.
public enum SearchDestination: EntryDestination {
    /// The search screen with `query` searched (empty for none): `storefront://search?q=TEXT`.
    case search(query: String)
    /// One product with its description: `storefront://product/ID`.
    case product(ProductID)

    /// `storefront://search?q=…` and `storefront://product/ID`.
    public static var patterns: [RoutePattern] { [SearchEntry.searchPattern, SearchEntry.productPattern] }

    /// The destination of `route`, when it is Search's.
    public init?(route: Route) {
        if SearchEntry.searchPattern.matches(route) {
            self = .search(query: route.parameter("q"))
        } else if SearchEntry.productPattern.matches(route) {
            self = .product(ProductID(rawValue: route.id(0)))
        } else {
            return nil
        }
    }

    /// The erased route (no `q` for an empty query).
    public var route: Route {
        switch self {
        case .search(let query): SearchEntry.searchPattern.route(parameters: query.isEmpty ? [:] : ["q": query])
        case .product(let id): SearchEntry.productPattern.route(ids: [id.rawValue])
        }
    }

    /// A product page is about its product.
    public var subject: ScreenSubject? {
        if case .product(let id) = self { return .product(id) }
        return nil
    }
}

/// The Search package's entry: the search and product screens (the Search tab, `/` from anywhere), the `search`,
/// `product`, `image` and `cache clear` commands, the `search_suggestions` and `pictures` flags and Search's tables.
/// Built per account over its context (recent searches live in the account's `search.json`); it provides the
/// catalog's product lookup (`ProductCatalog`) to the other entries, and puts products in the cart through the
/// context's `CartAccess`. Its pictures come from the context (`EntryPictures`: the process's one image pipeline).
@MainActor
public final class SearchEntry: FeatureEntry {
    /// Search's screens.
    public typealias Destination = SearchDestination

    /// The entry's name in routes and actions.
    public nonisolated static let name = "search"
    /// The search screen with a query (`q`, empty for none): `storefront://search?q=TEXT`.
    public nonisolated static let searchPattern = RoutePattern(
        feature: name, screen: "search", parameterNames: ["q"], summary: "search the catalog as you type")
    /// One product with its description: `storefront://product/ID`. A product stays on the tab it was opened from.
    public nonisolated static let productPattern = RoutePattern(
        feature: name, screen: "product", idNames: ["ID"], summary: "one product with its description",
        opensInPlace: true)
    /// Whether the search screen suggests recent searches (`search_suggestions`; on by default).
    public nonisolated static let suggestionsFlag = FlagDeclaration(
        name: "search_suggestions", defaultValue: true, summary: "suggest recent searches")
    /// Whether screens show pictures (`ScreenPictures.flagName`, declared here for every entry that shows pictures;
    /// on by default; `--no-images` turns it off for a run). The account's preference (`ScreenPictures.preference`)
    /// can turn them off too.
    public nonisolated static let picturesFlag = FlagDeclaration(
        name: ScreenPictures.flagName, defaultValue: true, summary: "show product and post pictures on screens")

    /// The routes, commands, flags, tables, tab and shortcut of Search.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: SearchDestination.patterns, commands: SearchCommands.specs + ImageCommands.specs,
        flags: [suggestionsFlag, picturesFlag], migrations: [SearchStorage.migrations],
        tab: EntryTab(title: "Search", key: "search", order: 20, root: SearchDestination.search(query: "").route),
        shortcuts: [
            EntryShortcut(
                key: "/", title: "search", route: SearchDestination.search(query: "").route, isInKeyBar: true)
        ], keys: ProductDetailKeys.declarations)

    /// The route of the search screen with `query`.
    public nonisolated static func searchRoute(query: String = "") -> Route {
        SearchDestination.search(query: query).route
    }

    /// The route of product `id`.
    public nonisolated static func productRoute(_ id: ProductID) -> Route { SearchDestination.product(id).route }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// Posts' pictures for `storefront image post_N` (`GET /v1/posts/{id}`).
    let postPictures: PostPictureLookup
    /// Search as the user types, with the account's recent searches.
    public let feature: SearchFeature
    /// The server, with the saved products as the offline fallback.
    public let repository: LiveSearchRepository
    /// The process's image pipeline (`EntryPictures.loader`): one memory cache, the disk cache in `<cache
    /// root>/images` (`$XDG_CACHE_HOME/storefront/images`), the network through the API client's transport.
    public let images: ImageLoader?
    /// Pictures on the entry's screens, through `images` (shared with every entry of the account).
    public let pictures: ScreenPictures
    /// How prices are written.
    let locale: Locale
    private let suggestsRecentSearches: Bool

    /// The account's capabilities (the cart is looked up when a product is put in it).
    private let capabilities: EntryCapabilities

    /// Builds the feature over `context`, showing pictures through the context's `EntryPictures` (none when the App
    /// provides none); opens nothing.
    public init(context: FeatureContext) {
        let pictures = context.pictures
        let context = context.labelled("storefront.search")
        capabilities = context.capabilities
        postPictures = PostPictureLookup(client: context.client)
        repository = LiveSearchRepository(client: context.client, database: context.database, logger: context.logger)
        feature = SearchFeature(
            repository: repository,
            recentSearches: RecentSearches(preferences: context.preferences(suite: "search")),
            clock: context.clock, logger: context.logger)
        locale = context.locale
        images = pictures?.loader
        self.pictures = pictures?.screens ?? .none(logger: context.logger)
        suggestsRecentSearches = context.flags.isOn(Self.suggestionsFlag)
        feature.onOpenProduct = { [weak self] product in self?.open(.product(product.id)) }
        feature.onAddToCart = { [weak self] product in self?.putInCart(product) }
    }

    /// The catalog's current copy of a product (for the cart's `cart add ID`).
    public var lookUpProduct: ProductLookup {
        let repository = repository
        return { id in try await repository.product(id: id).summary }
    }

    /// The catalog, for the other entries (the cart's `cart add ID`).
    public func provideCapabilities(to capabilities: EntryCapabilities) {
        capabilities.provide(ProductCatalog(lookUp: lookUpProduct))
    }

    /// Puts one of `product` in the account's cart (through `CartAccess`), or says there is no cart.
    private func putInCart(_ product: ProductSummary) {
        guard let cart = capabilities.get(CartAccess.self) else {
            onIntent?(.notice("This app has no cart to put \(product.title) in.", isError: true))
            return
        }
        Task { await cart.add([CartRequest(product: product, quantity: 1)]) }
    }

    /// "offline" while results come from the saved products.
    public var statuses: Set<EntryStatus> { feature.isOffline ? [.offline] : [] }

    /// The search screen (with the destination's query searched) or a product's screen.
    public func makeScreen(for destination: SearchDestination, context: ScreenContext) -> any TerminalView {
        if case .product(let id) = destination {
            let preview = feature.results.first { $0.id == id }
            let viewModel = ProductDetailViewModel(
                productID: id, preview: preview, feature: feature, locale: locale, pictures: pictures)
            viewModel.send(.load)
            return ProductDetailView(
                viewModel: viewModel, theme: context.theme, keyMap: context.keyMap,
                contributedHints: context.contributedHints)
        }
        if suggestsRecentSearches {
            feature.loadRecentSearches()
        }
        if case .search(let query) = destination, !query.isEmpty {
            feature.updateQuery(query)
        }
        return SearchView(
            viewModel: SearchViewModel(feature: feature, locale: locale, pictures: pictures), theme: context.theme)
    }

    /// The results of the destination's query, or one product.
    public func print(_ destination: SearchDestination, to invocation: CommandInvocation) async -> ExitCode {
        switch destination {
        case .product(let id):
            return await run(invocation.redirected(to: SearchCommands.productCommand, operands: [id.rawValue]))
        case .search(let query):
            guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
                return invocation.emit(["The search screen is empty: add ?q=TEXT to the link."], json: [String]())
            }
            return await run(invocation.redirected(to: SearchCommands.searchCommand, operands: [query]))
        }
    }
}
