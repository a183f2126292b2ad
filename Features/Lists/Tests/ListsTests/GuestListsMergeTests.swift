import Foundation
import Lists
import TestSupport
import Testing

@Suite("guest lists at sign-in", .timeLimit(.minutes(1)))
struct GuestListsMergeTests {
    /// A guest folder with `Groceries` (2 items) and `Party` (1 item), and an account folder with `Groceries`
    /// (1 item of its own).
    private func folders(in root: URL) throws -> (guest: URL, account: URL) {
        let guest = root.appendingPathComponent("guest/lists", isDirectory: true)
        let account = root.appendingPathComponent("account/lists", isDirectory: true)
        let guestGroceries = try ListPackage.create(in: guest, name: "Groceries", title: "Groceries", stamp: stamp(1))
        try guestGroceries.update { document in
            try document.addItem(productID: "sku_1", quantity: 2, stamp: stamp(2))
            try document.addItem(productID: "sku_2", stamp: stamp(3))
        }
        let party = try ListPackage.create(in: guest, name: "Party", title: "Party", stamp: stamp(4))
        try party.update { try $0.addItem(productID: "sku_3", note: "cold", stamp: stamp(5)) }
        let accountGroceries = try ListPackage.create(
            in: account, name: "Groceries", title: "Weekly groceries", stamp: stamp(6, "device-b"))
        try accountGroceries.update { try $0.addItem(productID: "sku_9", stamp: stamp(7, "device-b")) }
        return (guest, account)
    }

    private func products(_ folder: URL, _ name: String) throws -> [String] {
        let package = ListPackage(directory: folder.appendingPathComponent("\(name).sflist", isDirectory: true))
        return try package.load().document.liveItems.map(\.productID).sorted()
    }

    @Test("a list the account lacks moves whole; one it has by name gains the guest's items; the guest keeps none")
    func handsEveryListOver() throws {
        try withTemporaryDirectory { root in
            let (guest, account) = try folders(in: root)
            let outcome = GuestListsMerge.run(from: guest, into: account)
            #expect(outcome.moved == ["Party"])
            #expect(outcome.merged == ["Weekly groceries"], "the account's title stays")
            #expect(outcome.failed.isEmpty)
            #expect(try products(account, "Groceries") == ["sku_1", "sku_2", "sku_9"])
            #expect(try products(account, "Party") == ["sku_3"])
            let party = ListPackage(directory: account.appendingPathComponent("Party.sflist", isDirectory: true))
            #expect(try party.load().document.liveItems.first?.note.value == "cold")
            #expect(try FileManager().contentsOfDirectory(atPath: guest.path).isEmpty)
        }
    }

    @Test("merging again, or after a run that stopped before removing the guest's copy, adds nothing twice")
    func idempotent() throws {
        try withTemporaryDirectory { root in
            let (guest, account) = try folders(in: root)
            // Keep a copy of the guest's Groceries to put back: a run that merged it and stopped before removing it.
            let saved = root.appendingPathComponent("saved.sflist", isDirectory: true)
            try FileManager().copyItem(at: guest.appendingPathComponent("Groceries.sflist"), to: saved)
            _ = GuestListsMerge.run(from: guest, into: account)
            let once = try ListPackage(directory: account.appendingPathComponent("Groceries.sflist")).load().document
            #expect(GuestListsMerge.run(from: guest, into: account).isEmpty, "a second run finds nothing to do")
            try FileManager().moveItem(at: saved, to: guest.appendingPathComponent("Groceries.sflist"))
            let again = GuestListsMerge.run(from: guest, into: account)
            #expect(again.merged == ["Weekly groceries"])
            let twice = try ListPackage(directory: account.appendingPathComponent("Groceries.sflist")).load().document
            #expect(twice == once, "the same items, ids and stamps: nothing duplicated")
            #expect(try products(account, "Groceries") == ["sku_1", "sku_2", "sku_9"])
        }
    }

    @Test("the same folder, or a guest without a folder, is left alone")
    func nothingToDo() throws {
        try withTemporaryDirectory { root in
            let (guest, _) = try folders(in: root)
            #expect(GuestListsMerge.run(from: guest, into: guest).isEmpty)
            #expect(try products(guest, "Party") == ["sku_3"])
            let missing = root.appendingPathComponent("nobody/lists", isDirectory: true)
            #expect(GuestListsMerge.run(from: missing, into: guest).isEmpty)
        }
    }
}
