import Glibc
import TerminalTesting
import Testing

/// Mouse reporting of a `TerminalSession` under a pseudo-terminal (`terminal-probe --mouse`): switched on only
/// when asked, reports arriving as events, and switched off on every way out.
@Suite("Mouse reporting under a pseudo-terminal", .timeLimit(.minutes(3)))
struct MouseSessionTests {
    typealias RunningProbe = TerminalSessionTests.RunningProbe

    /// What the session writes to turn reporting on (`MouseReporting.buttons`) and off again, whole.
    static let buttonsOn = "\u{1B}[?1000h\u{1B}[?1006h"
    static let buttonsOff = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"

    @Test("without being asked, the session never turns reporting on, and reports that come anyway are dropped")
    func offUnlessAsked() throws {
        let probe = try RunningProbe()
        probe.terminal.type("\u{1B}[<0;5;6Mk")
        try probe.terminal.waitForOutput("key 1: k")
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        let transcript = probe.terminal.transcriptText
        for mode in ["1000", "1002", "1003", "1006"] { #expect(!transcript.contains("\u{1B}[?\(mode)h")) }
        #expect(!transcript.contains("mouse 1:"))
    }

    @Test("asked for, reporting goes on with the session; clicks past column 223, the wheel and releases arrive")
    func reportsArrive() throws {
        let probe = try RunningProbe(arguments: ["--mouse"])
        #expect(probe.terminal.transcriptText.contains(Self.buttonsOn))
        #expect(!probe.terminal.transcriptText.contains("\u{1B}[?1002h"))
        var mark = 0
        for (bytes, shown) in [
            ("\u{1B}[<0;251;4M", "mouse 1: press left 250,3"),
            ("\u{1B}[<0;251;4m", "mouse 2: release left 250,3"),
            ("\u{1B}[<65;10;20M", "mouse 3: wheel down 9,19"),
            ("\u{1B}[<18;2;3M", "mouse 4: press right 1,2 ctrl"),
        ] {
            probe.terminal.type(bytes)
            mark = try probe.terminal.waitForOutput(shown, after: mark)
        }
        // A report written in two pieces is put back together.
        probe.terminal.type("\u{1B}[<64;1")
        probe.terminal.type("2;7M")
        mark = try probe.terminal.waitForOutput("mouse 5: wheel up 11,6", after: mark)
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
        try probe.terminal.waitForOutput(Self.buttonsOff, after: mark)
        #expect(!probe.terminal.transcriptText.contains("key 1:"), "a report leaked as keys")
    }

    @Test("with drags asked for, motion with a button held arrives too, and mode 1002 goes off at the end")
    func drags() throws {
        let probe = try RunningProbe(arguments: ["--drags"])
        #expect(probe.terminal.transcriptText.contains("\u{1B}[?1000h\u{1B}[?1002h\u{1B}[?1006h"))
        probe.terminal.type("\u{1B}[<0;3;3M\u{1B}[<32;4;3M")
        let mark = try probe.terminal.waitForOutput("mouse 2: drag left 3,2")
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        try probe.terminal.waitForOutput("\u{1B}[?1006l\u{1B}[?1002l\u{1B}[?1000l", after: mark)
    }

    /// How a probe is made to end, and how it ends.
    enum WayOut: String, CaseIterable, CustomTestStringConvertible {
        case controlC, terminate, hangUp, exitCall, crash

        var testDescription: String { rawValue }

        var arguments: [String] {
            switch self {
            case .exitCall: return ["--mouse", "--exit-key"]
            case .crash: return ["--mouse", "--abort-key"]
            default: return ["--mouse"]
            }
        }

        func perform(_ probe: RunningProbe) {
            switch self {
            case .controlC: probe.terminal.type([0x03])
            case .terminate: probe.process.signal(SIGTERM)
            case .hangUp: probe.process.signal(SIGHUP)
            case .exitCall: probe.terminal.type("e")
            case .crash: probe.terminal.type("!")
            }
        }

        var status: ProcessStatus {
            switch self {
            case .controlC: return .signaled(SIGINT)
            case .terminate: return .signaled(SIGTERM)
            case .hangUp: return .signaled(SIGHUP)
            case .exitCall: return .exited(3)
            case .crash: return .signaled(SIGABRT)
            }
        }
    }

    @Test("every way out turns reporting off and restores the settings", arguments: WayOut.allCases)
    func offOnEveryWayOut(wayOut: WayOut) throws {
        let probe = try RunningProbe(arguments: wayOut.arguments)
        let mark = probe.terminal.transcript.count
        wayOut.perform(probe)
        #expect(try probe.process.wait() == wayOut.status)
        try probe.terminal.waitForOutput(Self.buttonsOff, after: mark)
        #expect(try probe.terminal.sttySettings() == probe.settingsBefore)
    }

    @Test("Ctrl-Z turns reporting off while stopped; resuming turns it on again and clicks arrive")
    func suspendAndResume() throws {
        let probe = try RunningProbe(arguments: ["--mouse"])
        var mark = probe.terminal.transcript.count
        probe.terminal.type([0x1A])
        #expect(try probe.process.wait(untilStopped: true) == .stopped(SIGSTOP))
        mark = try probe.terminal.waitForOutput(Self.buttonsOff, after: mark)
        probe.process.signal(SIGCONT)
        mark = try probe.terminal.waitForOutput(Self.buttonsOn, after: mark)
        try probe.terminal.waitForOutput("resumes 1", after: mark)
        probe.terminal.type("\u{1B}[<0;7;8M")
        mark = try probe.terminal.waitForOutput("mouse 1: press left 6,7", after: mark)
        probe.terminal.type("q")
        #expect(try probe.process.wait() == .exited(0))
        try probe.terminal.waitForOutput(Self.buttonsOff, after: mark)
    }
}
