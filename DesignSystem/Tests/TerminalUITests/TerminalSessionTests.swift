import Glibc
import TerminalTesting
import Testing

/// Runs `terminal-probe` (a `TerminalSession` program of this package) under a pseudo-terminal and checks what
/// the terminal looks like before, during and after, by way of `stty -g` on the terminal.
@Suite("Terminal session under a pseudo-terminal", .timeLimit(.minutes(3)))
struct TerminalSessionTests {
    /// The probe runs without the Swift runtime's crash reporter: on a terminal it offers an interactive prompt and
    /// waits 30 s for an answer, and under ThreadSanitizer it fails to start its helper and exits with TSan's status
    /// instead of the signal. A crash then ends the probe with the signal's default action.
    static let environment = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "SWIFT_BACKTRACE": "enable=no"]

    /// A probe running on a fresh pseudo-terminal, after it has drawn its first frame.
    struct RunningProbe {
        let terminal: PseudoTerminal
        let process: TestProcess
        let settingsBefore: String

        init(arguments: [String] = []) throws {
            terminal = try PseudoTerminal(columns: 80, rows: 24)
            settingsBefore = try terminal.sttySettings()
            let probe = try TestProcess.builtProduct("terminal-probe")
            process = try terminal.spawn(probe, arguments, environment: environment)
            try terminal.waitForOutput("terminal-probe ready")
        }
    }

    @Test("while the session runs, the terminal is in raw mode on the alternate screen")
    func rawModeWhileRunning() throws {
        let probe = try RunningProbe()
        let during = try probe.terminal.sttySettings()
        #expect(during != probe.settingsBefore)
        #expect(probe.terminal.transcriptText.contains("\u{1B}[?1049h"))
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
    }

    @Test("after q the settings are exactly what they were, and the normal screen is back")
    func quitRestores() throws {
        let probe = try RunningProbe()
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        try probe.terminal.waitForOutput("\u{1B}[?1049l")
    }

    @Test("after Ctrl-C the settings are exactly what they were, and SIGINT ended the process")
    func controlCRestores() throws {
        let probe = try RunningProbe()
        probe.terminal.type([0x03])
        #expect(try probe.process.wait() == .signaled(SIGINT))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test(
        "after a terminating signal the settings are exactly what they were",
        arguments: [SIGTERM, SIGHUP, SIGQUIT]
    )
    func signalRestores(signal: Int32) throws {
        let probe = try RunningProbe()
        probe.process.signal(signal)
        #expect(try probe.process.wait() == .signaled(signal))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("a crash (abort) restores the terminal, then ends the process as a crash")
    func crashRestores() throws {
        let probe = try RunningProbe(arguments: ["--abort-key"])
        let mark = probe.terminal.transcript.count
        probe.terminal.type("!")
        #expect(try probe.process.wait() == .signaled(SIGABRT))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        // The normal screen is back.
        try probe.terminal.waitForOutput("\u{1B}[?1049l", after: mark)
    }

    @Test("Ctrl-Z restores the terminal while stopped; resuming takes it over again and redraws")
    func suspendAndResume() throws {
        let probe = try RunningProbe()
        let raw = try probe.terminal.sttySettings()
        probe.terminal.type([0x1A])
        #expect(try probe.process.wait(untilStopped: true) == .stopped(SIGSTOP))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        let mark = probe.terminal.transcript.count
        probe.process.signal(SIGCONT)
        try probe.terminal.waitForOutput("resumes 1", after: mark)
        #expect(try probe.terminal.sttySettings() == raw)
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("a window resize arrives as an event with the new size")
    func resize() throws {
        let probe = try RunningProbe()
        try probe.terminal.waitForOutput("size 80x24")
        probe.terminal.resize(columns: 100, rows: 30)
        try probe.terminal.waitForOutput("size 100x30")
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
    }

    @Test("a change to observed state outside a key event redraws the view")
    func observationRedraws() throws {
        let probe = try RunningProbe()
        try probe.terminal.waitForOutput("changes 0")
        probe.terminal.type("t")
        try probe.terminal.waitForOutput("changes 1")
        probe.terminal.type("t")
        try probe.terminal.waitForOutput("changes 2")
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
    }

    @Test("keys typed on the terminal arrive decoded, a lone Escape included")
    func keys() throws {
        let probe = try RunningProbe()
        var mark = 0
        for (bytes, expected) in [
            ("\u{1B}[A", "key 1: up"), ("東", "key 2: 東"), ("\u{1B}", "key 3: escape"),
            ("\u{1B}[1;5C", "key 4: ctrl+right"),
        ] {
            probe.terminal.type(bytes)
            mark = try probe.terminal.waitForOutput(expected, after: mark)
        }
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
    }

    @Test("a burst of 10,000 typed keys is handled key by key and drawn in a few frames")
    func burstIsCoalesced() throws {
        let probe = try RunningProbe()
        let mark = try probe.terminal.waitForOutput("frames 1")
        // Typed in pieces with reads in between, so the probe's output never fills the terminal while the test
        // is writing (a full buffer both ways would stall both).
        for _ in 0..<10 {
            probe.terminal.type(String(repeating: "x", count: 1000))
            probe.terminal.readAvailable()
        }
        let keysShown = try probe.terminal.waitForOutput("key 10000: x", after: mark)
        // The frame that shows the last key writes its frame count on a row below.
        try probe.terminal.waitForOutput("frames ", after: keysShown)
        probe.terminal.readAvailable()
        let shown = String(decoding: probe.terminal.transcript[mark...], as: UTF8.self)
        let frames = shown.components(separatedBy: "frames ").dropFirst().compactMap { Int($0.prefix { $0.isNumber }) }
        let last = try #require(frames.max())
        #expect(last <= 100, "10,000 keys took \(last) frames")
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
    }
}
