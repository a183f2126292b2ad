import DesignSystem
import Foundation
import TerminalUI

/// Pushes bursts of 1,000 and 10,000 typed keys (what `tmux send-keys -l` or a terminal without bracketed paste
/// delivers) through the key decoder, a text field view, and both with one frame per read, and prints events per
/// second for each size and the ratio of the per-event cost at 10,000 to the cost at 1,000, all measured in this
/// run: a ratio near 1 is linear time; a ratio near 10 would be quadratic.
///
/// Each sample handles 10,000 events either way (ten bursts of 1,000, or one of 10,000), so both sizes are timed
/// over the same amount of work; samples of the two sizes alternate, and the fastest of `runs` samples counts,
/// which keeps other work on a shared machine out of the ratio.
///
/// Run: `swift run -c release --package-path DesignSystem KeyBurstBenchmarks [--json]`
@main
struct KeyBurstBenchmarks {
    static let sizes = [1_000, 10_000]
    static let runs = 9
    /// Events per sample, whatever the burst size.
    static let eventsPerSample = 10_000
    /// The size of one read, as `InputReader` reads.
    static let readSize = 4096

    @MainActor
    static func main() {
        let json = CommandLine.arguments.dropFirst().contains("--json")
        let unknown = CommandLine.arguments.dropFirst().filter { $0 != "--json" }
        guard unknown.isEmpty else {
            FileHandle.standardError.write(
                Data("KeyBurstBenchmarks: unknown argument '\(unknown[0])'; usage: KeyBurstBenchmarks [--json]\n".utf8))
            exit(64)
        }
        let cases: [(name: String, run: @MainActor (Int) -> Int)] = [
            ("decoder", { decodeOnly(keys: $0) }),
            ("text field, no limit", { editField(keys: $0, limit: nil) }),
            ("text field, limit 200", { editField(keys: $0, limit: 200) }),
            ("decoder + field + a frame per read", { decodeEditRender(keys: $0) }),
        ]
        var results: [[String: Any]] = []
        if !json {
            print("Key bursts of \(sizes.map(String.init).joined(separator: " and ")) keys; fastest of \(runs) samples")
        }
        for benchmark in cases {
            if !json { print("  measuring \(benchmark.name)…") }
            let fastest = fastestSamples { size in
                var events = 0
                for _ in 0..<(eventsPerSample / size) { events &+= benchmark.run(size) }
                return events
            }
            var rates: [Int: Double] = [:]
            for size in sizes { rates[size] = Double(eventsPerSample) / (fastest[size] ?? .infinity) }
            let small = rates[sizes[0]] ?? 0
            let large = rates[sizes[1]] ?? 0
            // Per-event cost at the large size over the cost at the small size.
            let ratio = large > 0 ? small / large : .infinity
            let perSize = Dictionary(uniqueKeysWithValues: rates.map { (String($0.key), $0.value.rounded()) })
            results.append(["name": benchmark.name, "events_per_second": perSize, "cost_ratio": ratio])
            if json { continue }
            let label = benchmark.name.padding(toLength: 36, withPad: " ", startingAt: 0)
            print(
                label
                    + String(
                        format: " %12.0f events/s (1,000)  %12.0f events/s (10,000)  cost ratio %.2f", small, large,
                        ratio))
        }
        if json {
            let data = (try? JSONSerialization.data(withJSONObject: results, options: [.sortedKeys])) ?? Data()
            print(String(decoding: data, as: UTF8.self))
        } else {
            print("cost ratio: time per event with 10,000 keys over time per event with 1,000 (1.0 is linear)")
        }
    }

    /// The bytes of `keys` typed keys: words of letters and a few multi-byte characters, separated by spaces.
    static func burst(keys: Int) -> [UInt8] {
        let pattern = Array("lamp shade 東京 café ")
        var text = ""
        for index in 0..<keys { text.append(pattern[index % pattern.count]) }
        return Array(text.utf8)
    }

    /// Decodes the burst in reads of `readSize`; returns the event count.
    static func decodeOnly(keys: Int) -> Int {
        let bytes = burst(keys: keys)
        var decoder = KeyDecoder()
        var count = 0
        for start in stride(from: 0, to: bytes.count, by: readSize) {
            count += decoder.decode(bytes[start..<min(start + readSize, bytes.count)]).count
        }
        return count + decoder.flush().count
    }

    /// Types `keys` decoded keys into a text field view.
    @MainActor
    static func editField(keys: Int, limit: Int?) -> Int {
        var decoder = KeyDecoder()
        let events = decoder.decode(burst(keys: keys)) + decoder.flush()
        let view = FieldView(state: TextFieldState(maximumLength: limit))
        for event in events { _ = view.handle(event) }
        return view.state.count
    }

    /// The session's path: each read is decoded, its keys handled, then one frame rendered.
    @MainActor
    static func decodeEditRender(keys: Int) -> Int {
        let bytes = burst(keys: keys)
        var decoder = KeyDecoder()
        let view = FieldView(state: TextFieldState(maximumLength: 200))
        var cells = 0
        for start in stride(from: 0, to: bytes.count, by: readSize) {
            for event in decoder.decode(bytes[start..<min(start + readSize, bytes.count)]) { _ = view.handle(event) }
            cells += view.render(size: TerminalSize(columns: 80, rows: 24)).reduce(0) { $0 + $1.width }
        }
        return cells
    }

    /// The fastest wall time of `runs` samples of each size, in seconds; samples of the sizes alternate.
    @MainActor
    static func fastestSamples(_ body: @MainActor (Int) -> Int) -> [Int: Double] {
        let clock = ContinuousClock()
        var fastest: [Int: Double] = [:]
        var sink = 0
        for _ in 0..<runs {
            for size in sizes {
                let start = clock.now
                sink &+= body(size)
                let elapsed = clock.now - start
                let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
                fastest[size] = min(fastest[size] ?? .infinity, seconds)
            }
        }
        // Keeps the work from being optimized away.
        if sink == Int.min { print("") }
        return fastest
    }
}

/// A screen with one text field, the shape of the Search input.
@MainActor
final class FieldView: TerminalView {
    private(set) var state: TextFieldState

    init(state: TextFieldState) {
        self.state = state
    }

    func render(size: TerminalSize) -> [StyledLine] {
        TextField(label: "Search", state: state, placeholder: "Search products", isFocused: true)
            .render(width: size.columns, theme: .unicode)
    }

    func handle(_ key: KeyEvent) -> KeyHandling {
        state.handle(key)
    }
}
