import Foundation
import Lists
import Synchronization
import TestSupport
import Testing

@Suite struct ListFormatTests {
    @Test func aNewListRoundTripsWithStableRelativeFileNames() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Groceries", title: "Groceries", stamp: stamp(1000))
            #expect(package.directory.lastPathComponent == "Groceries.sflist")
            let added = try package.update { document in
                try document.addItem(productID: "p-1", quantity: 2, note: "ripe", stamp: stamp(2000))
            }
            try package.update { document in
                try document.addItem(productID: "p-1", note: "green", stamp: stamp(3000))
            }
            let loaded = try package.load()
            #expect(loaded.problems.isEmpty)
            #expect(loaded.document.liveItems.map(\.note.value) == ["ripe", "green"])
            #expect(loaded.document.items[added.id] == added)
            #expect(loaded.document.manifest.title.value == "Groceries")
            #expect(loaded.document.manifest.createdAtMilliseconds == 1000)
            #expect(loaded.document.manifest.updatedAtMilliseconds == 1000, "item changes leave the manifest alone")
            #expect(loaded.document.modifiedAtMilliseconds == 3000)
            let files = try allFiles(in: package.directory)
            #expect(files.contains("manifest.json"))
            #expect(files.contains("items/\(added.id).json"))
            #expect(!files.contains { $0.hasPrefix(".") || $0.contains("/.") }, "no temporary file is left: \(files)")
            let itemText = try String(contentsOf: package.itemURL(added.id), encoding: .utf8)
            #expect(!itemText.contains(folder.path), "files never hold absolute paths")
            let json = try #require(JSONSerialization.jsonObject(with: Data(itemText.utf8)) as? [String: Any])
            #expect(
                Set(json.keys)
                    == ["format_version", "id", "product_id", "added_at_ms", "quantity", "note", "done", "deleted"])
            let quantity = try #require(json["quantity"] as? [String: Any])
            let changed = try #require(quantity["changed"] as? [String: Any])
            #expect(changed["at_ms"] as? Int == 2000)
            #expect(changed["device"] as? String == "device-a")
        }
    }

    @Test func aBadItemFileIsReportedAndTheRestOfTheListStillLoads() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let kept = try package.update { try $0.addItem(productID: "p", stamp: stamp(2)) }
            let good = try Data(contentsOf: package.itemURL(kept.id))
            let cases: [(String, String)] = [
                ("garbage", "not json at all"),
                ("torn", String(decoding: good.prefix(good.count / 2), as: UTF8.self)),
                ("empty", ""),
                ("missing key", #"{"format_version": 1}"#),
                (
                    "quantity zero",
                    String(decoding: good, as: UTF8.self).replacingOccurrences(
                        of: #""value" : 1"#, with: #""value" : 0"#)
                ),
                (
                    "future version",
                    String(decoding: good, as: UTF8.self).replacingOccurrences(
                        of: #""format_version" : 1"#, with: #""format_version" : 2"#)
                ),
            ]
            var names: [String] = []
            for (_, text) in cases {
                let id = ItemID()
                names.append("items/\(id).json")
                try put(text, at: "items/\(id).json", in: package.directory)
            }
            let loaded = try package.load()
            #expect(loaded.document.liveItems.map(\.id) == [kept.id], "the good item is never dropped")
            #expect(loaded.problems.map(\.path) == names.sorted())
            for problem in loaded.problems { #expect(!problem.reason.isEmpty) }
            let reasons = loaded.problems.map(\.reason).joined(separator: "\n")
            #expect(reasons.contains("missing key \"id\""))
            #expect(reasons.contains("outside 1...9999"))
            #expect(reasons.contains("format_version"))
            // A write leaves the unreadable files as they are.
            try package.update { try $0.addItem(productID: "q", stamp: stamp(3)) }
            #expect(try package.load().problems.map(\.path) == names.sorted())
        }
    }

    @Test func anItemFileUnderTheWrongNameIsReported() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let item = try package.update { try $0.addItem(productID: "p", stamp: stamp(2)) }
            let other = ItemID()
            try FileManager().moveItem(at: package.itemURL(item.id), to: package.itemURL(other))
            let loaded = try package.load()
            #expect(loaded.document.items.isEmpty)
            #expect(loaded.problems.map(\.path) == ["items/\(other).json"])
            #expect(loaded.problems.first?.reason.contains("holds item \(item.id)") == true)
        }
    }

    @Test func aBadOrMissingManifestIsAnErrorNamingTheFile() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            try put(#"{"format_version": 1, "title": 3}"#, at: "manifest.json", in: package.directory)
            #expect {
                try package.load()
            } throws: { error in
                guard case ListError.malformedFile(let path, let reason) = error else { return false }
                return path == "manifest.json" && reason.contains("title")
            }
            try FileManager().removeItem(at: package.manifestURL)
            #expect(throws: ListError.missingManifest(listDirectory: package.directory.path)) { try package.load() }
        }
    }

    @Test func namesTitlesAndValuesAreChecked() throws {
        try withTemporaryDirectory { folder in
            for name in ["", ".hidden", "a/b", String(repeating: "x", count: 201)] {
                #expect(throws: ListError.invalidName(name)) {
                    try ListPackage.create(in: folder, name: name, title: "T", stamp: stamp(1))
                }
            }
            #expect(throws: ListError.self) {
                try ListPackage.create(in: folder, name: "T", title: " ", stamp: stamp(1))
            }
            let package = try ListPackage.create(in: folder, name: "T", title: "T", stamp: stamp(1))
            #expect(throws: ListError.alreadyExists(path: package.directory.path)) {
                try ListPackage.create(in: folder, name: "T", title: "T", stamp: stamp(1))
            }
            #expect(throws: ListError.self) {
                try package.update { try $0.addItem(productID: "p", quantity: 0, stamp: stamp(2)) }
            }
            #expect(throws: ListError.self) { try package.update { try $0.addItem(productID: "", stamp: stamp(2)) } }
            #expect(try package.load().document.items.isEmpty, "a rejected change writes nothing")
        }
    }

    @Test func ofConcurrentCreatorsOfOneListExactlyOneWins() throws {
        try withTemporaryDirectory { folder in
            let outcomes = Mutex<[Bool]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { index in
                let created: Bool
                do {
                    _ = try ListPackage.create(in: folder, name: "Same", title: "By \(index)", stamp: stamp(1))
                    created = true
                } catch {
                    created = false
                    #expect(
                        error as? ListError == .alreadyExists(path: folder.appendingPathComponent("Same.sflist").path))
                }
                outcomes.withLock { $0.append(created) }
            }
            #expect(outcomes.withLock { $0 }.filter { $0 }.count == 1)
            let names = try FileManager().contentsOfDirectory(atPath: folder.path)
            #expect(names == ["Same.sflist"], "no staging directory is left")
            #expect(try ListPackage(directory: folder.appendingPathComponent("Same.sflist")).load().problems.isEmpty)
        }
    }

    @Test func deletionsStayAsTombstonesUntilTheyExpire() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let day: Int64 = 24 * 60 * 60 * 1000
            let old = try package.update { try $0.addItem(productID: "old", stamp: stamp(1)) }
            let recent = try package.update { try $0.addItem(productID: "recent", stamp: stamp(1)) }
            let live = try package.update { try $0.addItem(productID: "live", stamp: stamp(1)) }
            try package.update { try $0.removeItem(old.id, stamp: stamp(day)) }
            try package.update { try $0.removeItem(recent.id, stamp: stamp(20 * day)) }
            let loaded = try package.load().document
            #expect(loaded.liveItems.map(\.id) == [live.id])
            #expect(loaded.items[old.id]?.deleted.value == true, "a deletion is kept as a tombstone")
            #expect(throws: ListError.noSuchItem(old.id)) {
                try package.update { try $0.removeItem(old.id, stamp: stamp(2)) }
            }
            let now = 35 * day
            #expect(try package.purgeTombstones(nowMilliseconds: now) == [old.id])
            let after = try package.load().document
            #expect(Set(after.items.keys) == [recent.id, live.id])
            #expect(!FileManager().fileExists(atPath: package.itemURL(old.id).path))
        }
    }

    @Test func editsStampOnlyTheFieldsTheyChange() throws {
        var document = ListDocument(
            manifest: ListManifest(
                title: Stamped("T", changed: stamp(1)), createdAtMilliseconds: 1, updatedAtMilliseconds: 1))
        let item = try document.addItem(productID: "p", stamp: stamp(10))
        try document.editItem(item.id, quantity: 3, note: "", done: true, stamp: stamp(20, "device-b"))
        let edited = try #require(document.items[item.id])
        #expect(edited.quantity == Stamped(3, changed: stamp(20, "device-b")))
        #expect(edited.note == Stamped("", changed: stamp(10)), "an unchanged value keeps its stamp")
        #expect(edited.done == Stamped(true, changed: stamp(20, "device-b")))
        #expect(document.manifest.updatedAtMilliseconds == 1)
        #expect(document.modifiedAtMilliseconds == 20)
    }

    @Test func theDeviceIdIsCreatedOnceAndThenStable() throws {
        try withTemporaryDirectory { folder in
            let file = DeviceIdentityFile(url: folder.appendingPathComponent("state/storefront/device-id"))
            let first = try file.loadOrCreate()
            #expect(try file.loadOrCreate() == first)
            #expect(try DeviceIdentityFile(url: file.url).loadOrCreate() == first)
            try put("not a device id!\n", at: "state/storefront/device-id", in: folder)
            #expect(throws: ListError.self) { try file.loadOrCreate() }
        }
    }

    @Test func concurrentFirstUsesAgreeOnOneDeviceId() throws {
        try withTemporaryDirectory { folder in
            let file = DeviceIdentityFile(url: folder.appendingPathComponent("device-id"))
            let results = Mutex<[Result<DeviceID, ListError>]>([])
            DispatchQueue.concurrentPerform(iterations: 8) { _ in
                let result = Result { try file.loadOrCreate() }.mapError {
                    $0 as? ListError ?? .io(path: file.url.path, operation: "load", reason: "\($0)")
                }
                results.withLock { $0.append(result) }
            }
            let ids = try results.withLock { $0 }.map { try $0.get() }
            #expect(ids.count == 8)
            #expect(Set(ids).count == 1, "every caller sees the id that won: \(Set(ids))")
            #expect(!(try allFiles(in: folder)).contains { $0.hasSuffix(".tmp") })
        }
    }

    @Test func deviceAndItemIdsAreValidated() throws {
        #expect(DeviceID("") == nil)
        #expect(DeviceID("a b") == nil)
        #expect(DeviceID(String(repeating: "a", count: 65)) == nil)
        #expect(DeviceID("ABC-123") != nil)
        #expect(ItemID("not-a-uuid") == nil)
        #expect(ItemID(UUID().uuidString) == nil, "upper case is not the stored form")
        #expect(ItemID(UUID().uuidString.lowercased()) != nil)
    }
}
