import Foundation
import TerminalUI

/// A minimal full-screen program for the pseudo-terminal tests: it takes the terminal over with a
/// `TerminalSession`, shows what it receives and quits on `q`.
///
/// Rows it draws (plain text, so a test can find them in the terminal's output):
/// `terminal-probe ready`, `size <columns>x<rows>`, `key <n>: <description>`, `resumes <n>`.
/// With `--abort-key`, `!` makes it crash (`abort(3)`). It turns core dumps off, so the tests that end it with
/// SIGQUIT or a crash leave no core file behind.
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
        let abortKey = CommandLine.arguments.contains("--abort-key")
        do {
            try await terminal.withSession { session in
                var model = ProbeModel(size: session.size)
                session.draw(model.lines)
                for await event in session.events {
                    switch event {
                    case .key(let key):
                        if key == .character("q") { return }
                        if abortKey && key == .character("!") { abort() }
                        model.keyCount += 1
                        model.lastKey = key.description
                    case .resize(let size):
                        model.size = size
                    case .resume(let size):
                        model.size = size
                        model.resumes += 1
                    }
                    session.draw(model.lines)
                }
            }
        } catch {
            FileHandle.standardError.write(Data("terminal-probe: \(error)\n".utf8))
            exit(2)
        }
    }
}

/// What the probe shows.
private struct ProbeModel {
    var size: TerminalSize
    var keyCount = 0
    var lastKey = "none"
    var resumes = 0

    var lines: [StyledLine] {
        [
            "terminal-probe ready",
            StyledLine("size \(size)"),
            StyledLine("key \(keyCount): \(lastKey)"),
            StyledLine("resumes \(resumes)"),
        ]
    }
}
