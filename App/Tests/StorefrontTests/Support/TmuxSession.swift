import FeatureKit
import Foundation

/// A tmux server of its own (`tmux -L <unique name>`) running one shell command in a pane of a fixed size, for
/// driving the full-screen app with keys and reading what it shows.
struct TmuxSession: Sendable {
    /// A failure to drive tmux, or a screen that never showed what was awaited.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let socketName = "storefront-test-\(UUID().uuidString)"
    private let target = "app"
    /// Where the Swift runtime writes the report of a program of this pane that crashes (one file per crash).
    private let crashDirectory: URL

    /// Starts the shell command line `command(crashReporting)` in a detached session of `columns` × `rows`; the
    /// command puts the assignment it is given into the environment of the program under test. The assignment makes
    /// a Swift program write its crash report into this session's crash directory instead of stopping at the
    /// runtime's interactive prompt ("Press space to interact…"), where a crashed app looks like one that hangs.
    init(columns: Int = 100, rows: Int = 30, command: (_ crashReporting: String) -> String) async throws {
        crashDirectory = FileManager.default.temporaryDirectory.appending(path: "storefront-crashes-\(UUID())")
        try FileManager.default.createDirectory(at: crashDirectory, withIntermediateDirectories: true)
        let line = command("SWIFT_BACKTRACE=interactive=no,color=no,output-to=\(crashDirectory.path)")
        try await tmux(["new-session", "-d", "-s", target, "-x", "\(columns)", "-y", "\(rows)", line])
        try await tmux(["set-option", "-t", target, "remain-on-exit", "on"])
    }

    /// Runs `body` with the command line `command(crashReporting)` in a new session, and stops the session
    /// afterwards whatever `body` did.
    ///
    /// - Throws: what `body` threw, with the crash report of the pane's program when it crashed; `Failure` with the
    ///   report when `body` passed but the program crashed all the same.
    static func with(
        columns: Int = 100, rows: Int = 30, command: (_ crashReporting: String) -> String,
        _ body: (TmuxSession) async throws -> Void
    ) async throws {
        let session = try await TmuxSession(columns: columns, rows: rows, command: command)
        defer { try? FileManager.default.removeItem(at: session.crashDirectory) }
        do {
            try await body(session)
        } catch {
            await session.kill()
            throw error
        }
        await session.kill()
        if let report = session.crashReport() {
            throw Failure(description: "the program crashed:\n\(report)")
        }
    }

    /// The crash reports the pane's programs wrote, joined, or nil when none crashed.
    func crashReport() -> String? {
        let files = (try? FileManager.default.contentsOfDirectory(at: crashDirectory, includingPropertiesForKeys: nil))
        let reports = (files ?? []).sorted { $0.path < $1.path }.compactMap {
            try? String(contentsOf: $0, encoding: .utf8)
        }
        return reports.isEmpty ? nil : reports.joined(separator: "\n")
    }

    /// What a failure message adds about the program: its crash report, when it crashed.
    private func crashNote() -> String {
        crashReport().map { "\nthe program crashed:\n\($0)" } ?? ""
    }

    /// Whether tmux is installed.
    static var isAvailable: Bool {
        ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].contains {
            FileManager.default.isExecutableFile(atPath: $0)
        }
    }

    /// The text on the screen now.
    func screen() async throws -> String {
        try await tmux(["capture-pane", "-p", "-t", target])
    }

    /// The screen now with its colours and attributes as SGR sequences (`capture-pane -e`).
    func screenWithEscapes() async throws -> String {
        try await tmux(["capture-pane", "-p", "-e", "-t", target])
    }

    /// Sends keys in tmux's names (`Down`, `Enter`, `C-c`).
    func press(_ keys: String...) async throws {
        try await tmux(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally.
    func type(_ text: String) async throws {
        try await tmux(["send-keys", "-t", target, "-l", text])
    }

    /// Changes the window's size (the program gets SIGWINCH).
    func resize(columns: Int, rows: Int) async throws {
        try await tmux(["resize-window", "-t", target, "-x", "\(columns)", "-y", "\(rows)"])
    }

    /// The process id of the program the pane's shell runs (the shell's only child).
    func appProcessID() async throws -> Int32 {
        let text = try await tmux(["display-message", "-p", "-t", target, "#{pane_pid}"])
        guard let shell = Int32(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
            throw Failure(description: "no pane pid in '\(text)'")
        }
        let children = try String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        guard let child = children.split(separator: " ").first.flatMap({ Int32($0) }) else {
            throw Failure(description: "the pane's shell \(shell) runs no program")
        }
        return child
    }

    /// A format variable of the pane (`mouse_standard_flag`: whether the program asked for mouse reports).
    func paneVariable(_ name: String) async throws -> String {
        try await tmux(["display-message", "-p", "-t", target, "#{\(name)}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Whether the pane's program has ended.
    func programEnded() async throws -> Bool {
        try await tmux(["display-message", "-p", "-t", target, "#{pane_dead}"]).hasPrefix("1")
    }

    /// Waits until `condition` holds for the screen, checking every 50 ms for at most `timeout`.
    ///
    /// - Throws: `Failure` with the last screen when it never held.
    @discardableResult
    func waitForScreen(
        timeout: Duration = .seconds(20), _ what: String, _ condition: @Sendable (String) -> Bool
    ) async throws -> String {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        var last = ""
        while clock.now < deadline {
            last = try await screen()
            if condition(last) { return last }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(description: "the screen never showed \(what); it shows:\n\(last)\(crashNote())")
    }

    /// Waits until the program ended, checking every 50 ms for at most `timeout`.
    func waitForExit(timeout: Duration = .seconds(20)) async throws {
        let clock = ContinuousClock()
        let deadline = clock.now + timeout
        while clock.now < deadline {
            if try await programEnded() { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw Failure(
            description: "the program did not end; it shows:\n\((try? await screen()) ?? "")\(crashNote())")
    }

    /// Stops this tmux server (and the pane with it).
    func kill() async {
        _ = try? await tmux(["kill-server"])
    }

    /// Runs one tmux command of this session's server, off the concurrency threads.
    @discardableResult
    private func tmux(_ arguments: [String]) async throws -> String {
        let socketName = socketName
        return try await offPool { try Self.runTmux(["-L", socketName, "-f", "/dev/null"] + arguments) }
    }

    /// Runs tmux with `posix_spawnp` and `waitpid`, its output going to a file: with `Process` (and a pipe), the
    /// server that `new-session` forks inherits descriptors of the client, and waiting for the client never ends.
    private static func runTmux(_ arguments: [String]) throws -> String {
        let outputURL = FileManager.default.temporaryDirectory.appending(path: "tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputURL) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputURL.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = (["tmux"] + arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        // NB: a thread of the concurrency pool blocks most signals, and a spawned process inherits that mask. A tmux
        // server with SIGCHLD and SIGTERM blocked never reaps its pane and never exits on `kill-server`, so start
        // tmux with nothing blocked and the signals it relies on at their default actions.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        posix_spawnattr_setsigmask(&attributes, &unblocked)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGCHLD, SIGHUP, SIGINT, SIGTERM, SIGQUIT, SIGPIPE, SIGWINCH, SIGTSTP, SIGCONT] {
            sigaddset(&defaults, signal)
        }
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        guard spawned == 0 else {
            throw Failure(description: "tmux could not be started (error \(spawned))")
        }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let text = (try? String(contentsOf: outputURL, encoding: .utf8)) ?? ""
        let exitedCleanly = (status & 0x7f) == 0 && (status >> 8) & 0xff == 0
        guard exitedCleanly else {
            throw Failure(description: "tmux \(arguments.joined(separator: " ")) failed: \(text)")
        }
        return text
    }
}
