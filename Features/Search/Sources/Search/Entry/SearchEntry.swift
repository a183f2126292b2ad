import FeatureKit
import FeaturePictures
import Foundation
import Images
import Models
import TerminalUI

/// The Search package's entry: the search and product screens, the `search` and `product` commands, the
/// `search_suggestions` flag and Search's tables. Built per account over its context (recent searches live in the
/// account's `search.json`); it also offers the catalog's product lookup (`lookUpProduct`) for the App to hand to
/// the cart. Its pictures come from the App (`EntryPictures`: the process's one image pipeline).
@MainActor
public final class SearchEntry: PicturedFeatureEntry {
    /// The entry's name in routes and actions.
    public nonisolated static let name = "search"
    /// The search screen with a query (`q`, empty for none): `storefront://search?q=TEXT`.
    public nonisolated static let searchPattern = RoutePattern(
        feature: name, screen: "search", parameterNames: ["q"], summary: "search the catalog as you type")
    /// One product with its description: `storefront://product/ID`.
    public nonisolated static let productPattern = RoutePattern(
        feature: name, screen: "product", idNames: ["ID"], summary: "one product with its description")
    /// Whether the search screen suggests recent searches (`search_suggestions`; on by default).
    public nonisolated static let suggestionsFlag = FlagDeclaration(
        name: "search_suggestions", defaultValue: true, summary: "suggest recent searches")
    /// Whether screens show pictures (`ScreenPictures.flagName`, declared here for every entry that shows pictures;
    /// on by default; `--no-images` turns it off for a run). The account's preference (`ScreenPictures.preference`)
    /// can turn them off too.
    public nonisolated static let picturesFlag = FlagDeclaration(
        name: ScreenPictures.flagName, defaultValue: true, summary: "show product and post pictures on screens")

    /// The routes, commands, flags and tables of Search.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: [searchPattern, productPattern], commands: SearchCommands.specs + ImageCommands.specs,
        flags: [suggestionsFlag, picturesFlag], migrations: [SearchStorage.migrations])

    /// The route of the search screen with `query`.
    public nonisolated static func searchRoute(query: String = "") -> Route {
        searchPattern.route(parameters: query.isEmpty ? [:] : ["q": query])
    }

    /// The route of product `id`.
    public nonisolated static func productRoute(_ id: ProductID) -> Route { productPattern.route(ids: [id.rawValue]) }

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
    public let images: ImageLoader
    /// Pictures on the entry's screens, through `images` (shared with every entry of the account).
    public let pictures: ScreenPictures
    /// How prices are written.
    let locale: Locale
    private let suggestsRecentSearches: Bool

    /// Builds the feature over `context`, showing pictures through `pictures`; opens nothing.
    public init(context: FeatureContext, pictures: EntryPictures) {
        let context = context.labelled("storefront.search")
        postPictures = PostPictureLookup(client: context.client)
        repository = LiveSearchRepository(client: context.client, database: context.database, logger: context.logger)
        feature = SearchFeature(
            repository: repository,
            recentSearches: RecentSearches(preferences: context.preferences(suite: "search")),
            clock: context.clock, logger: context.logger)
        locale = context.locale
        images = pictures.loader
        self.pictures = pictures.screens
        suggestsRecentSearches = context.flags.isOn(Self.suggestionsFlag)
        feature.onOpenProduct = { [weak self] product in self?.onIntent?(.openProduct(product.id)) }
        feature.onAddToCart = { [weak self] product in
            self?.onIntent?(.addToCart([CartRequest(product: product, quantity: 1)]))
        }
    }

    /// The catalog's current copy of a product (for the cart's `cart add ID`).
    public var lookUpProduct: ProductLookup {
        let repository = repository
        return { id in try await repository.product(id: id).summary }
    }

    /// The search screen (with the route's query searched) or a product's screen.
    public func makeScreen(for route: Route, context: ScreenContext) -> any TerminalView {
        if Self.productPattern.matches(route) {
            let id = ProductID(rawValue: route.id(0))
            let preview = feature.results.first { $0.id == id }
            let viewModel = ProductDetailViewModel(
                productID: id, preview: preview, feature: feature, locale: locale, pictures: pictures)
            Task { await viewModel.load().value }
            return ProductDetailView(viewModel: viewModel, theme: context.theme)
        }
        if suggestsRecentSearches {
            feature.loadRecentSearches()
        }
        let query = route.parameter("q")
        if !query.isEmpty {
            feature.updateQuery(query)
        }
        return SearchView(
            viewModel: SearchViewModel(feature: feature, locale: locale, pictures: pictures), theme: context.theme)
    }

    /// Runs `search` or `product`.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await SearchCommands(entry: self, invocation: invocation).run()
    }

    /// The results of the route's query, or one product.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        if Self.productPattern.matches(route) {
            let spec = SearchCommands.spec(named: "product")
            return await SearchCommands(entry: self, invocation: invocation.redirected(to: spec, operands: route.ids))
                .run()
        }
        let query = route.parameter("q")
        guard !query.trimmingCharacters(in: .whitespaces).isEmpty else {
            return invocation.emit(["The search screen is empty: add ?q=TEXT to the link."], json: [String]())
        }
        let spec = SearchCommands.spec(named: "search")
        return await SearchCommands(entry: self, invocation: invocation.redirected(to: spec, operands: [query])).run()
    }
}
