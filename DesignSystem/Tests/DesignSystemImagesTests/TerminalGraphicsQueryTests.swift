import DesignSystemImages
import Foundation
import Glibc
import Synchronization
import TerminalUI
import Testing

@Suite("The graphics probe's answer (pure parsing)", .timeLimit(.minutes(3)))
struct TerminalGraphicsReplyTests {
    static let kittyOK = "\u{1B}_Gi=31;OK\u{1B}\\"
    static let sixelDA1 = "\u{1B}[?63;1;2;4;6;9;15;22c"
    static let plainDA1 = "\u{1B}[?62;22c"

    private func reply(_ text: String) -> TerminalGraphicsReply {
        var reply = TerminalGraphicsReply()
        reply.consume(text.utf8)
        return reply
    }

    @Test(
        "kitty's OK before DA1 means kitty; a 4 in DA1 sixel; neither symbols",
        arguments: [
            (kittyOK + plainDA1, TerminalGraphicsProtocol?.some(.kitty)),
            (kittyOK + sixelDA1, .kitty),
            (sixelDA1, .sixel),
            (plainDA1, nil),
            ("\u{1B}_Gi=31;ENOTSUPPORTED:no shm\u{1B}\\" + plainDA1, nil),
            // tmux answers DA1 itself.
            ("\u{1B}[?1;2c", nil),
            // A BEL ends an APC string too.
            ("\u{1B}_Gi=31;OK\u{07}" + plainDA1, .kitty),
        ])
    func answers(text: String, expected: TerminalGraphicsProtocol?) {
        let parsed = reply(text)
        #expect(parsed.isComplete)
        #expect(parsed.graphics == expected)
    }

    @Test("an answer split across reads at any byte reads the same as in one piece")
    func splitAnywhere() {
        let bytes = Array((Self.kittyOK + Self.sixelDA1).utf8)
        for cut in 0...bytes.count {
            var parsed = TerminalGraphicsReply()
            parsed.consume(bytes[..<cut])
            #expect(parsed.isComplete == (cut == bytes.count), "cut at \(cut)")
            parsed.consume(bytes[cut...])
            #expect(
                parsed.graphics == .kitty && parsed.deviceAttributes == [63, 1, 2, 4, 6, 9, 15, 22], "cut at \(cut)")
        }
    }

    @Test("typed keys, other reports and garbage around the answer are skipped")
    func garbage() {
        // Keys typed while waiting, a cursor position report, DA2 (`CSI > … c`, not DA1), a reply for another
        // image id, a cut-off APC, invalid UTF-8, then the answer.
        let noise =
            "ls -l\r\u{1B}[A\u{1B}[12;40R\u{1B}[>1;10;0c\u{1B}_Gi=7;OK\u{1B}\\\u{1B}_Gi=31;O"
        var parsed = TerminalGraphicsReply()
        parsed.consume(Array(noise.utf8) + [0xFF, 0xC3, 0x1B, 0x1B])
        #expect(!parsed.isComplete && parsed.kitty == nil && parsed.graphics == nil)
        parsed.consume(Self.sixelDA1.utf8)
        #expect(parsed.isComplete && parsed.graphics == .sixel)
        // After the answer nothing more is read.
        parsed.consume(Self.kittyOK.utf8)
        #expect(parsed.kitty == nil)
    }

    @Test("no answer, or a flood of bytes, is incomplete and means symbols")
    func noAnswer() {
        #expect(!reply("").isComplete && reply("").graphics == nil)
        let flood =
            "\u{1B}[" + String(repeating: "9", count: 10_000) + "c" + "\u{1B}_G" + String(repeating: "x", count: 10_000)
        #expect(!reply(flood).isComplete && reply(flood).graphics == nil)
        #expect(reply(flood + Self.plainDA1).isComplete)
    }
}

/// The probe sent to a pseudo-terminal of this process, whose master side the test plays: it answers like a kitty
/// or sixel terminal, or stays silent. One at a time: a query takes the process's terminal-signal handling.
@Suite("The graphics probe on a pseudo-terminal", .serialized, .timeLimit(.minutes(3)))
struct TerminalGraphicsProbeTests {
    /// A pseudo-terminal pair; the slave side is the terminal the probe asks.
    final class Pair: Sendable {
        let master: Int32
        let slave: Int32

        init() throws {
            var master: Int32 = -1
            var slave: Int32 = -1
            guard openpty(&master, &slave, nil, nil, nil) == 0 else { throw POSIXError(.EIO) }
            self.master = master
            self.slave = slave
        }

        deinit {
            close(master)
            close(slave)
        }

        var terminal: Terminal {
            Terminal(inputDescriptor: slave, outputDescriptor: slave, environment: [:])
        }

        func settings() -> [UInt8] {
            var current = termios()
            _ = tcgetattr(slave, &current)
            return withUnsafeBytes(of: &current) { Array($0) }
        }

        /// Reads the master until `needle` has arrived or 10 s passed; what was read.
        func read(until needle: [UInt8]) -> [UInt8] {
            var seen: [UInt8] = []
            let deadline = ContinuousClock.now + .seconds(10)
            var buffer = [UInt8](repeating: 0, count: 4096)
            while ContinuousClock.now < deadline, !seen.ends(with: needle) {
                var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
                guard poll(&descriptor, 1, 100) > 0 else { continue }
                let count = Glibc.read(master, &buffer, buffer.count)
                if count > 0 { seen += buffer[0..<count] }
            }
            return seen
        }

        func write(_ text: String) {
            let bytes = Array(text.utf8)
            _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
        }
    }

    /// The detection running on a thread of its own (it blocks while it waits), started at once: not from a task,
    /// which would first need a thread of the cooperative pool, where other suites' blocking waits may hold both
    /// threads of a 2-core machine while this test reads the terminal.
    final class Detection: Sendable {
        private let result = Mutex<TerminalGraphicsDetection?>(nil)
        private let finished = DispatchSemaphore(value: 0)

        init(on pair: Pair, environment: [String: String] = ["TERM": "xterm-256color"], timeout: Duration) {
            let terminal = pair.terminal
            Thread { [self] in
                let detection = TerminalGraphicsProtocol.detect(
                    environment: environment, terminal: terminal, timeout: timeout)
                result.withLock { $0 = detection }
                finished.signal()
            }.start()
        }

        /// Waits for the detection (bounded by its own timeout) and returns it.
        func wait() -> TerminalGraphicsDetection? {
            finished.wait()
            return result.withLock { $0 }
        }
    }

    @Test("a kitty terminal: the query image and DA1 are sent in raw mode, OK then DA1 means kitty")
    func kittyTerminal() async throws {
        let pair = try Pair()
        let before = pair.settings()
        let detection = Detection(on: pair, timeout: .seconds(20))
        let request = pair.read(until: Array("\u{1B}[c".utf8))
        #expect(request == TerminalGraphicsProtocol.probe)
        // Raw while it waits: no echo, no canonical mode.
        var during = termios()
        _ = tcgetattr(pair.slave, &during)
        #expect(during.c_lflag & tcflag_t(ECHO | ICANON) == 0)
        pair.write(TerminalGraphicsReplyTests.kittyOK)
        pair.write(TerminalGraphicsReplyTests.plainDA1)
        #expect(detection.wait() == TerminalGraphicsDetection(graphics: .kitty, source: .terminal))
        #expect(pair.settings() == before)
    }

    @Test("a sixel terminal answers DA1 with 4")
    func sixelTerminal() async throws {
        let pair = try Pair()
        let detection = Detection(on: pair, timeout: .seconds(20))
        _ = pair.read(until: Array("\u{1B}[c".utf8))
        pair.write(TerminalGraphicsReplyTests.sixelDA1)
        #expect(detection.wait() == TerminalGraphicsDetection(graphics: .sixel, source: .terminal))
    }

    @Test("a silent terminal: symbols after the timeout, settings restored")
    func silentTerminal() async throws {
        let pair = try Pair()
        let before = pair.settings()
        let detection = Detection(on: pair, timeout: .milliseconds(100)).wait()
        #expect(detection == TerminalGraphicsDetection(graphics: nil, source: .timeout))
        #expect(pair.settings() == before)
        #expect(pair.read(until: Array("\u{1B}[c".utf8)) == TerminalGraphicsProtocol.probe)
    }

    @Test(
        "nothing is asked under NO_COLOR, TERM=dumb or the Linux console, or when the environment already says",
        arguments: [
            (["TERM": "xterm-256color", "NO_COLOR": "1"], TerminalGraphicsDetection(graphics: nil, source: .none)),
            (["TERM": "dumb"], TerminalGraphicsDetection(graphics: nil, source: .none)),
            (["TERM": "linux"], TerminalGraphicsDetection(graphics: nil, source: .none)),
            (["TERM": "xterm-kitty"], TerminalGraphicsDetection(graphics: .kitty, source: .environment)),
            (["TERM": "foot"], TerminalGraphicsDetection(graphics: .sixel, source: .environment)),
        ])
    func notAsked(environment: [String: String], expected: TerminalGraphicsDetection) async throws {
        let pair = try Pair()
        #expect(Detection(on: pair, environment: environment, timeout: .seconds(20)).wait() == expected)
        var descriptor = pollfd(fd: pair.master, events: Int16(POLLIN), revents: 0)
        #expect(poll(&descriptor, 1, 0) == 0, "nothing was written to the terminal")
    }

    @Test("no terminal (a pipe, or not given): nothing is asked")
    func noTerminal() {
        #expect(
            TerminalGraphicsProtocol.detect(environment: ["TERM": "xterm-256color"], terminal: nil)
                == TerminalGraphicsDetection(graphics: nil, source: .none))
        var descriptors: [Int32] = [-1, -1]
        #expect(pipe(&descriptors) == 0)
        defer {
            for descriptor in descriptors { close(descriptor) }
        }
        let piped = Terminal(inputDescriptor: descriptors[0], outputDescriptor: descriptors[1], environment: [:])
        #expect(
            TerminalGraphicsProtocol.detect(environment: ["TERM": "xterm-256color"], terminal: piped)
                == TerminalGraphicsDetection(graphics: nil, source: .none))
    }
}

extension Array where Element == UInt8 {
    fileprivate func ends(with suffix: [UInt8]) -> Bool {
        count >= suffix.count && self[(count - suffix.count)...].elementsEqual(suffix)
    }
}
