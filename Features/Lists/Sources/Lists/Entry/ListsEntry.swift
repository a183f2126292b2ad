import FeatureKit
import Foundation
import Models
import Persistence
import Primitives
import TerminalUI

/// The screens of Lists: every list (the Lists tab's first screen), one list, and the conflict copies.
public enum ListsDestination: EntryDestination {
    /// Every list: `storefront://lists`.
    case lists
    /// One list by name: `storefront://list/NAME`.
    case list(String)
    /// The conflict copies of every list: `storefront://list-conflicts`.
    case conflicts

    /// The three links.
    public static var patterns: [RoutePattern] {
        [ListsEntry.listsPattern, ListsEntry.listPattern, ListsEntry.conflictsPattern]
    }

    /// The destination of `route`, when it is Lists'.
    public init?(route: Route) {
        if ListsEntry.listsPattern.matches(route) {
            self = .lists
        } else if ListsEntry.listPattern.matches(route) {
            self = .list(route.id(0))
        } else if ListsEntry.conflictsPattern.matches(route) {
            self = .conflicts
        } else {
            return nil
        }
    }

    /// The erased route.
    public var route: Route {
        switch self {
        case .lists: ListsEntry.listsPattern.route()
        case .list(let name): ListsEntry.listPattern.route(ids: [name])
        case .conflicts: ListsEntry.conflictsPattern.route()
        }
    }
}

/// What Lists does later: add a product to the list used last ("add to list" on a product's screen).
public enum ListsAction: EntryActionSet {
    /// Add the product to the list used last.
    case add(ProductID)

    /// `lists.add PRODUCT_ID`, the form every version parked.
    public init?(parked: EntryAction) {
        guard parked.feature == ListsEntry.name, parked.name == "add", parked.ids.count == 1 else { return nil }
        self = .add(ProductID(rawValue: parked.ids[0]))
    }

    /// `lists.add PRODUCT_ID`.
    public var parked: EntryAction {
        switch self {
        case .add(let id): EntryAction(feature: ListsEntry.name, name: "add", ids: [id.rawValue])
        }
    }
}

/// The Lists package's entry: the lists, one list and conflicts screens (the Lists tab), "add to list" on any
/// screen about a product (contributed through the App), the `storefront lists …` commands, and "add the list to the
/// cart" through the context's `CartAccess`. Built per account over its context; the lists live in the account's
/// folder or one the person chose (`ListsLocation`).
@MainActor
public final class ListsEntry: FeatureEntry {
    /// Lists' screens.
    public typealias Destination = ListsDestination
    /// Lists' actions.
    public typealias Action = ListsAction

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
    /// The routes, commands and tab of Lists.
    public nonisolated static let descriptor = FeatureDescriptor(
        name: name, routes: ListsDestination.patterns, commands: ListsCommands.specs,
        tab: EntryTab(title: "Lists", key: "lists", order: 40, root: ListsDestination.lists.route))

    /// The lists screen's route.
    public nonisolated static var listsRoute: Route { ListsDestination.lists.route }
    /// The route of list `name`.
    public nonisolated static func listRoute(_ name: String) -> Route { ListsDestination.list(name).route }
    /// The conflicts screen's route.
    public nonisolated static var conflictsRoute: Route { ListsDestination.conflicts.route }

    /// Where the entry's intents go.
    public var onIntent: (@MainActor (FeatureIntent) -> Void)?
    /// The Lists tab's state.
    public let feature: ListsFeature
    /// The account's Lists preferences (`lists.json`: the chosen folder).
    let preferences: PreferencesStore
    private let context: FeatureContext

    /// Builds the entry over `context`; reads and watches nothing until a screen, command or `start` needs it.
    public init(context: FeatureContext) {
        let context = context.labelled("storefront.lists")
        self.context = context
        preferences = context.preferences(suite: ListsLocation.preferencesSuite)
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

    /// Hands the lists the guest kept in its own folder to the account that signed in (`GuestListsMerge`: a list the
    /// account lacks moves whole, one it has by name is merged item by item; idempotent), into the account's folder
    /// (its chosen one, else its own). A folder the guest chose (`lists.folder`) is the person's and stays as it is.
    ///
    /// - Returns: What the user should hear about (empty when the guest had no lists).
    public static func mergeGuestData(from guest: FeatureContext, into account: FeatureContext) async -> [String] {
        let logger = account.logger.child(label: "storefront.lists")
        let guestFolder = ListsLocation.defaultFolder(context: guest)
        let outcome: GuestListsMerge.Outcome
        do {
            outcome = try await FileWork.run {
                let target = try ListsLocation(
                    context: account, override: nil,
                    workingDirectory: URL(fileURLWithPath: FileManager().currentDirectoryPath, isDirectory: true))
                return GuestListsMerge.run(from: guestFolder, into: target.folder)
            }
        } catch {
            logger.error("guest lists merge failed", metadata: ["error": "\(error)"])
            return ["The lists from before signing in could not be added to your account's lists: \(error)"]
        }
        var messages: [String] = []
        let handed = outcome.moved + outcome.merged
        if !handed.isEmpty {
            let titles = handed.map { ControlCharacters.escaped($0) }.joined(separator: ", ")
            messages.append("Your lists from before signing in were added to your account's lists: \(titles).")
            logger.info(
                "guest lists merged",
                metadata: ["moved": "\(outcome.moved.count)", "merged": "\(outcome.merged.count)"])
        }
        for (name, reason) in outcome.failed.sorted(by: { $0.key < $1.key }) {
            logger.error("guest list merge failed", metadata: ["list": "\(name)", "error": "\(reason)"])
            messages.append(
                "The list \(ControlCharacters.escaped(name)) from before signing in stays in the guest's lists: \(reason)"
            )
        }
        return messages
    }

    /// For a folder the user chose: that it stays (a sign-out never deletes it). Nothing for the account's folder.
    public func prepareForSignOut() async -> [String] {
        guard let location = try? location(override: nil), !location.isDefault else { return [] }
        return ["Your lists in \(location.folder.path) stay: a folder you chose is never deleted."]
    }

    /// The cart requests for `items` (products looked up now in the catalog the app provides, `ProductCatalog`),
    /// and the items that could not be looked up, each with the reason (every item, when the app has no catalog).
    func cartRequests(for items: [ListItem]) async -> ([CartRequest], [(productID: String, reason: String)]) {
        guard let catalog = context.capability(ProductCatalog.self) else {
            return ([], items.map { ($0.productID, "this app has no catalog to look products up in") })
        }
        var requests: [CartRequest] = []
        var failures: [(productID: String, reason: String)] = []
        for item in items {
            do {
                let product = try await catalog.lookUp(ProductID(rawValue: item.productID))
                requests.append(CartRequest(product: product, quantity: item.quantity.value))
            } catch {
                failures.append((item.productID, ErrorText.describe(error)))
            }
        }
        return (requests, failures)
    }

    /// The account's cart, when the app has an entry that provides one.
    var cart: CartAccess? { context.capability(CartAccess.self) }

    /// The lists, one list, or the conflicts screen.
    public func makeScreen(for destination: ListsDestination, context screenContext: ScreenContext)
        -> any TerminalView
    {
        let theme = screenContext.theme
        switch destination {
        case .list(let name):
            let viewModel = ListDetailViewModel(feature: feature, name: name)
            viewModel.onAddToCart = { [weak self] in await self?.putInCart(name) }
            viewModel.send(.load)
            return ListDetailView(viewModel: viewModel, theme: theme)
        case .conflicts:
            let viewModel = ConflictsViewModel(feature: feature)
            viewModel.send(.load)
            return ConflictsView(viewModel: viewModel, theme: theme)
        case .lists:
            let viewModel = ListsViewModel(feature: feature)
            viewModel.onOpen = { [weak self] name in self?.open(.list(name)) }
            viewModel.onOpenConflicts = { [weak self] in self?.open(.conflicts) }
            viewModel.send(.load)
            return ListsView(viewModel: viewModel, theme: theme)
        }
    }

    /// "add to list" on a screen about one product (key `l`).
    public func contributions(to subject: ScreenSubject) -> [ScreenAction] {
        switch subject {
        case .product(let id): [ScreenAction(key: "l", title: "add to list", action: ListsAction.add(id))]
        }
    }

    /// Adds the product to the list used last.
    public func perform(_ action: ListsAction) async {
        switch action {
        case .add(let id):
            await feature.add(productID: id.rawValue, productTitle: await productTitle(id))
            if let message = feature.message { onIntent?(.notice(message.text, isError: message.isError)) }
        }
    }

    /// The product's title for a message: from the catalog's entry (`ProductCatalog`, which the product screen that
    /// offered the action has just read, and which asks the server for what it has not); nil when it does not answer.
    private func productTitle(_ id: ProductID) async -> String? {
        guard let catalog = context.capability(ProductCatalog.self) else { return nil }
        return try? await catalog.lookUp(id).title
    }

    /// Starts watching the lists folder.
    public func start() async {
        await feature.start()
    }

    /// Stops watching.
    public func stop() {
        feature.stop()
    }

    /// The lists, one list, or the conflicts, as text or `--json`.
    public func print(_ destination: ListsDestination, to invocation: CommandInvocation) async -> ExitCode {
        switch destination {
        case .list(let name): await run(invocation.redirected(to: ListsCommands.showCommand, operands: [name]))
        case .conflicts: await run(invocation.redirected(to: ListsCommands.conflictsCommand, operands: []))
        case .lists: await run(invocation.redirected(to: ListsCommands.listsCommand, operands: []))
        }
    }

    /// Looks up the open list's items that are not ticked off and hands them to the cart; returns once the cart has
    /// them and the status line says how many.
    private func putInCart(_ name: String) async {
        guard let items = feature.openList?.state.document.liveItems.filter({ !$0.done.value }), !items.isEmpty else {
            feature.say("Nothing to put in the cart: every item is ticked off.", isError: false)
            return
        }
        let (requests, failures) = await cartRequests(for: items)
        if !requests.isEmpty {
            guard let cart else {
                feature.say("This app has no cart to put the list in.", isError: true)
                return
            }
            await cart.add(requests)
        }
        let failed = failures.isEmpty ? "" : "; \(failures.count) could not be looked up (\(failures[0].reason))"
        feature.say("Put \(requests.count) of \(items.count) items in the cart\(failed).", isError: !failures.isEmpty)
    }
}
