import FeatureKit
import Foundation
import TestSupport
import Testing

extension IntegrationTests {
    /// Shopping lists through the `storefront` binary: the commands, conflict copies, and two processes changing one
    /// item at once.
    @Suite("lists through the binary")
    struct ListsCommandTests {
        /// The lists folder of a run with `--lists-dir` (a folder a sync tool could replicate).
        private static func folder(_ directory: TemporaryDirectory) -> String {
            directory.url.appending(path: "synced").path
        }

        /// Runs `storefront lists ARGUMENTS --lists-dir DIR`.
        private static func lists(
            _ process: StorefrontProcess, _ folder: String, _ arguments: String...
        ) async throws -> StorefrontProcess.Result {
            try await process.run(["lists"] + arguments + ["--lists-dir", folder])
        }

        /// A new list `title` in a new data directory's `--lists-dir` folder, with one item of `product`; returns the
        /// runner, the folder and the item's id.
        private static func listWithOneItem(
            _ title: String, product: String
        ) async throws -> (StorefrontProcess, String, String) {
            let process = try StorefrontProcess()
            let folder = Self.folder(process.dataDirectory)
            _ = try await lists(process, folder, "new", title)
            let added = try object(try await lists(process, folder, "add", title, product, "--json"))
            return (process, folder, try #require(added["id"] as? String))
        }

        /// The JSON object a run printed.
        private static func object(_ result: StorefrontProcess.Result) throws -> [String: Any] {
            try #require(try result.json() as? [String: Any], "\(result)")
        }

        @Test("sign-in: the guest's lists join the account's (a list of the same name merges), once, like the cart")
        func guestListsMergeAtSignIn() async throws {
            let process = try StorefrontProcess()
            // Signed out: the guest's own lists (a list of the same name on both sides is merged item by item:
            // GuestListsMergeTests in Features/Lists).
            #expect(try await process.run(["lists", "new", "Party"]).status == 0)
            #expect(try await process.run(["lists", "add", "Party", "sku_2"]).status == 0)
            #expect(try await process.run(["lists", "new", "Groceries"]).status == 0)
            #expect(try await process.run(["lists", "add", "Groceries", "sku_3"]).status == 0)
            let login = try await process.run(["login", "grace"])
            #expect(login.status == 0, "\(login)")
            #expect(login.standardOutput.contains("Your lists from before signing in were added"), "\(login)")
            func counts() async throws -> [String: Int] {
                let listed = try Self.object(try await process.run(["lists", "--json"]))
                let lists = try #require(listed["lists"] as? [[String: Any]], "\(listed)")
                return Dictionary(
                    uniqueKeysWithValues: lists.compactMap { list in
                        (list["name"] as? String).map { ($0, list["item_count"] as? Int ?? -1) }
                    })
            }
            #expect(try await counts() == ["Party": 1, "Groceries": 1])
            // The guest keeps none: signed out again (the account's lists go with it), there are no lists at all.
            #expect(try await process.run(["logout", "--force"]).status == 0)
            #expect(try await counts() == [:])
        }

        @Test("add with the catalog not listening: warned in the offline sentence and code, never a URLError number")
        func addWithTheCatalogUnreachableWarnsInWords() async throws {
            let process = try StorefrontProcess()
            let folder = Self.folder(process.dataDirectory)
            _ = try await Self.lists(process, folder, "new", "Groceries")
            let added = try await process.run(
                ["lists", "add", "Groceries", "sku_3", "--lists-dir", folder, "--api-url", "http://127.0.0.1:9"])
            #expect(added.status == 0, "\(added)")
            #expect(added.standardError.contains("sku_3 could not be checked (You're offline. (offline)"), "\(added)")
            #expect(!added.standardError.contains("URLError"), "\(added)")
        }

        @Test("sign-out: lists in the account's folder make it ask first and go; a chosen folder stays and is named")
        func signOutDeletesOnlyTheAccountFolder() async throws {
            let process = try StorefrontProcess()
            #expect(try await process.run(["login", "ada"]).status == 0)
            let chosen = Self.folder(process.dataDirectory)
            #expect(try await process.run(["lists", "--lists-dir", chosen, "--remember-lists-dir"]).status == 0)
            _ = try await Self.lists(process, chosen, "new", "Shared")

            let kept = try await process.run(["logout"])
            #expect(kept.status == 0, "lists in a chosen folder lose nothing: \(kept)")
            #expect(kept.standardOutput.contains("Your lists in \(chosen) stay"), "\(kept)")
            #expect(FileManager.default.fileExists(atPath: chosen + "/Shared.sflist"))

            let other = try StorefrontProcess()
            #expect(try await other.run(["login", "grace"]).status == 0)
            #expect(try await other.run(["lists", "new", "Mine"]).status == 0)
            let asked = try await other.run(["logout"])
            #expect(asked.status == 1, "\(asked)")
            #expect(asked.standardError.contains("1 shopping list"), "\(asked)")
            let gone = try await other.run(["logout", "--force"])
            #expect(gone.status == 0, "\(gone)")
            #expect(!gone.standardOutput.contains("stay"), "\(gone)")
            let listed = StorefrontProcess.files(under: other.dataDirectory.url)
            #expect(!listed.contains { $0.contains(".sflist") }, "\(listed)")
        }

        @Test("new, add twice, edit, remove, show --json: the shape the issue gives; bad input exits 64")
        func commandsAndShowShape() async throws {
            let process = try StorefrontProcess()
            let folder = Self.folder(process.dataDirectory)
            let created = try await Self.lists(process, folder, "new", "Weekly shop", "--json")
            #expect(created.status == 0, "\(created)")
            #expect(try Self.object(created)["name"] as? String == "Weekly shop")
            let first = try await Self.lists(
                process, folder, "add", "Weekly shop", "sku_1", "--quantity", "2", "--json")
            let itemID = try #require(try Self.object(first)["id"] as? String, "\(first)")
            _ = try await Self.lists(process, folder, "add", "weekly SHOP", "sku_1", "--note", "the green ones")
            let edited = try await Self.lists(process, folder, "edit", "Weekly shop", "2", "--done", "--quantity", "3")
            #expect(edited.status == 0, "\(edited)")
            let shown = try await Self.lists(process, folder, "show", "Weekly shop", "--json")
            let document = try Self.object(shown)
            #expect(Set(document.keys) == ["title", "items"])
            #expect(document["title"] as? String == "Weekly shop")
            let items = try #require(document["items"] as? [[String: Any]])
            #expect(items.count == 2, "a product may be on a list twice")
            #expect(items.allSatisfy { Set($0.keys) == ["id", "product_id", "quantity", "note", "done", "product"] })
            #expect(items[0]["id"] as? String == itemID)
            #expect(items[0]["quantity"] as? Int == 2)
            #expect(items[1]["note"] as? String == "the green ones")
            #expect(items[1]["quantity"] as? Int == 3 && items[1]["done"] as? Bool == true)
            let removed = try await Self.lists(process, folder, "remove", "Weekly shop", String(itemID.prefix(8)))
            #expect(removed.status == 0, "\(removed)")
            let listed = try Self.object(try await Self.lists(process, folder, "--json"))
            let summary = try #require((listed["lists"] as? [[String: Any]])?.first)
            #expect(summary["item_count"] as? Int == 1)
            #expect(listed["folder_is_default"] as? Bool == false)

            let badQuantity = try await Self.lists(process, folder, "add", "Weekly shop", "sku_2", "--quantity", "0")
            #expect(badQuantity.status == 64, "\(badQuantity)")
            let missing = try await Self.lists(process, folder, "show", "Nope", "--json")
            #expect(missing.status == 1)
            let error = try #require(try Self.object(missing)["error"] as? [String: Any])
            #expect(error["code"] as? String == "not_found")
        }

        @Test("two processes change one item's quantity and note at once: both changes survive")
        func quantityAndNoteFromTwoProcesses() async throws {
            let (process, folder, _) = try await Self.listWithOneItem("Shared", product: "sku_7")
            async let quantity = Self.lists(process, folder, "edit", "Shared", "1", "--quantity", "6")
            async let note = Self.lists(process, folder, "edit", "Shared", "1", "--note", "for Sunday")
            let results = try await [quantity, note]
            #expect(results.allSatisfy { $0.status == 0 }, "\(results)")
            let shown = try Self.object(try await Self.lists(process, folder, "show", "Shared", "--json"))
            let item = try #require((shown["items"] as? [[String: Any]])?.first)
            #expect(item["quantity"] as? Int == 6)
            #expect(item["note"] as? String == "for Sunday")
        }

        @Test("conflict copies of an item and of the manifest are listed; no choice deletes nothing; --merge resolves")
        func conflictCopiesListedAndMerged() async throws {
            let (process, folder, id) = try await Self.listWithOneItem("Party", product: "sku_3")
            let directory = URL(fileURLWithPath: folder).appending(path: "Party.sflist")
            try ListsFixtures.dropConflictCopies(in: directory, item: id)

            let listed = try await Self.lists(process, folder, "conflicts", "--json")
            let lists = try #require(try Self.object(listed)["lists"] as? [[String: Any]], "\(listed)")
            let copies = try #require(lists.first?["copies"] as? [[String: Any]])
            #expect(Set(copies.compactMap { $0["original"] as? String }) == ["manifest.json", "items/\(id).json"])

            let unchosen = try await Self.lists(process, folder, "resolve", "Party")
            #expect(unchosen.status == 64, "\(unchosen)")
            #expect(unchosen.standardError.contains("nothing was deleted"))
            #expect(ListsFixtures.copyNames(in: directory).count == 2)

            let merged = try await Self.lists(process, folder, "resolve", "Party", "--merge", "--json")
            #expect(merged.status == 0, "\(merged)")
            #expect(ListsFixtures.copyNames(in: directory).isEmpty)
            let shown = try Self.object(try await Self.lists(process, folder, "show", "Party", "--json"))
            #expect(shown["title"] as? String == "Party at Ann's")
            #expect((shown["items"] as? [[String: Any]])?.first?["note"] as? String == "from the laptop")
        }
    }
}

/// Files a sync tool leaves in a list directory.
enum ListsFixtures {
    /// A Syncthing copy of item `item` whose note was changed later on another device, and a Dropbox-style copy of
    /// the manifest whose title was changed later.
    static func dropConflictCopies(in directory: URL, item: String) throws {
        let itemURL = directory.appending(path: "items/\(item).json")
        var itemJSON = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: itemURL)) as? [String: Any])
        let later: [String: Any] = ["at_ms": 4_102_444_800_000, "device": "laptop"]
        itemJSON["note"] = ["value": "from the laptop", "changed": later]
        try JSONSerialization.data(withJSONObject: itemJSON).write(
            to: directory.appending(path: "items/\(item).sync-conflict-20261201-101500-LAPTOP1.json"))
        let manifestURL = directory.appending(path: "manifest.json")
        var manifest = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: manifestURL)) as? [String: Any])
        manifest["title"] = ["value": "Party at Ann's", "changed": later]
        try JSONSerialization.data(withJSONObject: manifest).write(
            to: directory.appending(path: "manifest (Ann's conflicted copy 2026-12-01).json"))
    }

    /// The conflict copies' names in a list directory and its items folder.
    static func copyNames(in directory: URL) -> [String] {
        StorefrontProcess.files(under: directory).filter {
            $0.contains("sync-conflict") || $0.contains("conflicted copy")
        }
    }
}

extension IntegrationTests.InteractiveTests {
    @Test("the Lists tab shows conflict copies dropped into the folder as the watcher sees them; m merges them")
    func listsTabSeesConflictCopies() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        let data = directory.url.appending(path: "app")
        let setUp = ["--data-dir", data.path, "lists"]
        #expect(try await StorefrontProcess.run(setUp + ["new", "Party"]).status == 0)
        let added = try await StorefrontProcess.run(setUp + ["add", "Party", "sku_3", "--json"])
        let id = try #require((try added.json() as? [String: Any])?["id"] as? String, "\(added)")
        let list = data.appending(path: "data/accounts/guest/lists/Party.sflist")
        try await Self.withApp(["open", "storefront://lists"], in: directory) { app in
            try await app.waitForScreen("the list on the Lists tab") {
                $0.contains("[Lists]") && $0.contains("Party") && $0.contains("1 item")
            }
            try ListsFixtures.dropConflictCopies(in: list, item: id)
            try await app.waitForScreen("the copies, seen by the watcher") { $0.contains("2 conflict copies") }
            try await app.press("c")
            try await app.waitForScreen("the conflicts screen") { $0.contains("Conflict copies") }
            #expect(ListsFixtures.copyNames(in: list).count == 2, "showing them deletes nothing")
            try await app.press("m")
            try await app.waitForScreen("the merge's result") { $0.contains("2 conflict copies resolved (merge)") }
            try await app.press("q")
            try await app.waitForExit()
        }
        #expect(ListsFixtures.copyNames(in: list).isEmpty)
    }

    @Test("the Lists tab creates a list, retitles it and deletes it after asking, with no other terminal")
    func listsTabManagesLists() async throws {
        try #require(TmuxSession.isAvailable, "tmux is needed (make test installs it)")
        let directory = try TemporaryDirectory()
        let lists = directory.url.appending(path: "app/data/accounts/guest/lists")
        try await Self.withApp(["open", "storefront://lists"], in: directory) { app in
            try await app.waitForScreen("the empty Lists tab") { $0.contains("Press n to create one here.") }
            try await app.press("n")
            try await app.waitForScreen("the title field") { $0.contains("New list") }
            try await app.type("Picnic")
            try await app.press("Enter")
            try await app.waitForScreen("the new list") { $0.contains("Picnic") && $0.contains("0 items") }
            try await app.press("r")
            try await app.waitForScreen("the rename field") { $0.contains("New title for Picnic") }
            try await app.press("BSpace", "BSpace", "BSpace", "BSpace", "BSpace", "BSpace")
            try await app.type("Beach day")
            try await app.press("Enter")
            try await app.waitForScreen("the retitled list, folder named") { $0.contains("Beach day [Picnic]") }
            try await app.press("d")
            try await app.waitForScreen("the question") { $0.contains("Delete Picnic?") }
            try await app.press("y")
            try await app.waitForScreen("the list gone") { $0.contains("Press n to create one here.") }
            try await app.press("q")
            try await app.waitForExit()
        }
        #expect(!FileManager.default.fileExists(atPath: lists.appending(path: "Picnic.sflist").path))
    }
}
