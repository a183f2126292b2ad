/// How progress is drawn on standard error.
enum ProgressStyle: Equatable, Sendable {
    /// Redraw one status line in place (a terminal), cut to `columns` characters.
    case live(columns: Int)
    /// Plain lines, one per event (CI logs, pipes).
    case plain

    /// The style for an environment: live on a terminal, plain elsewhere.
    init(_ environment: CommandEnvironment) {
        self = environment.errorOutputIsTerminal ? .live(columns: environment.terminalColumns) : .plain
    }

    /// The escape sequence that moves to the start of the line and clears it, then `text` cut to fit `columns`.
    static func redrawn(_ text: String, columns: Int) -> String {
        var line = text
        if line.count > max(columns - 1, 10) {
            line = String(line.prefix(max(columns - 2, 9))) + "…"
        }
        return clearLine + line
    }

    /// Moves to the start of the line and clears it.
    static let clearLine = "\r\u{1B}[2K"
}

/// Progress of a long command made of numbered steps (`build-times`): on a terminal one line redrawn in place
/// (`[3/12] 1:05 run 1/2 Core/Logging (current): clean build`); elsewhere one plain line per step. All writes go
/// through this actor.
actor StepProgress {
    private let sink: any TextSink
    private let style: ProgressStyle
    private let total: Int
    private let stopwatch: Stopwatch
    private let start: Duration
    private var done = 0
    private var lineShown = false

    init(sink: any TextSink, style: ProgressStyle, total: Int, stopwatch: Stopwatch) {
        self.sink = sink
        self.style = style
        self.total = total
        self.stopwatch = stopwatch
        self.start = stopwatch.now()
    }

    /// Starts the next step.
    func step(_ message: String) {
        done += 1
        let counter = "[\(min(done, total))/\(total)]"
        switch style {
        case .plain:
            sink.writeLine("\(counter) \(message)")
        case .live(let columns):
            let elapsed = Int(stopwatch.seconds(since: start))
            let clock = "\(elapsed / 60):\(elapsed % 60 < 10 ? "0" : "")\(elapsed % 60)"
            sink.write(ProgressStyle.redrawn("\(counter) \(clock) \(message)", columns: columns))
            lineShown = true
        }
    }

    /// Clears the live line for good.
    func end() {
        guard lineShown else { return }
        sink.write(ProgressStyle.clearLine)
        lineShown = false
    }
}
