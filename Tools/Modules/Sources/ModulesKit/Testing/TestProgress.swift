import Foundation

/// Shows how a `modules test` run is going, on standard error.
///
/// On a terminal, one status line (packages done / total, the ones running, elapsed time) is redrawn in place and
/// each finished package leaves one permanent line above it. Elsewhere (CI, pipes) every start and finish is one
/// plain line. All writes go through this actor, so concurrent packages never interleave their output.
actor TestProgress {
    /// How progress is drawn.
    typealias Style = ProgressStyle

    private let sink: any TextSink
    private let style: Style
    private let total: Int
    private let stopwatch: Stopwatch
    private let start: Duration
    private var running: [String] = []
    private var done = 0
    private var lineShown = false

    init(sink: any TextSink, style: Style, total: Int, stopwatch: Stopwatch) {
        self.sink = sink
        self.style = style
        self.total = total
        self.stopwatch = stopwatch
        self.start = stopwatch.now()
    }

    func started(_ package: String) {
        running.append(package)
        switch style {
        case .plain: sink.writeLine("[\(done)/\(total)] \(package): building and testing")
        case .live: redraw()
        }
    }

    func finished(_ result: PackageTestResult) {
        running.removeAll { $0 == result.package }
        done += 1
        let line =
            "[\(done)/\(total)] \(result.package): \(result.status.rawValue), \(result.passed) passed, "
            + "\(result.failed) failed, " + (result.flaky > 0 ? "\(result.flaky) flaky, " : "")
            + (result.quarantined > 0 ? "\(result.quarantined) quarantined, " : "")
            + "\(result.skipped) skipped in \(String(format: "%.1f", result.seconds)) s"
        clear()
        sink.writeLine(line)
        if case .live = style { redraw() }
    }

    /// Redraws the status line (called every second on a terminal so the elapsed time moves).
    func redraw() {
        guard case .live(let columns) = style, done < total else { return }
        let elapsed = Int(stopwatch.seconds(since: start))
        var line = "[\(done)/\(total)] \(elapsed / 60):\(String(format: "%02d", elapsed % 60))"
        if !running.isEmpty {
            line += " running \(running.joined(separator: ", "))"
        }
        sink.write(ProgressStyle.redrawn(line, columns: columns))
        lineShown = true
    }

    /// Removes the status line for good.
    func end() {
        clear()
    }

    private func clear() {
        guard lineShown else { return }
        sink.write(ProgressStyle.clearLine)
        lineShown = false
    }
}

/// Runs many packages' tests, at most `jobs` at once, reporting progress as they go.
struct TestSession {
    let runner: PackageTestRunner
    let jobs: Int
    let progress: TestProgress
    let isLive: Bool

    /// The results in the order of `packages`.
    func run(_ packages: [String]) async -> [PackageTestResult] {
        let progress = self.progress
        let runner = self.runner
        let ticker: Task<Void, Never>? =
            isLive
            ? Task {
                while !Task.isCancelled {
                    try? await Task.sleep(for: .seconds(1))
                    await progress.redraw()
                }
            } : nil
        let results = await concurrentMap(packages, limit: jobs) { package in
            await progress.started(package)
            let result = await runner.run(package: package)
            await progress.finished(result)
            return result
        }
        ticker?.cancel()
        await progress.end()
        return results
    }
}
