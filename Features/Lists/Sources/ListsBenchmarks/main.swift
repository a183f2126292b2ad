import Foundation
import Lists

#if canImport(Glibc)
    import Glibc
#endif

// Measures, in one run over one temporary folder of 1,000 lists (5 items each):
//   - listing the metadata (`ListCatalog.refresh`: title, live items, latest change, conflict copies), cold and
//     warm, against `find DIR -type f` over the same folder (the cost of merely walking the files), as a ratio;
//   - opening one list (`ListSession`), of 5 and of 1,000 items;
//   - 100 item changes on the 1,000-item list: a session's write (reads only the files changed since its last read)
//     against `ListPackage.update` (reads every item file each time), as a ratio;
//   - with `--kill-rounds N`: N rounds of a writer process killed with SIGKILL after a varying number of saves; every
//     list must open and every item reported saved must be there.
//
// Usage: swift run -c release --package-path Features/Lists ListsBenchmarks [--lists N] [--kill-rounds N] [--json]
// (`writer LIST_DIR DEVICE` is the mode the kill rounds start as the child process.)

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("ListsBenchmarks: \(message)\n".utf8))
    exit(1)
}

let arguments = Array(CommandLine.arguments.dropFirst())
if arguments.first == "writer" {
    guard arguments.count == 3, let device = DeviceID(arguments[2]) else { fail("usage: writer LIST_DIR DEVICE") }
    let package = ListPackage(directory: URL(fileURLWithPath: arguments[1], isDirectory: true))
    do {
        for index in 0... {
            let item = try package.update {
                try $0.addItem(productID: "p-\(index)", stamp: ChangeStamp(date: Date(), device: device))
            }
            FileHandle.standardOutput.write(Data("saved \(item.id)\n".utf8))
        }
    } catch {
        fail("writer: \(error)")
    }
}

func option(_ name: String, default value: Int) -> Int {
    guard let index = arguments.firstIndex(of: name) else { return value }
    guard index + 1 < arguments.count, let number = Int(arguments[index + 1]), number >= 0 else {
        fail("\(name) needs a whole number")
    }
    return number
}
let listCount = option("--lists", default: 1000)
let killRounds = option("--kill-rounds", default: 0)
let json = arguments.contains("--json")
let isTerminal = isatty(STDERR_FILENO) == 1

/// Progress on standard error: one rewritten line on a terminal, plain lines otherwise.
func progress(_ text: String, final: Bool = false) {
    if isTerminal {
        FileHandle.standardError.write(Data("\r\u{1B}[2K\(text)\(final ? "\n" : "")".utf8))
    } else if final {
        FileHandle.standardError.write(Data("\(text)\n".utf8))
    }
}

func milliseconds(_ duration: Duration) -> Double {
    let (seconds, attoseconds) = duration.components
    return Double(seconds) * 1000 + Double(attoseconds) / 1e15
}

/// The fastest of `rounds` runs of `body`, in milliseconds.
func fastest(rounds: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var best = Double.infinity
    for _ in 0..<rounds { best = min(best, milliseconds(try clock.measure(body))) }
    return best
}

guard let device = DeviceID("bench-device") else { fail("bad device id") }
let root = FileManager().temporaryDirectory.appendingPathComponent("lists-bench-\(getpid())", isDirectory: true)
defer { try? FileManager().removeItem(at: root) }
let folder = root.appendingPathComponent("lists", isDirectory: true)
var results: [String: Double] = [:]
do {
    for index in 0..<listCount {
        if index % 50 == 0 { progress("creating lists: \(index)/\(listCount)") }
        let package = try ListPackage.create(
            in: folder, name: "List \(index)", title: "List \(index)", stamp: ChangeStamp(date: Date(), device: device))
        try package.update { document in
            for item in 0..<5 {
                try document.addItem(productID: "p-\(item)", stamp: ChangeStamp(date: Date(), device: device))
            }
        }
    }
    progress("created \(listCount) lists of 5 items", final: true)

    // Listing: cold (a new catalog parses each item file once) and warm (only stats), vs find(1).
    let findMilliseconds = try fastest(rounds: 5) {
        let find = Process()
        find.executableURL = URL(fileURLWithPath: "/usr/bin/find")
        find.arguments = [folder.path, "-type", "f"]
        let output = Pipe()
        find.standardOutput = output
        try find.run()
        _ = output.fileHandleForReading.readDataToEndOfFile()
        find.waitUntilExit()
    }
    var catalog = ListCatalog(folder: folder)
    let clock = ContinuousClock()
    var coldBest = Double.infinity
    for _ in 0..<3 {
        catalog = ListCatalog(folder: folder)
        let captured = catalog
        let started = clock.now
        let count = await captured.refresh().count
        coldBest = min(coldBest, milliseconds(clock.now - started))
        guard count == listCount else { fail("listed \(count) lists, not \(listCount)") }
    }
    var warmBest = Double.infinity
    for _ in 0..<5 {
        let started = clock.now
        _ = await catalog.refresh()
        warmBest = min(warmBest, milliseconds(clock.now - started))
    }
    results["find_ms"] = findMilliseconds
    results["list_cold_ms"] = coldBest
    results["list_warm_ms"] = warmBest
    progress("listing measured", final: true)

    // Opening one list.
    let small = ListPackage(directory: folder.appendingPathComponent("List 0.sflist"))
    results["open_5_items_ms"] = try fastest(rounds: 20) {
        _ = try ListSession(package: small, device: device, now: { Date() })
    }
    let big = try ListPackage.create(
        in: root, name: "Big", title: "Big", stamp: ChangeStamp(date: Date(), device: device))
    try big.update { document in
        for item in 0..<1000 {
            try document.addItem(productID: "p-\(item)", stamp: ChangeStamp(date: Date(), device: device))
        }
    }
    results["open_1000_items_ms"] = try fastest(rounds: 5) {
        _ = try ListSession(package: big, device: device, now: { Date() })
    }
    progress("opening measured", final: true)

    // 100 item changes on the 1,000-item list: full reread per write vs the session's incremental read.
    let ids = try big.load().document.liveItems.prefix(100).map(\.id)
    let fullStarted = clock.now
    for (index, id) in ids.enumerated() {
        try big.update {
            try $0.editItem(id, quantity: 2 + index % 5, stamp: ChangeStamp(date: Date(), device: device))
        }
    }
    results["writes_100_full_reread_ms"] = milliseconds(clock.now - fullStarted)
    let session = try ListSession(package: big, device: device, now: { Date() })
    let sessionStarted = clock.now
    for (index, id) in ids.enumerated() {
        try await session.edit { document, stamp in try document.editItem(id, quantity: 3 + index % 5, stamp: stamp) }
    }
    results["writes_100_session_ms"] = milliseconds(clock.now - sessionStarted)
    progress("writes measured", final: true)

    // SIGKILL rounds.
    if killRounds > 0 {
        let victim = try ListPackage.create(
            in: root, name: "Killed", title: "Killed", stamp: ChangeStamp(date: Date(), device: device))
        var saved = Set<ItemID>()
        for round in 1...killRounds {
            progress("SIGKILL round \(round)/\(killRounds)", final: !isTerminal && round % 10 == 0)
            let writer = Process()
            writer.executableURL = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            writer.arguments = ["writer", victim.directory.path, "bench-writer"]
            let output = Pipe()
            writer.standardOutput = output
            try writer.run()
            let wanted = 1 + round % 17
            var buffer = Data()
            var reported = 0
            while reported < wanted {
                let chunk = output.fileHandleForReading.availableData
                if chunk.isEmpty { break }
                buffer += chunk
                while let newline = buffer.firstIndex(of: UInt8(ascii: "\n")) {
                    let line = String(decoding: buffer[..<newline], as: UTF8.self)
                    buffer = Data(buffer[buffer.index(after: newline)...])
                    if line.hasPrefix("saved "), let id = ItemID(String(line.dropFirst(6))) {
                        saved.insert(id)
                        reported += 1
                    }
                }
            }
            kill(writer.processIdentifier, SIGKILL)
            writer.waitUntilExit()
            let loaded = try victim.load()
            guard loaded.problems.isEmpty else { fail("round \(round): unreadable files \(loaded.problems)") }
            let missing = saved.subtracting(loaded.document.items.keys)
            guard missing.isEmpty else { fail("round \(round): \(missing.count) items reported saved are gone") }
        }
        results["kill_rounds"] = Double(killRounds)
        results["kill_items_saved"] = Double(saved.count)
        progress("\(killRounds) SIGKILL rounds: every list opened, all \(saved.count) saved items there", final: true)
    }
} catch {
    fail("\(error)")
}

let listRatio = results["list_cold_ms", default: 0] / max(results["find_ms", default: 1], 0.001)
let warmRatio = results["list_warm_ms", default: 0] / max(results["find_ms", default: 1], 0.001)
let writeRatio =
    results["writes_100_full_reread_ms", default: 0] / max(results["writes_100_session_ms", default: 1], 0.001)
if json {
    var document = results
    document["list_cold_vs_find"] = listRatio
    document["list_warm_vs_find"] = warmRatio
    document["full_reread_vs_session_writes"] = writeRatio
    let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    func format(_ value: Double?) -> String { String(format: "%.1f", value ?? 0) }
    print("Lists benchmark: \(listCount) lists of 5 items")
    print("  find DIR -type f                 \(format(results["find_ms"])) ms")
    print(
        "  list metadata, cold              \(format(results["list_cold_ms"])) ms  (\(String(format: "%.2f", listRatio))× find)"
    )
    print(
        "  list metadata, warm              \(format(results["list_warm_ms"])) ms  (\(String(format: "%.2f", warmRatio))× find)"
    )
    print("  open a list of 5 items           \(String(format: "%.2f", results["open_5_items_ms"] ?? 0)) ms")
    print("  open a list of 1,000 items       \(format(results["open_1000_items_ms"])) ms")
    print("  100 writes, full reread each     \(format(results["writes_100_full_reread_ms"])) ms")
    print(
        "  100 writes through a session     \(format(results["writes_100_session_ms"])) ms  (full reread \(String(format: "%.1f", writeRatio))× slower)"
    )
}
