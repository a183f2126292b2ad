import FeaturePreview
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A feature's built preview executable driven through tmux as a person would: keys in, screen text out, and the
/// terminal's settings compared before and after. Each value has a tmux server of its own (`tmux -L <unique name>`,
/// no configuration file) and a temporary directory, both removed by `stop()`.
///
/// The program runs with a minimal environment (`env -i`): no home, no proxy, and `STOREFRONT_API_URL` pointing at
/// the discard port of the loopback address, so a preview that reached for a server would show it.
public final class PreviewInTmux: Sendable {
    /// A tmux command that failed, or a screen that never showed what was awaited (with the screen it showed).
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with the last screen.
        public let description: String
    }

    /// The executable run.
    public let executable: URL
    private let socketName = "preview-test-\(UUID().uuidString)"
    private let directory: URL

    /// The built executable `name` (`CheckoutPreview`) in the build products directory of the running test bundle.
    ///
    /// - Throws: `Failure` naming where it looked when there is none (the package's executables were not built:
    ///   `swift build --build-tests` builds them).
    public static func builtExecutable(named name: String) throws -> URL {
        var directory = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for _ in 0..<4 {
            let candidate = directory.appending(path: name)
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        throw Failure(description: "no built \(name) above \(CommandLine.arguments[0]); run swift build --build-tests")
    }

    /// Whether tmux is installed (`make test` installs it: scripts/system-packages.txt).
    public static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// Starts `executable arguments` in a detached tmux pane of `columns` × `rows` whose shell saves the terminal's
    /// settings (`stty -g`) before and after the program, and its exit status after it.
    ///
    /// - Throws: `Failure` when tmux cannot start the session.
    public init(executable: URL, arguments: [String] = [], columns: Int = 100, rows: Int = 30) throws {
        self.executable = executable
        directory = FileManager.default.temporaryDirectory.appending(path: "preview-tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let environment = [
            "PATH=/usr/bin:/bin", "HOME=/nonexistent", "TERM=xterm-256color", "LANG=C.UTF-8",
            "STOREFRONT_API_URL=http://127.0.0.1:9", "SWIFT_BACKTRACE=interactive=no,color=no",
        ]
        let program = ([executable.path] + arguments).map(Self.quoted).joined(separator: " ")
        let files = directory.path
        let line =
            "stty -g > \(Self.quoted(files + "/before")); env -i \(environment.joined(separator: " ")) \(program); "
            + "echo $? > \(Self.quoted(files + "/status")); stty -g > \(Self.quoted(files + "/after"))"
        try tmux(["new-session", "-d", "-s", "preview", "-x", "\(columns)", "-y", "\(rows)", line])
        try tmux(["set-option", "-t", "preview", "remain-on-exit", "on"])
    }

    /// Stops the tmux server and removes the temporary directory.
    public func stop() {
        _ = try? tmux(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// The pane's text now.
    public func screen() throws -> String {
        try tmux(["capture-pane", "-p", "-t", "preview"])
    }

    /// Sends keys in tmux's names (`Down`, `Enter`, `Escape`, `F2`, `q`).
    public func press(_ keys: String...) throws {
        try tmux(["send-keys", "-t", "preview"] + keys)
    }

    /// Waits until `condition` holds for the screen, reading it every 50 ms for at most `timeout`; the screen then.
    ///
    /// - Throws: `Failure` with the last screen when it never held.
    @discardableResult
    public func waitForScreen(
        _ what: String, timeout: Duration = .seconds(20), _ condition: (String) -> Bool
    ) async throws -> String {
        let deadline = ContinuousClock.now + timeout
        var last = ""
        while ContinuousClock.now < deadline {
            last = try screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the screen never showed \(what); it shows:\n\(last)")
    }

    /// Waits for the program to end (at most `timeout`) and returns its exit status and whether the terminal's
    /// settings after it are those before it.
    ///
    /// - Throws: `Failure` when it does not end in time.
    public func waitForExit(timeout: Duration = .seconds(20)) async throws -> (status: Int32, restored: Bool) {
        let deadline = ContinuousClock.now + timeout
        let after = directory.appending(path: "after")
        while ContinuousClock.now < deadline {
            if let settings = try? String(contentsOf: after, encoding: .utf8), !settings.isEmpty {
                let before = try String(contentsOf: directory.appending(path: "before"), encoding: .utf8)
                let status = try String(contentsOf: directory.appending(path: "status"), encoding: .utf8)
                return (Int32(status.trimmingCharacters(in: .whitespacesAndNewlines)) ?? -1, before == settings)
            }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the program did not end; it shows:\n\((try? screen()) ?? "")")
    }

    // MARK: - Private

    private static func quoted(_ text: String) -> String {
        "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// Runs tmux on this value's server with `posix_spawnp`, its output to a file, no signal blocked and the signals
    /// tmux relies on at their default actions: a thread of the concurrency pool blocks most signals and a spawned
    /// process inherits the mask, and a tmux server with SIGCHLD blocked never reaps its pane. (With `Process` and a
    /// pipe, the server that `new-session` forks keeps the pipe open and the wait never ends.)
    @discardableResult
    private func tmux(_ arguments: [String]) throws -> String {
        let output = directory.appending(path: "tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: output) }
        let argv = (["tmux", "-L", socketName, "-f", "/dev/null"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var none = sigset_t()
        sigemptyset(&none)
        posix_spawnattr_setsigmask(&attributes, &none)
        var defaulted = sigset_t()
        sigfillset(&defaulted)
        sigdelset(&defaulted, SIGKILL)
        sigdelset(&defaulted, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaulted)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else { throw Failure(description: "tmux could not be started (error \(spawned))") }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOf: output, encoding: .utf8)) ?? ""
        guard status == 0 else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed (\(status)): \(text)")
        }
        return text
    }
}

/// The check every feature's preview test makes: the built preview starts offline in tmux, shows its menu, opens one
/// state from it with the keys a person presses, goes back to the menu, and quits with `q`, exit 0, with the
/// terminal's settings restored and the alternate screen left.
public enum PreviewTmuxCheck {
    /// Runs the check on the built executable `name`.
    ///
    /// - Parameters:
    ///   - name: The executable (`CheckoutPreview`).
    ///   - catalog: The catalog the executable shows (its heading is `<feature> preview`, its paths the menu's).
    ///   - path: The state to open (one of the catalog's paths).
    ///   - showing: Text the opened state's screen shows.
    ///   - back: The tmux key that goes back to the menu from that screen (`Escape`, or `F2`, which always does).
    /// - Throws: `PreviewInTmux.Failure` naming the step that failed and the screen then.
    public static func run(
        executable name: String, catalog: PreviewCatalog, opening path: String, showing: String,
        back: String = "Escape"
    ) async throws {
        let paths = catalog.entries.map(\.path)
        guard let index = paths.firstIndex(of: path) else {
            throw PreviewInTmux.Failure(description: "\(path) is not among the menu's paths \(paths)")
        }
        let preview = try PreviewInTmux(executable: try PreviewInTmux.builtExecutable(named: name))
        defer { preview.stop() }
        let heading = "\(catalog.feature) preview"
        try await preview.waitForScreen("the menu") { $0.contains(heading) && $0.contains(paths[0]) }
        for _ in 0..<index { try preview.press("Down") }
        try await preview.waitForScreen("\(path) selected") { screen in
            screen.split(separator: "\n").contains { $0.contains("› \(path)") }
        }
        try preview.press("Enter")
        try await preview.waitForScreen("\(path) open, showing '\(showing)'") {
            $0.contains("preview \(path)") && $0.contains(showing)
        }
        try preview.press(back)
        try await preview.waitForScreen("the menu again") { $0.contains(heading) && !$0.contains("preview \(path)") }
        try preview.press("q")
        let (status, restored) = try await preview.waitForExit()
        let after = try preview.screen()
        guard status == 0 else { throw PreviewInTmux.Failure(description: "q ended with status \(status):\n\(after)") }
        guard restored else {
            throw PreviewInTmux.Failure(description: "the terminal's settings were not restored after q")
        }
        guard !after.contains(heading) else {
            throw PreviewInTmux.Failure(description: "the menu is still on the screen after q:\n\(after)")
        }
    }
}
