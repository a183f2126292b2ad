import DesignSystem
import Foundation
import GalleryCatalog
import TerminalTesting
import TerminalUI

/// Key to painted frame latency of a full-screen results list of 10,000 rows (`ResultsScreen`: a `FilterList`),
/// measured through a real pseudo-terminal: the benchmark starts the screen as a child process on a pty, types one
/// key at a time on the master side and reads until that key's frame has ended (`ESC [ ? 2026 l`, its last byte).
/// Each sample is the time from the key's bytes written to the pty to the frame's last byte read from it: the
/// child's reader thread, the session's run loop, the view, the frame renderer and the kernel's pty both ways.
///
/// At 80x24 and 300x80 it moves the selection (500 keys) and types into the filter (500 keys, each filtering the
/// 10,000 rows again), and prints p50, p99 and the slowest sample beside the goals (p99 at most 16 ms at 80x24 and
/// 33 ms at 300x80), and the ratio to a reference measured in this run: the same keys handled, rendered and encoded
/// into memory in this process, with no pty, process or thread in between.
///
/// Then a storm of 1,000 window size changes (`TIOCSWINSZ` back to back, each a SIGWINCH) ending at 120x40: the
/// time from the first change until the frame for the final size has ended and the frames drawn meanwhile (the
/// signals coalesce, so the screen draws far fewer than 1,000), against one fresh frame at the final size rendered
/// in memory, the least any screen has to do after a resize. (That the screen after the storm equals a fresh render
/// at the final size is a test: `ResizeStormTests`.)
///
/// Run: `swift run -c release --package-path DesignSystem FrameLatencyBenchmarks [--json]` (part of `make bench`).
@main
struct FrameLatencyBenchmarks {
    static let rowCount = 10_000
    static let sizes = [
        (TerminalSize(columns: 80, rows: 24), goal: 16.0), (TerminalSize(columns: 300, rows: 80), goal: 33.0),
    ]
    static let stormStart = TerminalSize(columns: 80, rows: 24)
    static let stormEnd = TerminalSize(columns: 120, rows: 40)
    static let stormResizes = 1_000

    static let usage = "usage: FrameLatencyBenchmarks [--json]"

    @MainActor
    static func main() async {
        let arguments = Array(CommandLine.arguments.dropFirst())
        if arguments.first == "--screen" {
            await runScreen(rowCount: arguments.dropFirst().first.flatMap { Int($0) } ?? rowCount)
            return
        }
        let json = arguments.contains("--json")
        if let unknown = arguments.first(where: { $0 != "--json" }) {
            FileHandle.standardError.write(
                Data("FrameLatencyBenchmarks: unknown argument '\(unknown)'; \(usage)\n".utf8))
            exit(64)  // EX_USAGE
        }
        let progress = Progress(toStandardError: json)
        do {
            let loadBefore = loadAverage()
            progress.line("Key → painted frame over 10,000 rows, through a pseudo-terminal; load average \(loadBefore)")
            var report: [[String: Any]] = []
            for (size, goal) in sizes {
                report.append(try measureLatency(size: size, goal: goal, progress: progress))
            }
            let storm = try measureStorm(progress: progress)
            let loadAfter = loadAverage()
            progress.line("load average after: \(loadAfter)")
            if json {
                let document: [String: Any] = [
                    "rows": rowCount, "load_before": loadBefore, "load_after": loadAfter, "sizes": report,
                    "resize_storm": storm,
                ]
                let data = try JSONSerialization.data(withJSONObject: document, options: [.sortedKeys])
                print(String(decoding: data, as: UTF8.self))
            }
        } catch {
            FileHandle.standardError.write(Data("FrameLatencyBenchmarks: \(error)\n".utf8))
            exit(1)
        }
    }

    // MARK: - Measurements

    @MainActor
    static func measureLatency(size: TerminalSize, goal: Double, progress: Progress) throws -> [String: Any] {
        progress.line("\(size): starting the screen…")
        let screen = try ScreenUnderTest(size: size, rowCount: rowCount)
        let memory = InMemoryScreen(size: size, rowCount: rowCount)
        var scenarios: [[String: Any]] = []
        for scenario in Scenario.all {
            progress.line("\(size): \(scenario.name), \(scenario.keys.count) keys…")
            for key in scenario.setup {
                _ = try screen.keyToFrame(key)
                _ = memory.keyToFrame(key)
            }
            var pty: [Duration] = []
            var reference: [Duration] = []
            let bytesBefore = memory.bytesRendered
            for key in scenario.keys {
                pty.append(try screen.keyToFrame(key))
                reference.append(memory.keyToFrame(key))
            }
            let bytesPerFrame = (memory.bytesRendered - bytesBefore) / max(scenario.keys.count, 1)
            let measured = Percentiles(pty)
            let inMemory = Percentiles(reference)
            let met = measured.p99 <= goal
            let figures = String(
                format: "p50 %.2f ms, p99 %.2f ms (goal ≤ %.0f ms: ", measured.p50, measured.p99, goal)
            let rest = String(
                format: "), slowest %.2f ms; in memory p50 %.3f ms, p99 %.3f ms; ratio p50 %.1f, p99 %.1f",
                measured.max, inMemory.p50, inMemory.p99, measured.p50 / inMemory.p50, measured.p99 / inMemory.p99)
            progress.line(
                "  \(size) \(scenario.name): " + figures + (met ? "met" : "MISSED") + rest
                    + "; \(bytesPerFrame) bytes a frame")
            scenarios.append([
                "name": scenario.name, "keys": scenario.keys.count, "pty_p50_ms": measured.p50,
                "pty_p99_ms": measured.p99, "pty_max_ms": measured.max, "memory_p50_ms": inMemory.p50,
                "memory_p99_ms": inMemory.p99, "ratio_p50": measured.p50 / inMemory.p50,
                "ratio_p99": measured.p99 / inMemory.p99, "goal_p99_ms": goal, "meets_goal": met,
                "bytes_per_frame": bytesPerFrame,
            ])
        }
        try screen.stop()
        return ["size": size.description, "scenarios": scenarios]
    }

    /// The sizes of the storm: 999 sizes between 40x12 and 300x80 in a fixed scrambled order, none of them the
    /// final size, then the final size.
    static func stormSizes() -> [TerminalSize] {
        var sizes: [TerminalSize] = []
        var index = 0
        while sizes.count < stormResizes - 1 {
            let size = TerminalSize(columns: 40 + (index * 97) % 261, rows: 12 + (index * 31) % 69)
            if size != stormEnd { sizes.append(size) }
            index += 1
        }
        return sizes + [stormEnd]
    }

    @MainActor
    static func measureStorm(progress: Progress) throws -> [String: Any] {
        progress.line("resize storm: \(stormResizes) sizes from \(stormStart), ending at \(stormEnd)…")
        let screen = try ScreenUnderTest(size: stormStart, rowCount: rowCount)
        let sizes = stormSizes()
        let framesBefore = screen.framesSeen
        let start = ContinuousClock.now
        for size in sizes {
            screen.terminal.resize(columns: size.columns, rows: size.rows)
            // Reading while resizing, so the screen never waits on a full pty.
            screen.drain()
        }
        let resized = ContinuousClock.now
        let settled = try screen.waitForFrame(containing: "\(stormEnd.columns)×\(stormEnd.rows)", timeout: .seconds(60))
        let frames = screen.framesSeen - framesBefore
        try screen.stop()
        let reference = InMemoryScreen(size: stormStart, rowCount: rowCount).freshFrame(at: stormEnd)
        let total = (settled - start).fractionalMilliseconds
        let fresh = reference.fractionalMilliseconds
        let line = String(
            format: "  resize storm: %d sizes set in %.1f ms; the final size's frame ended %.1f ms after the first; "
                + "%d frames drawn; a fresh frame at the final size in memory %.3f ms; ratio %.1f",
            sizes.count, (resized - start).fractionalMilliseconds, total, frames, fresh, total / fresh)
        progress.line(line)
        return [
            "resizes": sizes.count, "resizing_ms": (resized - start).fractionalMilliseconds, "settled_ms": total,
            "frames_drawn": frames, "fresh_frame_memory_ms": fresh, "ratio": total / fresh,
            "final_size": stormEnd.description,
        ]
    }

    // MARK: - The screen under test

    /// `--screen N`: the results screen over N rows in a full-screen session, until `q`.
    @MainActor
    static func runScreen(rowCount: Int) async {
        let terminal = Terminal(
            inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
            environment: ProcessInfo.processInfo.environment)
        let screen = ResultsScreen(rowCount: rowCount, theme: Theme(terminal: terminal))
        do {
            try await terminal.withSession { session in
                await session.run(screen) { event in
                    guard case .key(let key) = event else { return .keepRunning }
                    return key == .character("q") ? .stop : .keepRunning
                }
            }
        } catch {
            FileHandle.standardError.write(Data("FrameLatencyBenchmarks --screen: \(error)\n".utf8))
            exit(1)
        }
    }

    /// The 1, 5 and 15 minute load averages (`/proc/loadavg`), as the kernel prints them.
    static func loadAverage() -> String {
        let text = (try? String(contentsOfFile: "/proc/loadavg", encoding: .utf8)) ?? ""
        return text.split(separator: " ").prefix(3).joined(separator: " ")
    }
}

/// Progress and results as plain lines: on standard output, or on standard error with `--json` (which prints one
/// document on standard output at the end).
struct Progress {
    let toStandardError: Bool

    func line(_ text: String) {
        if toStandardError {
            FileHandle.standardError.write(Data((text + "\n").utf8))
        } else {
            print(text)
            fflush(nil)
        }
    }
}
