import Foundation
import Lists
import TestSupport
import Testing

@Suite struct ListCrashTests {
    /// A writer killed with SIGKILL in the middle of its writes, 20 times over one list: the list always opens,
    /// every file parses, and every item the writer reported saved is there.
    @Test func aWriterKilledMidWriteLosesNothingItReportedSaved() async throws {
        try await withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "Crash", title: "Crash", stamp: stamp(1))
            var saved: Set<String> = []
            for round in 0..<20 {
                let writer = try WriterProcess([package.directory.path, "100000", "killed-\(round)"])
                // Kill after a varying number of saves, so the kill lands in different phases of an update.
                let lines = await writer.readLines(1 + (round * 7) % 13, within: 60)
                writer.kill()
                #expect(await writer.exit(within: 10) == SIGKILL)
                let ids = lines.compactMap { $0.hasPrefix("saved ") ? String($0.dropFirst("saved ".count)) : nil }
                #expect(ids.count == lines.count, "the writer failed: \(lines.suffix(2))")
                saved.formUnion(ids)
                let loaded = try package.load()
                #expect(loaded.problems.isEmpty, "round \(round): \(loaded.problems)")
                let present = Set(loaded.document.items.keys.map(\.rawValue))
                #expect(saved.isSubset(of: present), "round \(round): lost \(saved.subtracting(present).sorted())")
            }
            // A later writer still gets the lock (the kernel dropped each killed writer's lock) and clears what the
            // killed writers left half written.
            try package.update { try $0.addItem(productID: "after", stamp: stamp(2)) }
            let files = try allFiles(in: package.directory)
            #expect(!files.contains { $0.hasSuffix(".tmp") }, "\(files.filter { $0.hasSuffix(".tmp") })")
        }
    }
}

@Suite struct TemporaryFileTests {
    @Test func onlyThisLibrarysTemporaryFilesAreCleanedUpByTheNextWriter() throws {
        try withTemporaryDirectory { folder in
            let package = try ListPackage.create(in: folder, name: "L", title: "L", stamp: stamp(1))
            let stale = ["items/.0f.json.tmp-a1B2c3", ".manifest.json.tmp-000000"]
            let foreign = [
                ".syncthing.manifest.json.tmp", "items/.notes.tmp", ".manifest.json.tmp-x1",
                "items/.0f.json.tmp-a1-2c3",
            ]
            for name in stale + foreign { try put("partial", at: name, in: package.directory) }
            try package.update { try $0.addItem(productID: "p", stamp: stamp(2)) }
            let files = Set(try allFiles(in: package.directory))
            #expect(files.isDisjoint(with: stale), "a dead writer's temporary files are removed")
            #expect(files.isSuperset(of: foreign), "other tools' files are left alone")
        }
    }
}
