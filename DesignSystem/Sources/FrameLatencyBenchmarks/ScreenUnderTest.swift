import Foundation
import Glibc
import TerminalTesting
import TerminalUI

/// The results screen running in a child process of this benchmark (`FrameLatencyBenchmarks --screen`) on a
/// pseudo-terminal: the benchmark types on the master side and reads the frames there, as a terminal would.
///
/// A frame ends with the end of its synchronized update (`ESC [ ? 2026 l`, `FrameRenderer`): the time its last
/// byte is read is the time the frame was painted on the terminal.
final class ScreenUnderTest {
    /// The last bytes of every frame the session draws.
    static let frameEnd = Array("\u{1B}[?2026l".utf8)

    let terminal: PseudoTerminal
    let process: TestProcess
    private var frameEnds = SubsequenceCounter(ScreenUnderTest.frameEnd)
    private var buffer = [UInt8](repeating: 0, count: 1 << 16)

    /// Starts the screen at a size and waits for its first frame.
    ///
    /// - Throws: `BenchmarkError` when it does not start or draw within the deadline.
    init(size: TerminalSize, rowCount: Int) throws {
        terminal = try PseudoTerminal(columns: size.columns, rows: size.rows)
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        // Truecolor, the most bytes per frame; no crash reporter prompt should anything go wrong.
        let environment = [
            "TERM": "xterm-256color", "COLORTERM": "truecolor", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no",
        ]
        process = try terminal.spawn(executable, ["--screen", String(rowCount)], environment: environment)
        _ = try waitForFrames(1, timeout: .seconds(60))
    }

    /// Types `bytes` and waits for the frame they cause; returns the time from the write to the frame's last byte.
    ///
    /// - Throws: `BenchmarkError.noFrame` when no frame comes within `timeout`.
    func keyToFrame(_ bytes: [UInt8], timeout: Duration = .seconds(10)) throws -> Duration {
        let start = ContinuousClock.now
        terminal.type(bytes)
        let painted = try waitForFrames(1, timeout: timeout)
        return painted - start
    }

    /// Reads until `count` more frames have ended; returns when the last one's last byte was read.
    @discardableResult
    func waitForFrames(_ count: Int, timeout: Duration) throws -> ContinuousClock.Instant {
        let target = frameEnds.count + count
        let deadline = ContinuousClock.now + timeout
        while frameEnds.count < target {
            guard let chunk = read(until: deadline) else { throw BenchmarkError.noFrame(frameEnds.count, target) }
            frameEnds.feed(chunk)
        }
        return ContinuousClock.now
    }

    /// Reads until a frame that contains `text` has ended; returns when its last byte was read.
    func waitForFrame(containing text: String, timeout: Duration) throws -> ContinuousClock.Instant {
        var finder = SubsequenceCounter(Array(text.utf8))
        let deadline = ContinuousClock.now + timeout
        var seen = false
        while true {
            guard let chunk = read(until: deadline) else { throw BenchmarkError.noText(text) }
            for byte in chunk {
                if finder.feed(byte) { seen = true }
                if frameEnds.feed(byte) && seen { return ContinuousClock.now }
            }
        }
    }

    /// Reads whatever output is there now, without waiting; returns how many frames it ended.
    @discardableResult
    func drain() -> Int {
        let before = frameEnds.count
        while let chunk = read(until: ContinuousClock.now) { frameEnds.feed(chunk) }
        return frameEnds.count - before
    }

    /// Frames ended so far.
    var framesSeen: Int { frameEnds.count }

    /// Reads the next piece of output, waiting until `deadline` for it; `nil` when none came.
    func read(until deadline: ContinuousClock.Instant) -> ArraySlice<UInt8>? {
        while true {
            let remaining = deadline - ContinuousClock.now
            let milliseconds = remaining > .zero ? Int32(clamping: remaining.milliseconds) : 0
            var descriptor = pollfd(fd: terminal.master, events: Int16(POLLIN), revents: 0)
            let ready = poll(&descriptor, 1, milliseconds)
            if ready < 0 && errno == EINTR { continue }
            guard ready > 0 else { return nil }
            let count = Glibc.read(terminal.master, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            return count > 0 ? buffer[0..<count] : nil
        }
    }

    /// Ends the screen: Escape (clears a filter), then `q`; waits for the process.
    func stop() throws {
        terminal.type("\u{1B}")
        _ = try? waitForFrames(1, timeout: .seconds(2))
        terminal.type("q")
        drain()
        let status = try process.wait(timeout: .seconds(30))
        guard status == .exited(0) else { throw BenchmarkError.screenFailed(status.description) }
    }
}

/// Counts the occurrences of a byte string in a stream fed in pieces (Knuth–Morris–Pratt, so a match split across
/// pieces or overlapping a false start is still counted).
struct SubsequenceCounter {
    let pattern: [UInt8]
    private let failure: [Int]
    private var matched = 0
    private(set) var count = 0

    init(_ pattern: [UInt8]) {
        self.pattern = pattern
        var failure = [Int](repeating: 0, count: pattern.count)
        var border = 0
        for index in 1..<max(pattern.count, 1) {
            while border > 0 && pattern[index] != pattern[border] { border = failure[border - 1] }
            if pattern[index] == pattern[border] { border += 1 }
            failure[index] = border
        }
        self.failure = failure
    }

    mutating func feed(_ bytes: ArraySlice<UInt8>) {
        for byte in bytes { feed(byte) }
    }

    /// Feeds one byte; true when an occurrence ends with it.
    @discardableResult
    mutating func feed(_ byte: UInt8) -> Bool {
        while matched > 0 && byte != pattern[matched] { matched = failure[matched - 1] }
        if byte == pattern[matched] { matched += 1 }
        guard matched == pattern.count else { return false }
        count += 1
        matched = failure[matched - 1]
        return true
    }
}

/// Why a measurement could not be made.
enum BenchmarkError: Error, CustomStringConvertible {
    /// The screen drew fewer frames than awaited before the deadline.
    case noFrame(Int, Int)
    /// The screen's process did not exit cleanly.
    case screenFailed(String)
    /// No frame with this text came within the deadline.
    case noText(String)

    var description: String {
        switch self {
        case .noFrame(let seen, let awaited):
            return "the screen drew \(seen) frames where \(awaited) were awaited, within the deadline"
        case .screenFailed(let status): return "the screen's process ended with \(status)"
        case .noText(let text): return "no frame showed \"\(text)\" within the deadline"
        }
    }
}

extension Duration {
    /// Whole milliseconds, rounded up, for `poll(2)`.
    var milliseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
    }

    /// Milliseconds as a fraction, for reports.
    var fractionalMilliseconds: Double {
        Double(components.seconds) * 1000 + Double(components.attoseconds) / 1e15
    }
}
