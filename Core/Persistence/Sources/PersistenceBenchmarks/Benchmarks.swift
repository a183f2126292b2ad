import Foundation
import Logging
import Persistence

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Upserts 20,000 rows keyed by server id in one transaction and compares the rate with the `sqlite3` command-line
/// tool loading the same rows from a SQL script, and with one transaction per row (the pattern to avoid), all
/// measured in this run on this machine. Prints rows per second and ratios; exits 1 when `sqlite3` is missing.
///
/// Run: `swift run -c release --package-path Core/Persistence PersistenceBenchmarks`
@main
struct PersistenceBenchmarks {
    static let rowCount = 20_000
    static let runs = 3

    static func main() async {
        let environment = ProcessInfo.processInfo.environment
        guard let sqlite3 = findExecutable("sqlite3", path: environment["PATH"] ?? "/usr/bin:/bin") else {
            FileHandle.standardError.write(
                Data(
                    ("error: the sqlite3 command-line tool is not installed, and this benchmark measures against it.\n"
                        + "Install it (Debian: apt-get install sqlite3; macOS: part of the system) and run again.\n")
                        .utf8))
            exit(1)
        }
        do {
            let rows = (0..<rowCount).map(BenchmarkRow.init)
            print("Upsert \(rowCount) rows keyed by server id; median of \(runs) runs; WAL, synchronous=NORMAL")
            let oneTransaction = try await median { try await upsertWithPersistence(rows, perRow: false) }
            let command = try await median { try await upsertWithCommandLine(rows, sqlite3: sqlite3) }
            let perRow = try await median { try await upsertWithPersistence(rows, perRow: true) }
            report("Persistence, one transaction", oneTransaction)
            report("sqlite3 command-line tool, one transaction from a script", command)
            report("Persistence, one transaction per row (anti-pattern)", perRow)
            print(
                String(
                    format: "ratio Persistence / sqlite3 tool: %.2fx (above 1: faster than the tool)",
                    command.seconds / oneTransaction.seconds))
            print(
                String(
                    format: "ratio one transaction / one transaction per row: %.1fx faster",
                    perRow.seconds / oneTransaction.seconds))
        } catch {
            FileHandle.standardError.write(Data("error: \(error)\n".utf8))
            exit(1)
        }
    }

    static func report(_ label: String, _ time: Measurement) {
        let rate = Double(rowCount) / time.seconds
        let padded = label.padding(toLength: 58, withPad: " ", startingAt: 0)
        print(padded + String(format: " %10.0f rows/s  (%.3f s)", rate, time.seconds))
    }

    /// Runs `body` `runs` times and returns the median duration.
    static func median(_ body: @Sendable () async throws -> Measurement) async throws -> Measurement {
        var times: [Measurement] = []
        for _ in 0..<runs {
            times.append(try await body())
        }
        return times.sorted { $0.seconds < $1.seconds }[runs / 2]
    }

    static func findExecutable(_ name: String, path: String) -> String? {
        for directory in path.split(separator: ":") {
            let candidate = "\(directory)/\(name)"
            if access(candidate, X_OK) == 0 { return candidate }
        }
        return nil
    }
}

/// A duration in seconds.
struct Measurement: Sendable {
    let seconds: Double

    init(_ duration: Duration) {
        seconds = Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// One row as the server would send it.
struct BenchmarkRow: Sendable {
    let serverID: String
    let title: String
    let priceMinor: Int
    let updatedAt: String

    init(_ index: Int) {
        serverID = "srv_\(100_000 + index)"
        title = "Product \(index) - it's \"quoted\""
        priceMinor = 100 + (index * 37) % 50_000
        updatedAt = "2024-05-01 12:\(10 + index % 50):00.000"
    }

    /// The row as SQL literals for the command-line tool's script (quotes doubled).
    var sqlValues: String {
        let quotedTitle = title.replacingOccurrences(of: "'", with: "''")
        return "('\(serverID)', '\(quotedTitle)', \(priceMinor), '\(updatedAt)')"
    }
}

let schema: SQL = """
    CREATE TABLE bench_items (
        server_id TEXT PRIMARY KEY,
        title TEXT NOT NULL,
        price_minor INTEGER NOT NULL,
        updated_at TEXT NOT NULL
    )
    """

let upsert: SQL = """
    INSERT INTO bench_items (server_id, title, price_minor, updated_at) VALUES (?, ?, ?, ?)
    ON CONFLICT (server_id) DO UPDATE SET
        title = excluded.title, price_minor = excluded.price_minor, updated_at = excluded.updated_at
    """
