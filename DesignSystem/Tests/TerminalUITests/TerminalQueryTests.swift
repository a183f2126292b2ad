import Glibc
import TerminalTesting
import Testing

/// `Terminal.query` in `terminal-probe --query` under a pseudo-terminal: the test is the terminal, answering or
/// staying silent, and checks the settings (`stty -g`) before, during and after.
@Suite("Terminal query under a pseudo-terminal", .timeLimit(.minutes(3)))
struct TerminalQueryTests {
    /// A probe that has sent its question and is waiting for the answer (with `timeout` milliseconds).
    struct AskingProbe {
        let terminal: PseudoTerminal
        let process: TestProcess
        let settingsBefore: String
        /// The transcript offset after the question.
        let asked: Int

        init(timeout: Int) throws {
            terminal = try PseudoTerminal(columns: 80, rows: 24)
            settingsBefore = try terminal.sttySettings()
            let probe = try TestProcess.builtProduct("terminal-probe")
            process = try terminal.spawn(
                probe, ["--query", String(timeout)], environment: TerminalSessionTests.environment)
            asked = try terminal.waitForOutput("\u{1B}[c")
        }
    }

    @Test("the answer is read in raw mode (not echoed) and the settings are put back exactly")
    func answered() throws {
        let probe = try AskingProbe(timeout: 30_000)
        #expect(try probe.terminal.sttySettings() != probe.settingsBefore)
        // Sent in two writes: the probe reads until the final byte, wherever the reads split it.
        probe.terminal.type("\u{1B}[?62;")
        probe.terminal.type("4;22c")
        try probe.terminal.waitForOutput("answer ESC[?62;4;22c", after: probe.asked)
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        // Raw mode: the answer was not echoed back as typed text.
        #expect(!probe.terminal.transcriptText.contains("^[[?62"), "\(probe.terminal.transcriptText.debugDescription)")
    }

    @Test("a terminal that stays silent: no answer after the timeout, and the settings are back")
    func silent() throws {
        let probe = try AskingProbe(timeout: 150)
        try probe.terminal.waitForOutput("no answer (0 bytes)", after: probe.asked)
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("a signal while waiting restores the settings, then ends the process", arguments: [SIGTERM, SIGHUP])
    func signalled(signal: Int32) throws {
        let probe = try AskingProbe(timeout: 30_000)
        probe.process.signal(signal)
        #expect(try probe.process.wait() == .signaled(signal))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("Ctrl-Z while waiting gives the settings back; after SIGCONT the wait goes on in raw mode")
    func suspended() throws {
        let probe = try AskingProbe(timeout: 30_000)
        let raw = try probe.terminal.sttySettings()
        probe.terminal.type([0x1A])
        #expect(try probe.process.wait(untilStopped: true) == .stopped(SIGSTOP))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        probe.process.signal(SIGCONT)
        // Raw again once the probe's SIGCONT handler has run; the answer typed then is read, not echoed.
        let deadline = ContinuousClock.now + .seconds(10)
        while try probe.terminal.sttySettings() != raw, ContinuousClock.now < deadline {
            probe.terminal.readAvailable(waitingAtMost: .milliseconds(10))
        }
        #expect(try probe.terminal.sttySettings() == raw)
        probe.terminal.type("\u{1B}[?1;2c")
        try probe.terminal.waitForOutput("answer ESC[?1;2c", after: probe.asked)
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("a background job asks nothing (it would be stopped by SIGTTOU) and says why")
    func background() throws {
        let terminal = try PseudoTerminal(columns: 80, rows: 24)
        let before = try terminal.sttySettings()
        let probe = try TestProcess.builtProduct("terminal-probe")
        // A shell with job control puts `&` jobs in a process group of their own, not the terminal's foreground.
        let shell = try terminal.spawn(
            "/bin/sh", ["-m", "-c", "'\(probe)' --query 30000 & wait $!; echo \"probe exited $?\""],
            environment: TerminalSessionTests.environment)
        try terminal.waitForOutput("probe exited 2")
        #expect(terminal.transcriptText.contains("runs in the background"), "\(terminal.transcriptText)")
        #expect(!terminal.transcriptText.contains("\u{1B}[c"))
        #expect(try shell.wait() == .exited(0))
        #expect(try terminal.sttySettings() == before)
    }

    @Test("Ctrl-C while waiting still interrupts (ISIG is kept) and restores the settings")
    func interrupted() throws {
        let probe = try AskingProbe(timeout: 30_000)
        probe.terminal.type([0x03])
        #expect(try probe.process.wait() == .signaled(SIGINT))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }
}
