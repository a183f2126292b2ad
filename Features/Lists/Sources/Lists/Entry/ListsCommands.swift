import FeatureKit
import Foundation
import Models
import Primitives

/// The Lists commands: `lists`, `lists new|rename|delete|add|edit|remove|show|to-cart|conflicts|resolve`, printed as
/// text or `--json`. Every command takes `--lists-dir DIR` (the folder to use instead of the account's).
@MainActor
struct ListsCommands {
    private nonisolated static let folderOption = CommandOptions.Option(
        "--lists-dir", valueName: "DIR", help: "Use the lists in DIR (a folder a sync tool replicates).")

    /// `lists`.
    nonisolated static let listsCommand = CommandSpec(
        ["lists"],
        options: [
            folderOption,
            .init("--remember-lists-dir", help: "Keep --lists-dir as this account's lists folder."),
            .init("--forget-lists-dir", help: "Go back to the account's own lists folder."),
        ],
        help: "Show your shopping lists: title, items, last change, conflict copies.",
        run: handler { commands, folder, location in try await commands.lists(folder, location) })
    /// `lists new`.
    nonisolated static let newCommand = CommandSpec(
        ["lists", "new"], operands: ["TITLE"], options: [folderOption], help: "Create a shopping list.",
        run: handler { commands, folder, _ in try commands.new(folder) })
    /// `lists rename`.
    nonisolated static let renameCommand = CommandSpec(
        ["lists", "rename"], operands: ["LIST", "TITLE"], options: [folderOption], help: "Retitle a list.",
        run: handler { commands, folder, _ in try await commands.rename(folder) })
    /// `lists delete`.
    nonisolated static let deleteCommand = CommandSpec(
        ["lists", "delete"], operands: ["LIST"], options: [folderOption], help: "Delete a list.",
        run: handler { commands, folder, _ in try await commands.delete(folder) })
    /// `lists add`.
    nonisolated static let addCommand = CommandSpec(
        ["lists", "add"], operands: ["LIST", "PRODUCT_ID"],
        options: [
            folderOption, .init("--quantity", valueName: "N", help: "How many, 1 to 9999 (default 1)."),
            .init("--note", valueName: "TEXT", help: "A note, at most 1,000 characters."),
        ],
        help: "Add a product to a list (a new item each time).",
        run: handler { commands, folder, _ in try await commands.add(folder) })
    /// `lists edit`.
    nonisolated static let editCommand = CommandSpec(
        ["lists", "edit"], operands: ["LIST", "ITEM"],
        options: [
            folderOption, .init("--quantity", valueName: "N", help: "How many, 1 to 9999 (default 1)."),
            .init("--note", valueName: "TEXT", help: "A note, at most 1,000 characters."),
            .init("--done", help: "Tick the item off."), .init("--not-done", help: "Untick the item."),
        ],
        help: "Change an item (ITEM: its number in 'lists show', its id or an id prefix).",
        run: handler { commands, folder, _ in try await commands.edit(folder) })
    /// `lists remove`.
    nonisolated static let removeCommand = CommandSpec(
        ["lists", "remove"], operands: ["LIST", "ITEM"], options: [folderOption], help: "Remove an item.",
        run: handler { commands, folder, _ in try await commands.remove(folder) })
    /// `lists show`.
    nonisolated static let showCommand = CommandSpec(
        ["lists", "show"], operands: ["LIST"], options: [folderOption], help: "Show a list's items.",
        run: handler { commands, folder, _ in try await commands.show(folder) })
    /// `lists to-cart`.
    nonisolated static let toCartCommand = CommandSpec(
        ["lists", "to-cart"], operands: ["LIST"], options: [folderOption],
        help: "Put the list's items that are not ticked off into the cart.",
        run: handler { commands, folder, _ in try await commands.toCart(folder) })
    /// `lists conflicts`.
    nonisolated static let conflictsCommand = CommandSpec(
        ["lists", "conflicts"], options: [folderOption],
        help: "Show the conflict copies sync tools left in your lists.",
        run: handler { commands, folder, _ in try await commands.conflicts(folder) })
    /// `lists resolve`.
    nonisolated static let resolveCommand = CommandSpec(
        ["lists", "resolve"], operands: ["LIST"],
        options: [
            folderOption, .init("--merge", help: "Merge the copies into the list (later changes win)."),
            .init("--keep-mine", help: "Keep the list as it is and discard the copies."),
            .init("--keep-theirs", help: "Replace the list's files with the copies."),
        ],
        help: "Resolve a list's conflict copies; nothing is deleted without a choice.",
        run: handler { commands, folder, _ in try await commands.resolve(folder) })

    /// The commands, as `storefront --help` lists them.
    nonisolated static let specs: [CommandSpec] = [
        listsCommand, newCommand, renameCommand, deleteCommand, addCommand, editCommand, removeCommand, showCommand,
        toCartCommand, conflictsCommand, resolveCommand,
    ]

    /// The handler that runs `body` over the invocation's lists folder (`--lists-dir`, the preference or the
    /// account's); a usage error exits 64, any other error 1.
    private nonisolated static func handler(
        _ body: @escaping @MainActor @Sendable (ListsCommands, ListsFolder, ListsLocation) async throws -> ExitCode
    ) -> CommandHandler {
        .on(ListsEntry.self) { entry, invocation in
            await ListsCommands(entry: entry, invocation: invocation).run(body)
        }
    }

    let entry: ListsEntry
    let invocation: CommandInvocation

    /// Runs `body` over the invocation's lists folder.
    func run(
        _ body: @MainActor (ListsCommands, ListsFolder, ListsLocation) async throws -> ExitCode
    ) async -> ExitCode {
        let folder: ListsFolder
        let location: ListsLocation
        do {
            location = try entry.location(override: invocation.arguments.value("--lists-dir"))
            folder = try entry.folder(at: location)
        } catch {
            return invocation.fail("the lists folder cannot be used", error)
        }
        do {
            return try await body(self, folder, location)
        } catch let error as UsageError {
            return invocation.usage(error.message)
        } catch let error as ListsCommandError {
            // An ambiguous list name is the caller's to fix (README: exit 64, a usage error), never a silent pick.
            guard case .ambiguousList = error else { return invocation.fail("\(invocation.spec.name) failed", error) }
            return invocation.usage(error.userFacingDescription)
        } catch {
            return invocation.fail("\(invocation.spec.name) failed", error)
        }
    }

    // MARK: - Commands

    /// `value` when it has no control character; otherwise a usage error naming `field` and the character (what
    /// lists hold is shown on other people's terminals, see `ControlCharacters`).
    private static func plainText(_ value: String, field: String) throws(UsageError) -> String {
        try UsageError.requirePlainText(
            value, field: field, kind: "titles, notes and product ids are one line of plain text")
    }

    /// `lists`: every list with its title, live items, last change and conflict copies.
    func lists(_ folder: ListsFolder, _ location: ListsLocation) async throws -> ExitCode {
        var location = location
        if invocation.arguments.has("--remember-lists-dir") && invocation.arguments.has("--forget-lists-dir") {
            throw UsageError("give --remember-lists-dir or --forget-lists-dir, not both")
        }
        if invocation.arguments.has("--remember-lists-dir") {
            guard invocation.arguments.value("--lists-dir") != nil else {
                throw UsageError("--remember-lists-dir needs --lists-dir DIR")
            }
            try entry.preferences.set(location.folder.path, for: ListsLocation.folderKey)
        } else if invocation.arguments.has("--forget-lists-dir") {
            try entry.preferences.remove(ListsLocation.folderKey)
            location = try entry.location(override: nil)
        }
        let summaries = await ListCatalog(folder: location.folder).refresh()
        var lines = ["Lists in \(location.folder.path) (\(location.signOutNote))"]
        if summaries.isEmpty { lines.append("No lists yet: \(invocation.programName) lists new TITLE") }
        let duplicates = ListsText.duplicateTitles(summaries)
        for summary in summaries {
            lines.append("  " + ListsText.summaryLine(summary, now: folder.now(), duplicates: duplicates))
        }
        let output = ListsOutput(
            folder: location.folder.path, folderIsDefault: location.isDefault,
            lists: summaries.map(ListSummaryOutput.init))
        return invocation.emit(lines, json: output)
    }

    /// `lists new TITLE`.
    func new(_ folder: ListsFolder) throws -> ExitCode {
        let package = try folder.create(title: try Self.plainText(invocation.operands[0], field: "TITLE"))
        return invocation.emit(
            ["Created \(package.name)."], json: ["name": package.name, "title": invocation.operands[0]])
    }

    /// `lists rename LIST TITLE`: the title changes, the list's file name stays (a replicated folder keeps it).
    func rename(_ folder: ListsFolder) async throws -> ExitCode {
        let title = try Self.plainText(invocation.operands[1], field: "TITLE")
        let package = try await list(in: folder)
        try package.update { try $0.rename(to: title, stamp: folder.stamp()) }
        return invocation.emit(
            ["Retitled \(package.name) \"\(title)\"."], json: ["name": package.name, "title": title])
    }

    /// `lists delete LIST`.
    func delete(_ folder: ListsFolder) async throws -> ExitCode {
        let package = try await list(in: folder)
        do {
            try FileManager().removeItem(at: package.directory)
        } catch {
            throw ListError.io(path: package.directory.path, operation: "delete", reason: "\(error)")
        }
        return invocation.emit(["Deleted \(package.name)."], json: ["name": package.name])
    }

    /// `lists add LIST PRODUCT_ID [--quantity N] [--note TEXT]`: a new item every time, of a product the catalog
    /// knows. An id the catalog answers `not_found` for is refused (exit 1, `unknown_product`, nothing written); when
    /// the catalog cannot be reached the item is added with a warning and the id is checked on the next lookup that
    /// reaches it (`ProductNames.markUnchecked`).
    func add(_ folder: ListsFolder) async throws -> ExitCode {
        let quantity = try invocation.integer("--quantity", in: 1...9999) ?? 1
        let note = try Self.plainText(invocation.arguments.value("--note") ?? "", field: "--note")
        let product = try Self.plainText(invocation.operands[1], field: "PRODUCT_ID")
        let package = try await list(in: folder)
        let label: ProductLabel
        switch await entry.productNames.check(product) {
        case .known(let summary):
            entry.productNames.remember(summary)
            label = .known(title: summary.title, price: summary.price, isCached: false)
        case .unknown(let reason):
            return invocation.fail(
                "\(product) is not in the catalog (\(reason)); nothing was added", code: "unknown_product")
        case .unreachable(let reason):
            invocation.warn(
                "\(product) could not be checked (\(reason)); added, to be checked when the catalog answers")
            label = .notChecked
        }
        let item = try package.update {
            try $0.addItem(productID: product, quantity: quantity, note: note, stamp: folder.stamp())
        }
        if label == .notChecked { entry.productNames.markUnchecked(product) }
        let shown = if case .known = label { "\(label.text(productID: product)) (\(product))" } else { product }
        return invocation.emit(
            ["Added \(shown) × \(quantity) to \(package.name) (item \(item.id))."],
            json: ItemOutput(item, label: label))
    }

    /// `lists edit LIST ITEM [--quantity N] [--note TEXT] [--done|--not-done]`.
    func edit(_ folder: ListsFolder) async throws -> ExitCode {
        let arguments = invocation.arguments
        if arguments.has("--done") && arguments.has("--not-done") {
            throw UsageError("give --done or --not-done, not both")
        }
        let quantity = try invocation.integer("--quantity", in: 1...9999)
        let note = try arguments.value("--note").map { try Self.plainText($0, field: "--note") }
        let done: Bool? = arguments.has("--done") ? true : arguments.has("--not-done") ? false : nil
        guard quantity != nil || note != nil || done != nil else {
            throw UsageError("say what to change: --quantity N, --note TEXT, --done or --not-done")
        }
        let package = try await list(in: folder)
        let handle = invocation.operands[1]
        let item = try package.update { document in
            let item = try ListsFolder.item(handle, in: document, list: package.name)
            try document.editItem(item.id, quantity: quantity, note: note, done: done, stamp: folder.stamp())
            return document.items[item.id] ?? item
        }
        return invocation.emit(["Changed item \(item.id) of \(package.name)."], json: ItemOutput(item))
    }

    /// `lists remove LIST ITEM`: the item becomes a tombstone (so other devices learn of the removal).
    func remove(_ folder: ListsFolder) async throws -> ExitCode {
        let package = try await list(in: folder)
        let handle = invocation.operands[1]
        let item = try package.update { document in
            let item = try ListsFolder.item(handle, in: document, list: package.name)
            try document.removeItem(item.id, stamp: folder.stamp())
            return item
        }
        return invocation.emit(
            ["Removed item \(item.id) (\(item.productID)) from \(package.name)."], json: ["id": item.id.rawValue])
    }

    /// `lists show LIST`: each item with its product's name and price (`ProductNames`: the catalog now, else as last
    /// known); `{"title", "items": [{"id", "product_id", "quantity", "note", "done", "product"}]}` with `--json`.
    func show(_ folder: ListsFolder) async throws -> ExitCode {
        let package = try await list(in: folder)
        let loaded = try package.load()
        for problem in loaded.problems { invocation.warn("\(package.name): \(problem) (left as it is)") }
        let document = loaded.document
        var lines = ["\(document.manifest.title.value) (\(package.name))"]
        if document.liveItems.isEmpty { lines.append("  No items.") }
        let report = await entry.productNames.refresh(document.liveItems.map(\.productID))
        for id in report.uncheckedFoundUnknown { invocation.warn("\(id) (added offline) is not in the catalog") }
        if report.wasUnreachable { invocation.warn("the catalog could not be reached: names and prices as last known") }
        let labels = document.liveItems.map { report.labels[$0.productID] ?? .notChecked }
        for (index, item) in document.liveItems.enumerated() {
            lines.append("  " + ListsText.itemLine(item, position: index + 1, label: labels[index]))
        }
        let output = ListOutput(
            title: document.manifest.title.value,
            items: zip(document.liveItems, labels).map { ItemOutput($0, label: $1) })
        return invocation.emit(lines, json: output)
    }

    /// `lists to-cart LIST`: looks up every item not ticked off and puts them in the cart (`CartAccess`), one line per
    /// product of at most `CartLines.limit`; reports what the cart took and what it refused (exit 1 when something
    /// was refused or could not be looked up).
    func toCart(_ folder: ListsFolder) async throws -> ExitCode {
        let package = try await list(in: folder)
        let items = try package.load().document.liveItems.filter { !$0.done.value }
        guard !items.isEmpty else {
            return invocation.emit(["Nothing to put in the cart: every item is ticked off."], json: CartOutput())
        }
        let (looked, failures) = await entry.cartRequests(for: items)
        let (requests, refused) = CartLines.fit(looked)
        if !requests.isEmpty {
            guard let cart = entry.cart else {
                return invocation.fail("this app has no cart to put \(package.name) in", code: "not_added")
            }
            await cart.add(requests)
        }
        for failure in failures { invocation.warn("\(failure.productID) was not put in the cart: \(failure.reason)") }
        for line in refused {
            invocation.warn(
                "\(line.productId): \(line.quantity) refused, the cart keeps at most \(CartLines.limit) a line")
        }
        let output = CartOutput(
            added: requests.map { CartLineOutput(productId: $0.product.id.rawValue, quantity: $0.quantity) },
            refused: refused, failed: failures.map { ["product_id": $0.productID, "message": $0.reason] })
        if !failures.isEmpty && requests.isEmpty {
            return invocation.fail("no item of \(package.name) could be put in the cart", code: "not_added")
        }
        let taken = requests.reduce(0) { $0 + $1.quantity }
        let asked = items.reduce(0) { $0 + $1.quantity.value }
        let left = refused.reduce(0) { $0 + $1.quantity }
        let refusedText = left == 0 ? "" : "; \(left) refused (at most \(CartLines.limit) a line)"
        let status = invocation.emit(
            [
                "Put \(taken) of \(asked) (\(ListsText.items(items.count))) of \(package.name) in the cart\(refusedText)."
            ],
            json: output)
        return failures.isEmpty && refused.isEmpty ? status : .failure
    }

    /// `lists conflicts`: every conflict copy in every list.
    func conflicts(_ folder: ListsFolder) async throws -> ExitCode {
        let summaries = await ListCatalog(folder: folder.url).refresh().filter { $0.conflictCount > 0 }
        var output: [ListConflictsOutput] = []
        var lines: [String] = []
        for summary in summaries {
            let copies = try folder.package(named: summary.name).conflictCopies()
            output.append(ListConflictsOutput(name: summary.name, title: summary.title, copies: copies))
            lines.append("\(summary.title ?? summary.name) (\(summary.name)): \(copies.count) conflict copies")
            lines += copies.map { "  " + ListsText.copyLine($0) }
        }
        if lines.isEmpty {
            lines = ["No conflict copies."]
        } else {
            lines.append(
                "Resolve with: \(invocation.programName) lists resolve LIST (--merge | --keep-mine | --keep-theirs)")
        }
        return invocation.emit(lines, json: ["lists": output])
    }

    /// `lists resolve LIST (--merge | --keep-mine | --keep-theirs)`.
    func resolve(_ folder: ListsFolder) async throws -> ExitCode {
        let chosen = ConflictChoice.allCases.filter { invocation.arguments.has("--" + $0.rawValue) }
        guard chosen.count == 1, let choice = chosen.first else {
            throw UsageError(
                chosen.isEmpty
                    ? "choose --merge, --keep-mine or --keep-theirs (nothing was deleted)"
                    : "choose one of --merge, --keep-mine and --keep-theirs (nothing was deleted)")
        }
        let package = try await list(in: folder)
        let resolution = try package.resolveConflicts(choice)
        var lines = ["\(package.name): \(resolution.removed.count) conflict copies resolved (\(choice.rawValue))."]
        lines += resolution.conflicts.map { "  " + ListsText.conflictLine($0) }
        for kept in resolution.kept { invocation.warn("\(package.name): \(kept) (left in place)") }
        let output = ResolutionOutput(
            name: package.name, choice: choice.rawValue, removed: resolution.removed.map(\.path),
            kept: resolution.kept.map { ["path": $0.path, "message": $0.reason] },
            conflicts: resolution.conflicts.map(ConflictOutput.init))
        let status = invocation.emit(lines, json: output)
        return resolution.kept.isEmpty ? status : .failure
    }

    // MARK: - Private

    /// The list the first operand names.
    private func list(in folder: ListsFolder) async throws -> ListPackage {
        try folder.list(invocation.operands[0], in: await ListCatalog(folder: folder.url).refresh())
    }
}
