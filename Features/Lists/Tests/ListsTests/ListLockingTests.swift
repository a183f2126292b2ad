import Foundation
import TestSupport
import Testing

@testable import Lists

@Suite struct ListLockingTests {
    @Test func twoWriterProcessesAdding200ItemsEachLeave400ItemsThatAllParse() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Shared", title: "Shared", stamp: stamp(1))
            // Each writer waits up to 120 s for the lock: this test is about exclusion, and on a loaded machine under
            // ThreadSanitizer one update of a growing list can hold the lock past the app's 10 s.
            let writers = try ["writer-a", "writer-b"].map {
                try WriterProcess([package.directory.path, "200", $0, "120"])
            }
            for writer in writers {
                let lines = await writer.readLines(within: 240)
                #expect(lines.count == 200 && lines.allSatisfy { $0.hasPrefix("saved ") }, "\(lines.suffix(3))")
                #expect(await writer.exit(within: 10) == 0)
            }
            let loaded = try package.load()
            #expect(loaded.problems.isEmpty, "\(loaded.problems)")
            #expect(loaded.document.liveItems.count == 400)
            for name in ["writer-a", "writer-b"] {
                let products = Set(
                    loaded.document.items.values.filter { $0.note.value == "from \(name)" }.map(\.productID))
                #expect(products == Set((0..<200).map { "product-\(name)-\($0)" }))
            }
            let files = try allFiles(in: package.directory)
            #expect(files.filter { $0.hasPrefix("items/") && $0.hasSuffix(".json") }.count == 400)
            #expect(!files.contains { $0.contains("/.") || $0.hasPrefix(".") }, "no temporary file is left")
        }
    }

    @Test func aReaderWaitsForAWriterAndGivesUpAfterItsTimeout() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let impatient = ListPackage(directory: package.directory, lockTimeout: 0.05)
            try package.update { document in
                // flock locks belong to the open file description, so a second open in this process conflicts too.
                #expect(throws: ListError.lockTimeout(path: package.directory.path, seconds: 0.05)) {
                    try impatient.load()
                }
                #expect(throws: ListError.lockTimeout(path: package.directory.path, seconds: 0.05)) {
                    try impatient.update { try $0.addItem(productID: "blocked", stamp: stamp(2)) }
                }
                try document.addItem(productID: "holder", stamp: stamp(3))
            }
            #expect(try impatient.load().document.liveItems.map(\.productID) == ["holder"])
        }
    }

    @Test func readersShareTheLockAndExcludeWriters() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let impatient = ListPackage(directory: package.directory, lockTimeout: 0.05)
            let reader = try ListFiles.lock(package.directory, .shared, timeout: 1)
            #expect(try impatient.load().document.manifest.title.value == "L", "a second reader gets in")
            #expect(throws: ListError.lockTimeout(path: package.directory.path, seconds: 0.05)) {
                try impatient.update { try $0.addItem(productID: "blocked", stamp: stamp(2)) }
            }
            reader.unlock()
            try impatient.update { try $0.addItem(productID: "after", stamp: stamp(3)) }
            #expect(try package.load().document.liveItems.map(\.productID) == ["after"])
        }
    }
}
