import FeaturePreview
import Foundation
import Lists
import Logging
import TerminalUI

/// Every Lists screen in its states over preview data: the lists (reading the folder, none, two lists, a list with
/// a sync tool's conflict copy), one list (opening, empty, a few items, a long list with long notes) and the
/// conflict copies (none, one). No server and no sync tool: each state writes its lists as packages into a
/// temporary folder of its own, stamped from the preview's "now".
public enum ListsPreviews {
    /// The catalog `ListsPreview` shows.
    public static let catalog = PreviewCatalog(feature: "Lists", screens: [lists, list, conflicts])

    static let lists = PreviewScreen(
        "Lists", routes: [ListsEntry.listsPattern],
        states: [
            PreviewState("loaded") { try await listsView(PreviewFolder.twoLists, $0) },
            PreviewState("empty") { try await listsView(PreviewFolder(), $0) },
            PreviewState("loading") { try await listsView(PreviewFolder(), starting: false, $0) },
            PreviewState("conflicts") { try await listsView(PreviewFolder.twoLists.withConflictCopy, $0) },
        ])

    static let list = PreviewScreen(
        "List", routes: [ListsEntry.listPattern],
        states: [
            PreviewState("loaded") { try await detailView(items: 5, $0) },
            PreviewState("empty") { try await detailView(items: 0, $0) },
            PreviewState("long") { try await detailView(items: 30, longNotes: true, $0) },
            PreviewState("opening") { try await detailView(items: 3, opening: false, $0) },
        ])

    static let conflicts = PreviewScreen(
        "Conflicts", routes: [ListsEntry.conflictsPattern],
        states: [
            PreviewState("copies") { try await conflictsView(PreviewFolder.twoLists.withConflictCopy, $0) },
            PreviewState("none") { try await conflictsView(PreviewFolder.twoLists, $0) },
        ])

    @MainActor
    static func listsView(_ folder: PreviewFolder, starting: Bool = true, _ environment: PreviewEnvironment)
        async throws -> any TerminalView
    {
        let feature = try folder.makeFeature(environment)
        if starting { await feature.start() }
        let viewModel = ListsViewModel(feature: feature)
        viewModel.onOpen = { environment.report("open the list \($0)") }
        viewModel.onOpenConflicts = { environment.report("open the conflict copies") }
        return ListsView(viewModel: viewModel, theme: environment.theme)
    }

    @MainActor
    static func detailView(
        items: Int, longNotes: Bool = false, opening: Bool = true, _ environment: PreviewEnvironment
    ) async throws -> any TerminalView {
        let folder = PreviewFolder(lists: [.init(name: "Party", title: "Party", items: items, longNotes: longNotes)])
        let feature = try folder.makeFeature(environment)
        if opening { await feature.open("Party") }
        let viewModel = ListDetailViewModel(feature: feature, name: "Party")
        viewModel.onAddToCart = { environment.report("put the list Party in the cart") }
        return ListDetailView(viewModel: viewModel, theme: environment.theme)
    }

    @MainActor
    static func conflictsView(_ folder: PreviewFolder, _ environment: PreviewEnvironment) async throws
        -> any TerminalView
    {
        let feature = try folder.makeFeature(environment)
        await feature.start()
        return ConflictsView(viewModel: ConflictsViewModel(feature: feature), theme: environment.theme)
    }
}

/// Lists written as packages into a new temporary folder: each list's items (every third done, every fourth with a
/// note, quantities 1–3) stamped a minute apart, two hours before the preview's "now".
struct PreviewFolder {
    struct List {
        let name: String
        let title: String
        let items: Int
        var longNotes = false
    }

    var lists: [List] = []
    /// Whether the first list has a sync tool's conflict copy of its manifest beside it.
    var hasConflictCopy = false

    /// `Party` with 3 items and `weekly` ("Weekly shop") with 12.
    static let twoLists = PreviewFolder(lists: [
        List(name: "Party", title: "Party", items: 3), List(name: "weekly", title: "Weekly shop", items: 12),
    ])

    /// The same lists, the first with a conflict copy.
    var withConflictCopy: PreviewFolder {
        var folder = self
        folder.hasConflictCopy = true
        return folder
    }

    /// Writes the folder and returns the feature over it.
    ///
    /// - Throws: What writing the packages throws (`ListError`, file errors).
    @MainActor
    func makeFeature(_ environment: PreviewEnvironment) throws -> ListsFeature {
        let url = try environment.makeDirectory("lists")
        guard let device = DeviceID("preview") else { throw CocoaError(.coderInvalidValue) }
        let start = environment.now.addingTimeInterval(-7_200)
        func stamp(_ minutes: Int) -> ChangeStamp {
            ChangeStamp(date: start.addingTimeInterval(TimeInterval(minutes * 60)), device: device)
        }
        for (index, list) in lists.enumerated() {
            let package = try ListPackage.create(in: url, name: list.name, title: list.title, stamp: stamp(0))
            let note =
                list.longNotes
                ? String(repeating: "the ripe ones from the market stall by the station, ", count: 3) : "ripe ones"
            for item in 0..<list.items {
                let added = try package.update {
                    try $0.addItem(
                        productID: "sku_\(100 + item)", quantity: item % 3 + 1,
                        note: item.isMultiple(of: 4) ? note : "", stamp: stamp(item + 1))
                }
                if item % 3 == 2 {
                    try package.update { try $0.editItem(added.id, done: true, stamp: stamp(item + 1)) }
                }
            }
            if index == 0, hasConflictCopy {
                try Data("{}".utf8).write(
                    to: package.directory.appending(path: "manifest.sync-conflict-20261201-101500-ABCDEFG.json"))
            }
        }
        let now = environment.now
        // No catalog in a preview: items show their product ids, as a list read offline before any lookup does.
        let names = ProductNames(file: url.appending(path: "lists-products.json"), lookUp: nil)
        return ListsFeature(
            makeFolder: { ListsFolder(url: url, device: device, now: { now }) }, productNames: names,
            logger: Logger(label: "lists-preview", handler: CapturingLogHandler(logLevel: .critical)))
    }
}
