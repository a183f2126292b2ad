import DesignSystem
import GalleryCatalog
import TerminalUI

/// What the benchmark types, as the bytes a terminal sends, and the same work done in memory.
struct Scenario {
    /// What it does, for the report.
    let name: String
    /// Keys typed first, each waited for, not measured: they warm the screen up and put it in the state the
    /// measured keys need (typing `/` to start a filter).
    let setup: [[UInt8]]
    /// The measured keys; each one changes the screen, so each one paints a frame.
    let keys: [[UInt8]]

    static let down = Array("\u{1B}[B".utf8)
    static let up = Array("\u{1B}[A".utf8)
    static let backspace: [UInt8] = [0x7F]

    /// Down 250 times, then up 250 times: the selection moves, the window scrolls.
    static let moveSelection = Scenario(
        name: "move the selection",
        setup: Array(repeating: down, count: 10) + Array(repeating: up, count: 10),
        keys: Array(repeating: down, count: 250) + Array(repeating: up, count: 250))

    /// `/`, then `crème` typed and erased 50 times: every key filters the 10,000 rows again.
    static let typeIntoFilter = Scenario(
        name: "type into the filter",
        setup: [Array("/".utf8)] + "la".map { Array(String($0).utf8) } + [backspace, backspace],
        keys: (0..<50).flatMap { _ in "crème".map { Array(String($0).utf8) } + Array(repeating: backspace, count: 5) })

    static let all = [moveSelection, typeIntoFilter]
}

/// The reference of the same run: the screen's work for each key with no pseudo-terminal, no process, no thread:
/// decoding the key's bytes, handling it, rendering the screen and encoding the frame (`FrameRenderer`) into
/// memory.
@MainActor
final class InMemoryScreen {
    let size: TerminalSize
    private let screen: ResultsScreen
    private var renderer = FrameRenderer(capability: .truecolor)
    private var decoder = KeyDecoder()
    /// Bytes of every frame, so the work is not optimized away.
    private(set) var bytesRendered = 0

    init(size: TerminalSize, rowCount: Int) {
        self.size = size
        screen = ResultsScreen(rowCount: rowCount, theme: .unicode)
        frame()
    }

    /// Handles a key's bytes and renders the frame; returns the time it took.
    func keyToFrame(_ bytes: [UInt8]) -> Duration {
        let clock = ContinuousClock()
        return clock.measure {
            for key in decoder.decode(bytes) + decoder.flush() { _ = screen.handle(key) }
            frame()
        }
    }

    /// Renders a frame at `size` (a new size repaints every row, as after a resize).
    func frame(at size: TerminalSize? = nil) {
        let size = size ?? self.size
        bytesRendered &+= renderer.render(screen.render(size: size), size: size).utf8.count
    }

    /// The fastest of `samples` fresh frames at `size`: every row painted, as the first frame after a resize.
    func freshFrame(at size: TerminalSize, samples: Int = 20) -> Duration {
        let clock = ContinuousClock()
        return (0..<samples).map { _ in
            clock.measure {
                renderer.invalidate()
                frame(at: size)
            }
        }.min() ?? .zero
    }
}

/// Percentiles of durations, in milliseconds.
struct Percentiles {
    let p50: Double
    let p99: Double
    let max: Double

    /// Nearest-rank percentiles of `samples` (at least one).
    init(_ samples: [Duration]) {
        let sorted = samples.map(\.fractionalMilliseconds).sorted()
        func rank(_ fraction: Double) -> Double {
            sorted[Swift.max(Int((fraction * Double(sorted.count)).rounded(.up)) - 1, 0)]
        }
        p50 = rank(0.50)
        p99 = rank(0.99)
        max = sorted.last ?? 0
    }
}
