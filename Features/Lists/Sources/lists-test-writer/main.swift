// A second process for the Lists tests (advisory locks exclude other processes, so concurrency between writers is
// only real across processes). Two modes:
//
//   lists-test-writer LIST_DIR COUNT DEVICE_ID [LOCK_TIMEOUT_SECONDS]
//     adds COUNT items to the list at LIST_DIR as device DEVICE_ID, one locked update per item, and prints
//     `saved <item id>` after each update returns; each update waits for the list's lock up to
//     LOCK_TIMEOUT_SECONDS (the app's own timeout when absent: a test that checks exclusion rather than waiting
//     gives a long one, since under ThreadSanitizer on a loaded machine the other writer's update can outlast it);
//   lists-test-writer session LIST_DIR DEVICE_ID
//     opens a content session on the list, prints `opened`, then for each line on standard input
//     (`quantity ITEM N`, `note ITEM TEXT`, `refresh`) edits through the session and prints
//     `saved conflicts=<number recorded so far>` (or `refreshed conflicts=…`); exits at the end of input.
import Foundation
import Lists

func fail(_ message: String, status: Int32) -> Never {
    FileHandle.standardError.write(Data("lists-test-writer: \(message)\n".utf8))
    exit(status)
}

let arguments = CommandLine.arguments
if arguments.count == 4, arguments[1] == "session", let device = DeviceID(arguments[3]) {
    let package = ListPackage(directory: URL(fileURLWithPath: arguments[2], isDirectory: true))
    do {
        let session = try ListSession(package: package, device: device, now: { Date() })
        FileHandle.standardOutput.write(Data("opened\n".utf8))
        while let line = readLine() {
            let words = line.split(separator: " ", maxSplits: 2).map(String.init)
            switch (words.first, words.count) {
            case ("refresh", 1):
                await session.peerChanged()
                let count = await session.state.conflicts.count
                FileHandle.standardOutput.write(Data("refreshed conflicts=\(count)\n".utf8))
                continue
            case ("quantity", 3), ("note", 3):
                guard let item = ItemID(words[1]) else { fail("bad item id \(words[1])", status: 2) }
                let field = words[0]
                let value = words[2]
                guard field == "note" || Int(value) != nil else { fail("bad quantity \(value)", status: 2) }
                try await session.edit { document, stamp in
                    if field == "note" {
                        try document.editItem(item, note: value, stamp: stamp)
                    } else {
                        try document.editItem(item, quantity: Int(value), stamp: stamp)
                    }
                }
            default:
                fail("unknown command \(line)", status: 2)
            }
            let count = await session.state.conflicts.count
            FileHandle.standardOutput.write(Data("saved conflicts=\(count)\n".utf8))
        }
    } catch {
        fail("\(error)", status: 1)
    }
    exit(0)
}
let usage = "usage: lists-test-writer LIST_DIR COUNT DEVICE_ID [LOCK_TIMEOUT_SECONDS] | session LIST_DIR DEVICE_ID"
guard (4...5).contains(arguments.count), let count = Int(arguments[2]), count >= 0,
    let device = DeviceID(arguments[3])
else { fail(usage, status: 2) }
let directory = URL(fileURLWithPath: arguments[1], isDirectory: true)
let package: ListPackage
if arguments.count == 5 {
    guard let timeout = TimeInterval(arguments[4]), timeout > 0 else { fail(usage, status: 2) }
    package = ListPackage(directory: directory, lockTimeout: timeout)
} else {
    package = ListPackage(directory: directory)
}
do {
    for index in 0..<count {
        let item = try package.update { document in
            try document.addItem(
                productID: "product-\(device)-\(index)", note: "from \(device)",
                stamp: ChangeStamp(date: Date(), device: device))
        }
        FileHandle.standardOutput.write(Data("saved \(item.id)\n".utf8))
    }
} catch {
    fail("\(error)", status: 1)
}
