import Foundation
import Observation
import TerminalUI

/// A minimal full-screen program for the pseudo-terminal tests: it takes the terminal over with a
/// `TerminalSession`, shows what it receives through `TerminalSession.run(_:onUnhandled:)`, and quits on `q`.
///
/// Rows it draws (plain text, so a test can find them in the terminal's output):
/// `terminal-probe ready`, `size <columns>x<rows>`, `key <n>: <description>`, `resumes <n>`, `changes <n>`,
/// `frames <n>` (how many times it was rendered, this frame included), `mouse <n>: <description>`.
/// `t` changes the model from a task after the key is handled, so only observation can redraw it.
/// With `--abort-key`, `!` makes it crash (`abort(3)`); with `--exit-key`, `e` calls `exit(3)` with status 3 from
/// inside the session. `--mouse` asks for mouse reports (`MouseReporting.buttons`), `--drags` for drags too. It
/// turns core dumps off, so the tests that end it with SIGQUIT or a crash leave no core file behind.
///
/// With `--query MILLISECONDS` it takes no session: it asks the terminal for its primary device attributes
/// (`Terminal.query`, `ESC [ c`) waiting at most that long, prints `answer <bytes, escaped>` or
/// `no answer (<n> bytes)` and exits 0.
@main
struct TerminalProbe {
    @MainActor
    static func main() async {
        var noCore = rlimit(rlim_cur: 0, rlim_max: 0)
        _ = setrlimit(__rlimit_resource_t(RLIMIT_CORE.rawValue), &noCore)
        let terminal = Terminal(
            inputDescriptor: STDIN_FILENO,
            outputDescriptor: STDOUT_FILENO,
            environment: ProcessInfo.processInfo.environment
        )
        let arguments = CommandLine.arguments
        if let flag = arguments.firstIndex(of: "--query") {
            let milliseconds = arguments.dropFirst(flag + 1).first.flatMap { Int($0) } ?? 1000
            query(terminal, timeout: .milliseconds(milliseconds))
            return
        }
        let model = ProbeModel()
        let view = ProbeView(
            model: model, abortKey: arguments.contains("--abort-key"), exitKey: arguments.contains("--exit-key"))
        let mouse: MouseReporting =
            arguments.contains("--drags") ? .drags : arguments.contains("--mouse") ? .buttons : .off
        do {
            try await terminal.withSession(configuration: TerminalSession.Configuration(mouse: mouse)) { session in
                await session.run(view) { event in
                    switch event {
                    case .key(let key):
                        return key == .character("q") ? .stop : .keepRunning
                    case .resume:
                        model.resumes += 1
                        return .keepRunning
                    default:
                        return .keepRunning
                    }
                }
            }
        } catch {
            FileHandle.standardError.write(Data("terminal-probe: \(error)\n".utf8))
            exit(2)
        }
    }
}

/// `--query`: one DA1 question, its answer on standard output.
private func query(_ terminal: Terminal, timeout: Duration) {
    do {
        let reply = try terminal.query(Array("\u{1B}[c".utf8), timeout: timeout) { $0.last == UInt8(ascii: "c") }
        let text = String(decoding: reply.bytes, as: UTF8.self).replacingOccurrences(of: "\u{1B}", with: "ESC")
        print(reply.isComplete ? "answer \(text)" : "no answer (\(reply.bytes.count) bytes)")
    } catch {
        FileHandle.standardError.write(Data("terminal-probe: \(error)\n".utf8))
        exit(2)
    }
}

/// What the probe shows.
@MainActor
@Observable
final class ProbeModel {
    var keyCount = 0
    var lastKey = "none"
    var resumes = 0
    var changes = 0
    var mouseCount = 0
    var lastMouse = "none"
    /// Renders so far; not observed, since rendering writes it.
    @ObservationIgnored var frames = 0
}

/// The probe's screen.
@MainActor
struct ProbeView: TerminalView {
    let model: ProbeModel
    let abortKey: Bool
    let exitKey: Bool

    func render(size: TerminalSize) -> [StyledLine] {
        model.frames += 1
        return [
            "terminal-probe ready",
            StyledLine("size \(size)"),
            StyledLine("key \(model.keyCount): \(model.lastKey)"),
            StyledLine("resumes \(model.resumes)"),
            StyledLine("changes \(model.changes)"),
            StyledLine("frames \(model.frames)"),
            StyledLine("mouse \(model.mouseCount): \(model.lastMouse)"),
        ]
    }

    func handleMouse(_ event: MouseEvent) -> KeyHandling {
        model.mouseCount += 1
        model.lastMouse = event.description
        return .handled
    }

    func handle(_ key: KeyEvent) -> KeyHandling {
        if key == .character("q") { return .ignored }
        if abortKey && key == .character("!") { abort() }
        if exitKey && key == .character("e") { exit(3) }
        if key == .character("t") {
            let model = self.model
            Task { @MainActor in
                await Task.yield()
                model.changes += 1
            }
            return .handled
        }
        model.keyCount += 1
        model.lastKey = key.description
        return .handled
    }
}
