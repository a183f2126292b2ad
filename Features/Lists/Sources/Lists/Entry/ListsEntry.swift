import FeatureKit
import Foundation
import Models
import Persistence
import TerminalUI

/// The Lists package's entry: the lists, one list and conflicts screens (the Lists tab), "add to list" on product
/// pages (contributed through the App), the `storefront lists …` commands, and "add the list to the cart" handed to
/// the cart as `.addToCart`. Built per account over its context; the lists live in the account's folder or one the
/// person chose (`ListsLocation`).
@MainActor
public final class ListsEntry: ScopedFeatureEntry {
    /// The entry's name in routes and actions.
    public nonisolated static let name = "lists"
    /// Every list (the Lists tab's first screen): `storefront://lists`.
    public nonisolated static let listsPattern = RoutePattern(
        feature: name, screen: "lists", summary: "your shopping lists")
    /// One list: `storefront://list/NAME`.
    public nonisolated static let listPattern = RoutePattern(
        feature: name, screen: "list", idNames: ["NAME"], summary: "one shopping list, kept current as it changes")
    /// The conflict copies of every list: `storefront://list-conflicts`.
    public nonisolated static let conflictsPattern = RoutePattern(
        feature: name, screen: "list-conflicts", summary: "conflict copies sync tools left in your lists")
    /// The product page this entry adds "add to list" to (Search's, named by its route only).
    nonisolated static let productScreen = (feature: "search", screen: "product")

    /// The routes and commands of Lists.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: [listsPattern, listPattern, conflictsPattern], commands: ListsCommands.specs)

    /// The lists screen's route.
    public nonisolated static var listsRoute: Route { listsPattern.route() }
    /// The route of list `name`.
    public nonisolated static func listRoute(_ name: String) -> Route { listPattern.route(ids: [name]) }
    /// The conflicts screen's route.
    public nonisolated static var conflictsRoute: Route { conflictsPattern.route() }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The Lists tab's state.
    public let feature: ListsFeature
    /// The account's Lists preferences (`lists.json`: the chosen folder).
    let preferences: PreferencesStore
    private let context: FeatureContext
    private let products: ListProductLookup

    /// Builds the entry over `context`; reads and watches nothing until a screen, command or `start` needs it.
    public init(context: FeatureContext) {
        let context = context.labelled("storefront.lists")
        self.context = context
        preferences = context.preferences(suite: ListsLocation.preferencesSuite)
        products = ListProductLookup(client: context.client)
        let workingDirectory = URL(fileURLWithPath: FileManager().currentDirectoryPath, isDirectory: true)
        let makeFolder: @Sendable () throws -> ListsFolder = { [context] in
            let location = try ListsLocation(context: context, override: nil, workingDirectory: workingDirectory)
            let device = try ListsLocation.deviceIdentity(layout: context.layout).loadOrCreate()
            return ListsFolder(url: location.folder, device: device, now: context.now)
        }
        feature = ListsFeature(makeFolder: makeFolder, logger: context.logger)
    }

    /// Where the lists are for a command: `override` (`--lists-dir`), the preference, or the account's folder.
    ///
    /// - Throws: `ListError.invalidValue` when the preference cannot be read.
    func location(override: String?) throws -> ListsLocation {
        try ListsLocation(
            context: context, override: override,
            workingDirectory: URL(fileURLWithPath: FileManager().currentDirectoryPath, isDirectory: true))
    }

    /// The folder at `location`, changed as this device.
    ///
    /// - Throws: the errors of `DeviceIdentityFile.loadOrCreate`.
    func folder(at location: ListsLocation) throws -> ListsFolder {
        let device = try ListsLocation.deviceIdentity(layout: context.layout).loadOrCreate()
        return ListsFolder(url: location.folder, device: device, now: context.now)
    }

    /// `3 shopping lists` when the lists are in the account's own folder (a sign-out deletes it with the account);
    /// nothing for a folder the user chose, or when there are none.
    public func localDataSummary() async -> [String] {
        guard let location = try? location(override: nil), location.isDefault else { return [] }
        let names = (try? FileManager().contentsOfDirectory(atPath: location.folder.path)) ?? []
        let count = names.filter { $0.hasSuffix(".\(ListPackage.directoryExtension)") }.count
        guard count > 0 else { return [] }
        return [count == 1 ? "1 shopping list" : "\(count) shopping lists"]
    }

    /// For a folder the user chose: that it stays (a sign-out never deletes it). Nothing for the account's folder.
    public func prepareForSignOut() async -> [String] {
        guard let location = try? location(override: nil), !location.isDefault else { return [] }
        return ["Your lists in \(location.folder.path) stay: a folder you chose is never deleted."]
    }

    /// The cart requests for `items` (products looked up on the server now), and the items that could not be
    /// looked up, each with the reason.
    func cartRequests(for items: [ListItem]) async -> ([CartRequest], [(productID: String, reason: String)]) {
        var requests: [CartRequest] = []
        var failures: [(productID: String, reason: String)] = []
        for item in items {
            do {
                let product = try await products.product(ProductID(rawValue: item.productID))
                requests.append(CartRequest(product: product, quantity: item.quantity.value))
            } catch {
                failures.append((item.productID, ErrorText.describe(error)))
            }
        }
        return (requests, failures)
    }

    /// The lists, one list, or the conflicts screen.
    public func makeScreen(for route: Route, context screenContext: ScreenContext) -> any TerminalView {
        let theme = screenContext.theme
        let feature = feature
        if Self.listPattern.matches(route) {
            let name = route.id(0)
            let viewModel = ListDetailViewModel(feature: feature, name: name)
            viewModel.onAddToCart = { [weak self] in self?.putInCart(name) }
            Task { await feature.open(name) }
            return ListDetailView(viewModel: viewModel, theme: theme)
        }
        Task { await feature.start() }
        if Self.conflictsPattern.matches(route) {
            return ConflictsView(viewModel: ConflictsViewModel(feature: feature), theme: theme)
        }
        let viewModel = ListsViewModel(feature: feature)
        viewModel.onOpen = { [weak self] name in self?.onIntent?(.open(Self.listRoute(name))) }
        viewModel.onOpenConflicts = { [weak self] in self?.onIntent?(.open(Self.conflictsRoute)) }
        return ListsView(viewModel: viewModel, theme: theme)
    }

    /// "add to list" on a product page (key `l`).
    public func contributions(to route: Route) -> [ScreenAction] {
        guard route.feature == Self.productScreen.feature, route.screen == Self.productScreen.screen,
            let id = route.ids.first
        else { return [] }
        return [
            ScreenAction(
                key: "l", title: "add to list", action: EntryAction(feature: Self.name, name: "add", ids: [id]))
        ]
    }

    /// `add PRODUCT_ID`: adds the product to the list used last.
    public func perform(_ action: EntryAction) async {
        guard action.name == "add", let id = action.ids.first else { return }
        await feature.add(productID: id)
        if let message = feature.message { onIntent?(.notice(message.text, isError: message.isError)) }
    }

    /// Starts watching the lists folder.
    public func start() async {
        await feature.start()
    }

    /// Stops watching.
    public func stop() {
        feature.stop()
    }

    /// Runs one of the `lists` commands.
    public func run(_ invocation: CommandInvocation) async -> ExitCode {
        await ListsCommands(entry: self, invocation: invocation).run()
    }

    /// The lists, or one list, as text or `--json`.
    public func print(_ route: Route, to invocation: CommandInvocation) async -> ExitCode {
        if Self.listPattern.matches(route) {
            let spec = ListsCommands.specs.first { $0.name == "lists show" } ?? ListsCommands.specs[0]
            return await ListsCommands(entry: self, invocation: invocation.redirected(to: spec, operands: route.ids))
                .run()
        }
        let name = Self.conflictsPattern.matches(route) ? "lists conflicts" : "lists"
        let spec = ListsCommands.specs.first { $0.name == name } ?? ListsCommands.specs[0]
        return await ListsCommands(entry: self, invocation: invocation.redirected(to: spec, operands: [])).run()
    }

    /// Looks up the open list's items that are not ticked off and hands them to the cart.
    private func putInCart(_ name: String) {
        guard let items = feature.openList?.state.document.liveItems.filter({ !$0.done.value }), !items.isEmpty else {
            feature.say("Nothing to put in the cart: every item is ticked off.", isError: false)
            return
        }
        Task { [weak self] in
            guard let self else { return }
            let (requests, failures) = await cartRequests(for: items)
            if !requests.isEmpty { onIntent?(.addToCart(requests)) }
            let failed = failures.isEmpty ? "" : "; \(failures.count) could not be looked up (\(failures[0].reason))"
            feature.say(
                "Put \(requests.count) of \(items.count) items in the cart\(failed).", isError: !failures.isEmpty)
        }
    }
}
