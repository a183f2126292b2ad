import Foundation
import Logging
import SampleBackend

/// The options of `storefront-server`, read from the command line.
struct CommandLineOptions {
    /// A usage error: one line for standard error; the caller adds the usage and exits with 64.
    struct UsageError: Error, CustomStringConvertible {
        let description: String
    }

    var host = "127.0.0.1"
    var port: UInt16 = 8080
    var dataDirectory: String?
    var seed: UInt64 = 1
    var faultSeed: UInt64?
    var sessionLifetimeSeconds: Int64 = 24 * 60 * 60
    var faults: [FaultRule] = []
    var messyShare = 0.05
    var growFeedEvery: Int?
    var demoPostsEverySeconds: Int?
    var demoOrdersAdvanceSeconds: Int?
    var heartbeatSeconds: Int?
    var productCount = 5000
    var postCount = 2000
    var uniformStock: Int?
    var threads: Int?
    var logLevel = Logger.Level.info
    var showsHelp = false

    static let usage = """
        usage: storefront-server [--host HOST] [--port PORT] [--data-dir DIR] [--seed N] [--fault-seed N]
                                 [--fault RULE]... [--session-lifetime SECONDS] [--messy-share P] [--grow-feed-every N]
                                 [--demo-posts-every S] [--demo-orders-advance S] [--heartbeat S]
                                 [--products N] [--posts N] [--stock N] [--threads N] [--log-level LEVEL] [--help]

        Serves the Storefront API (/v1/...) over HTTP with seeded data, for the app and for trying failures.

        options:
          --host HOST            address to listen on (default 127.0.0.1)
          --port PORT            TCP port; 0 picks a free one (default 8080)
          --data-dir DIR         keep the database in DIR across runs (default: in memory, new each start)
          --seed N               seed of the generated data (and of fault shares without --fault-seed)
                                 (default 1)
          --fault-seed N         seed of the fault rules' share draws alone (default: --seed)
          --session-lifetime S   seconds a session token stays valid (default 86400)
          --fault RULE           inject a fault; repeatable (see fault rules below)
          --messy-share P        share 0...1 of records with real-world flaws (default 0.05)
          --grow-feed-every N    add a post at the top of the feed every N feed requests
          --demo-posts-every S   demo event source: add a new post every S seconds (default: off)
          --demo-orders-advance S
                                 demo event source: ship confirmed orders S seconds after they were placed
                                 (default: off)
          --heartbeat S          seconds between heartbeat comments on GET /v1/events, 1 to 29 (default 15)
          --products N           products to seed (default 5000)
          --posts N              posts to seed (default 2000)
          --stock N              seed every product with N in stock (default: a mix, some empty)
          --threads N            HTTP polling threads (default: the number of cores)
          --log-level LEVEL      trace, debug, info, notice, warning, error or critical (default info)
          -h, --help             show this help

        fault rules:
        \(FaultRule.syntax)

        examples:
          storefront-server --port 8080 --data-dir /tmp/storefront-server
          storefront-server --fault 'GET /v1/search?q=ab latency=2s' --fault 'POST /v1/orders status=503 share=0.5'

        Stop with Ctrl-C (SIGINT) or SIGTERM: requests in flight are answered first.
        """

    /// Reads `arguments` (without the program name).
    ///
    /// - Throws: `UsageError` for an unknown option, a missing or malformed value, or a bad fault rule.
    init(arguments: [String]) throws(UsageError) {
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            let (name, inlineValue) = Self.split(argument)
            func value() throws(UsageError) -> String {
                if let inlineValue { return inlineValue }
                guard let next = remaining.popFirst() else { throw UsageError(description: "\(name) needs a value") }
                return next
            }
            switch name {
            case "-h", "--help": showsHelp = true
            case "--host": host = try value()
            case "--port": port = try Self.number(name, try value(), in: 0...65535)
            case "--data-dir": dataDirectory = try value()
            case "--seed": seed = try Self.number(name, try value(), in: 0...UInt64.max)
            case "--fault-seed": faultSeed = try Self.number(name, try value(), in: 0...UInt64.max)
            case "--session-lifetime":
                sessionLifetimeSeconds = try Self.number(name, try value(), in: 1...(10 * 365 * 24 * 60 * 60))
            case "--fault":
                let text = try value()
                do {
                    faults.append(try FaultRule(parsing: text))
                } catch {
                    throw UsageError(description: error.description)
                }
            case "--messy-share":
                let text = try value()
                guard let share = Double(text), (0...1).contains(share) else {
                    throw UsageError(description: "--messy-share must be a number from 0 to 1, not \"\(text)\"")
                }
                messyShare = share
            case "--grow-feed-every": growFeedEvery = try Self.number(name, try value(), in: 1...1_000_000)
            case "--demo-posts-every": demoPostsEverySeconds = try Self.number(name, try value(), in: 1...86_400)
            case "--demo-orders-advance":
                demoOrdersAdvanceSeconds = try Self.number(name, try value(), in: 1...86_400)
            case "--heartbeat": heartbeatSeconds = try Self.number(name, try value(), in: 1...29)
            case "--products": productCount = try Self.number(name, try value(), in: 1...1_000_000)
            case "--posts": postCount = try Self.number(name, try value(), in: 1...1_000_000)
            case "--stock": uniformStock = try Self.number(name, try value(), in: 0...1_000_000_000)
            case "--threads": threads = try Self.number(name, try value(), in: 1...64)
            case "--log-level":
                let text = try value()
                guard let level = try? Logger.Level(parsing: text) else {
                    throw UsageError(
                        description: "--log-level must be trace, debug, info, notice, warning, error "
                            + "or critical, not \"\(text)\"")
                }
                logLevel = level
            default:
                throw UsageError(description: "unknown option \"\(argument)\"")
            }
        }
    }

    /// `--name=value` → (`--name`, `value`); anything else → (argument, nil).
    private static func split(_ argument: String) -> (String, String?) {
        guard argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") else { return (argument, nil) }
        return (String(argument[..<equals]), String(argument[argument.index(after: equals)...]))
    }

    private static func number<Value: FixedWidthInteger>(_ name: String, _ text: String, in range: ClosedRange<Value>)
        throws(UsageError) -> Value
    {
        guard let value = Value(text), range.contains(value) else {
            throw UsageError(
                description: "\(name) must be a whole number from \(range.lowerBound) to "
                    + "\(range.upperBound), not \"\(text)\"")
        }
        return value
    }
}
