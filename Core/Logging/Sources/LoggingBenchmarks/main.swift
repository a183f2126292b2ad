import Foundation
import Logging
import Synchronization

// Measures what a log call costs at an enabled level (the record is redacted, formatted as a human-readable line and
// handed to a sink that discards it) and at a disabled level (the call returns after comparing levels), in the same
// run, and prints both in nanoseconds per call with their ratio.
//
// Usage: swift run -c release --package-path Core/Logging LoggingBenchmarks [--json]

/// A sink that keeps only a byte count, so the formatted text is really produced but never written anywhere. Plainly
/// `Sendable`: its one stored property is a `Mutex`, which is `Sendable` for a `Sendable` value.
final class DiscardingOutput: LogTextOutput, Sendable {
    private let bytes = Mutex(0)

    func write(_ text: String) {
        bytes.withLock { $0 += text.utf8.count }
    }

    var byteCount: Int {
        bytes.withLock { $0 }
    }
}

struct Measurement {
    let iterations: Int
    let nanosecondsPerCall: Double
}

/// Runs `body` over `iterations` calls `rounds` times after one warm-up round and keeps the fastest round.
func measure(iterations: Int, rounds: Int, _ body: (Int) -> Void) -> Measurement {
    let clock = ContinuousClock()
    var best = Duration.seconds(Int64.max)
    for round in 0...rounds {
        let elapsed = clock.measure {
            for index in 0..<iterations {
                body(index)
            }
        }
        if round > 0, elapsed < best {
            best = elapsed
        }
    }
    let (seconds, attoseconds) = best.components
    let nanoseconds = Double(seconds) * 1e9 + Double(attoseconds) / 1e9
    return Measurement(iterations: iterations, nanosecondsPerCall: nanoseconds / Double(iterations))
}

let arguments = Array(CommandLine.arguments.dropFirst())
let wantsJSON = arguments == ["--json"]
guard arguments.isEmpty || wantsJSON else {
    FileHandle.standardError.write(Data("usage: LoggingBenchmarks [--json]\n".utf8))
    exit(64)
}

let sink = DiscardingOutput()
let logger = Logger(label: "benchmark", handler: StreamLogHandler(output: sink, useColor: false, logLevel: .info))
let rounds = 5

let enabled = measure(iterations: 100_000, rounds: rounds) { index in
    logger.info("request \(index) finished", metadata: ["status": "200", "path": "/v1/feed", "attempt": "\(index)"])
}
var messagesBuilt = 0
let disabled = measure(iterations: 10_000_000, rounds: rounds) { index in
    logger.debug(
        {
            messagesBuilt += 1
            return "request \(index) finished"
        }(),
        metadata: ["status": "200", "path": "/v1/feed", "attempt": "\(index)"]
    )
}
let ratio = enabled.nanosecondsPerCall / disabled.nanosecondsPerCall

if wantsJSON {
    let report: [String: Any] = [
        "enabled_ns_per_call": enabled.nanosecondsPerCall,
        "enabled_iterations": enabled.iterations,
        "disabled_ns_per_call": disabled.nanosecondsPerCall,
        "disabled_iterations": disabled.iterations,
        "disabled_messages_built": messagesBuilt,
        "ratio_enabled_to_disabled": ratio,
        "rounds": rounds,
        "bytes_formatted": sink.byteCount,
    ]
    let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("Logging: cost of one call, fastest of \(rounds) rounds")
    print(
        String(
            format: "enabled  (info, formatted, discarded): %10.1f ns/call  (%d calls)",
            enabled.nanosecondsPerCall,
            enabled.iterations
        )
    )
    print(
        String(
            format: "disabled (debug below info):           %10.2f ns/call  (%d calls, %d messages built)",
            disabled.nanosecondsPerCall,
            disabled.iterations,
            messagesBuilt
        )
    )
    print(String(format: "ratio enabled / disabled:              %10.0fx", ratio))
}
