import DesignSystem
import Foundation
import Logging
import TerminalUI
import TestSupport
import Testing

@testable import Lists

@MainActor
@Suite(.timeLimit(.minutes(1))) struct ListsScreenTests {
    private let catalog = CatalogDouble([
        "sku_1": .product(title: "Party hats", priceMinor: 350), "sku_2": .product(title: "Balloons", priceMinor: 120),
        "sku_nope": .notFound, "sku_later": .offline,
    ])

    private func feature(_ folder: URL) -> ListsFeature {
        ListsFeature(
            makeFolder: { ListsFolder(url: folder, device: device("device-a"), now: { Date() }) },
            productNames: catalog.names(in: folder),
            logger: Logger(label: "test", handler: CapturingLogHandler()))
    }

    /// List "Party" with one item (`sku_1`) in `folder`, and a started feature over the folder.
    private func startedParty(in folder: URL) async throws -> (ListPackage, ListsFeature) {
        let package = try ListPackage.create(in: folder, name: "Party", title: "Party", stamp: stamp(1))
        try package.update { try $0.addItem(productID: "sku_1", stamp: stamp(2)) }
        let feature = feature(folder)
        await feature.start()
        return (package, feature)
    }

    private func text(_ view: some TerminalView) -> String {
        view.render(size: TerminalSize(columns: 100, rows: 20)).map(\.plainText).joined(separator: "\n")
    }

    @Test func addingAProductNamesItByItsTitleAndTheListByItsTitle() async throws {
        try await withTemporaryDirectory { folder in
            let feature = feature(folder)
            await feature.add(productID: "sku_197", productTitle: "Espresso cups")
            #expect(feature.message?.text == "Added Espresso cups to Shopping list.")
            #expect(feature.message?.isError == false)
            let package = ListPackage(directory: folder.appendingPathComponent("Shopping list.sflist"))
            let stored = try package.load().document.liveItems.map(\.productID)
            #expect(stored == ["sku_197"], "the id is what is stored")
            await feature.add(productID: "sku_198", productTitle: "Milk\u{1B}[31m")
            #expect(feature.message?.text == "Added Milk␛[31m to Shopping list.", "a title from outside is escaped")
            await feature.add(productID: "sku_199", productTitle: nil)
            #expect(feature.message?.text == "Added sku_199 to Shopping list.", "the id only when no title is known")
            feature.stop()
        }
    }

    @Test func theListsScreenShowsWhatTheWatcherSeesAndOpensConflicts() async throws {
        try await withTemporaryDirectory { folder in
            let (package, feature) = try await startedParty(in: folder)
            defer { feature.stop() }
            let viewModel = ListsViewModel(feature: feature)
            var openedConflicts = false
            viewModel.onOpenConflicts = { openedConflicts = true }
            let view = ListsView(viewModel: viewModel, theme: .unicode)
            try await waitUntil("the list is shown") { feature.summaries.count == 1 }
            #expect(text(view).contains("Party"))
            #expect(text(view).contains("1 item"))
            #expect(view.handle(KeyEvent(.character("c"))) == .ignored, "no conflicts, no key")
            try put("{}", at: "manifest.sync-conflict-20261201-101500-ABCDEFG.json", in: package.directory)
            try await waitUntil("the copy is counted") { feature.summaries.first?.conflictCount == 1 }
            #expect(text(view).contains("1 conflict copy"))
            #expect(view.handle(KeyEvent(.character("c"))) == .handled)
            #expect(openedConflicts)
        }
    }

    @Test func keysOnOneListChangeItThroughItsSession() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Party", title: "Party", stamp: stamp(1))
            let item = try package.update { try $0.addItem(productID: "sku_1", stamp: stamp(2)) }
            let feature = feature(folder)
            defer { feature.stop() }
            let viewModel = ListDetailViewModel(feature: feature, name: "Party")
            await viewModel.send(.load).task?.value
            let view = ListDetailView(viewModel: viewModel, theme: .unicode)
            try await waitUntil("the load intent opened the list") { feature.openList != nil }
            try await waitUntil("the item shows the catalog's name and price") {
                text(view).contains("Party hats · 3.50 EUR × 1")
            }
            #expect(view.handle(KeyEvent(.character("+"))) == .handled)
            try await waitUntil("the quantity is 2") {
                feature.openList?.state.document.items[item.id]?.quantity.value == 2
            }
            #expect(view.handle(KeyEvent(.character(" "))) == .handled)
            try await waitUntil("the item is done") {
                feature.openList?.state.document.items[item.id]?.done.value == true
            }
            let saved = try #require(try package.load().document.items[item.id])
            #expect(saved.quantity.value == 2 && saved.done.value)
            #expect(view.handle(KeyEvent(.character("s"))) == .ignored, "save as copy only for a deleted list")
        }
    }

    @Test func aListLockedByAnotherWriterOpensWithoutHoldingTheScreen() async throws {
        try await withTemporaryDirectory { folder in
            let (package, feature) = try await startedParty(in: folder)
            defer { feature.stop() }
            // Another process's write in progress: the list's exclusive lock is held.
            let writer = try ListFiles.lock(package.directory, .exclusive, timeout: 1)
            let opening = Task { await feature.open("Party") }
            let view = ListDetailView(viewModel: ListDetailViewModel(feature: feature, name: "Party"), theme: .unicode)
            // This test runs on the main actor: it renders while the list is being read behind the lock.
            try await waitUntil("the screen shows that the list is opening") {
                text(view).contains("Opening the list")
            }
            #expect(feature.openList == nil)
            writer.unlock()
            await opening.value
            try await waitUntil("the list is shown once the writer is done") {
                text(view).contains("Party hats · 3.50 EUR × 1")
            }
        }
    }

    @Test func theListScreensIntentsApplyOnlyWhenTheyCanAndOwnTheirWork() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Party", title: "Party", stamp: stamp(1))
            let feature = feature(folder)
            defer { feature.stop() }
            let viewModel = ListDetailViewModel(feature: feature, name: "Party")
            await viewModel.send(.load).task?.value
            var cartCalls = 0
            viewModel.onAddToCart = { cartCalls += 1 }
            #expect(!viewModel.send(.addToCart).isHandled, "an empty list puts nothing in the cart")
            #expect(!viewModel.send(.toggleDone).isHandled, "no item is selected")
            try package.update { try $0.addItem(productID: "sku_1", stamp: stamp(2)) }
            try await waitUntil("the item is shown") { viewModel.items.count == 1 }
            #expect(!viewModel.send(.changeQuantity(by: -1)).isHandled, "the quantity is already 1")
            #expect(!viewModel.send(.saveCopy).isHandled, "the list was not deleted elsewhere")
            let adding = viewModel.send(.addToCart)
            #expect(adding.isHandled)
            await adding.task?.value
            #expect(cartCalls == 1, "the task the intent returned ran the entry's cart hand-off")
            let removing = viewModel.send(.removeSelected)
            #expect(removing.isHandled)
            await removing.task?.value
            #expect(try package.load().document.liveItems.isEmpty)
        }
    }

    @Test func theListsScreensLoadIntentReadsTheFolder() async throws {
        try await withTemporaryDirectory { folder in
            _ = try ListPackage.create(in: folder, name: "Party", title: "Party", stamp: stamp(1))
            let feature = feature(folder)
            defer { feature.stop() }
            let viewModel = ListsViewModel(feature: feature)
            #expect(!viewModel.send(.openConflicts).isHandled, "no copies")
            await viewModel.send(.load).task?.value
            try await waitUntil("the list is shown") { feature.summaries.count == 1 }
            var opened: [String] = []
            viewModel.onOpen = { opened.append($0) }
            #expect(viewModel.send(.openSelected).isHandled)
            #expect(opened == ["Party"])
        }
    }

    @Test func theListsTabCreatesRetitlesAndDeletesAfterAsking() async throws {
        try await withTemporaryDirectory { folder in
            let feature = feature(folder)
            await feature.start()
            defer { feature.stop() }
            let viewModel = ListsViewModel(feature: feature)
            let view = ListsView(viewModel: viewModel, theme: .unicode)
            try await waitUntil("the folder is read") { feature.hasLoaded }
            #expect(text(view).contains("Press n to create one here."))
            #expect(view.handle(KeyEvent(.character("r"))) == .ignored, "nothing to rename")

            #expect(view.handle(KeyEvent(.character("n"))) == .handled)
            #expect(view.handle(KeyEvent(.enter)) == .ignored, "a blank title is not saved")
            for character in "Picnic" { _ = view.handle(KeyEvent(.character(character))) }
            #expect(text(view).contains("Picnic"))
            _ = view.handle(KeyEvent(.enter))
            try await waitUntil("the new list is shown") { feature.summaries.map(\.title) == ["Picnic"] }
            #expect(viewModel.mode == .browsing)

            #expect(view.handle(KeyEvent(.character("r"))) == .handled)
            for _ in 0..<6 { _ = view.handle(KeyEvent(.backspace)) }
            for character in "Beach day" { _ = view.handle(KeyEvent(.character(character))) }
            _ = view.handle(KeyEvent(.enter))
            try await waitUntil("the list is retitled, its folder kept") {
                feature.summaries.map(\.title) == ["Beach day"] && feature.summaries.map(\.name) == ["Picnic"]
            }

            #expect(view.handle(KeyEvent(.character("d"))) == .handled)
            #expect(text(view).contains("Delete Picnic?"))
            #expect(view.handle(KeyEvent(.character("x"))) == .handled, "any other key keeps the list")
            #expect(viewModel.mode == .browsing)
            #expect(FileManager().fileExists(atPath: folder.appendingPathComponent("Picnic.sflist").path))
            _ = view.handle(KeyEvent(.character("d")))
            _ = view.handle(KeyEvent(.character("y")))
            try await waitUntil("the list is gone") { feature.summaries.isEmpty }
            #expect(!FileManager().fileExists(atPath: folder.appendingPathComponent("Picnic.sflist").path))
        }
    }

    @Test func aProductIsAddedFromTheListScreenOnlyWhenTheCatalogKnowsIt() async throws {
        try await withTemporaryDirectory { folder in
            let (_, feature) = try await startedParty(in: folder)
            defer { feature.stop() }
            let viewModel = ListDetailViewModel(feature: feature, name: "Party")
            await viewModel.send(.load).task?.value
            let view = ListDetailView(viewModel: viewModel, theme: .unicode)
            try await waitUntil("the list is open") { feature.openList != nil }

            for id in ["sku_nope", "sku_2", "sku_later"] {
                #expect(view.handle(KeyEvent(.character("a"))) == .handled)
                for character in id { _ = view.handle(KeyEvent(.character(character))) }
                await viewModel.send(.confirmAdd).task?.value
            }
            try await waitUntil("two items were added") { feature.openList?.state.document.liveItems.count == 3 }
            #expect(feature.openList?.state.document.liveItems.map(\.productID) == ["sku_1", "sku_2", "sku_later"])
            try await waitUntil("the added product is named") { text(view).contains("Balloons · 1.20 EUR × 1") }
            #expect(feature.productNames.unchecked == ["sku_later"])
            #expect(feature.message?.text.contains("sku_later unchecked") == true)
            #expect(view.handle(KeyEvent(.character("a"))) == .handled)
            #expect(view.handle(KeyEvent(.escape)) == .handled)
            #expect(viewModel.adding == nil)
        }
    }

    @Test func anIdTheCommandRefusesIsRefusedOnTheListScreenBeforeAnythingIsWritten() async throws {
        try await withTemporaryDirectory { folder in
            let (package, feature) = try await startedParty(in: folder)
            defer { feature.stop() }
            let viewModel = ListDetailViewModel(feature: feature, name: "Party")
            await viewModel.send(.load).task?.value
            let view = ListDetailView(viewModel: viewModel, theme: .unicode)
            try await waitUntil("the list is open") { feature.openList != nil }

            for id in ["..", ".", "sku_1/../x"] {
                #expect(view.handle(KeyEvent(.character("a"))) == .handled)
                for character in id { _ = view.handle(KeyEvent(.character(character))) }
                await viewModel.send(.confirmAdd).task?.value
                #expect(feature.message?.isError == true)
                #expect(feature.message?.text.hasSuffix("nothing was added.") == true, "\(id)")
                #expect(feature.message?.text.contains("unchecked") == false)
            }
            #expect(feature.message?.text.contains("contains '/'") == true)
            for id in ["", "sku\u{7}"] {
                await feature.addToOpenList(productID: id)
                #expect(feature.message?.text.hasSuffix("nothing was added.") == true)
            }
            #expect(feature.message?.text.contains("U+0007") == true)
            #expect(feature.message?.text.contains("\u{7}") == false)
            #expect(try package.load().document.liveItems.map(\.productID) == ["sku_1"])
            #expect(feature.openList?.state.document.liveItems.count == 1)
            #expect(feature.productNames.unchecked.isEmpty)
            #expect(["..", ".", "sku_1/../x", "", "sku\u{7}"].allSatisfy { catalog.calls($0) == 0 })
        }
    }
}
