import Foundation
import Glibc

/// A pseudo-terminal for tests: programs run with its slave side as their controlling terminal, and the test
/// plays the user on the master side (typing bytes, resizing the window, reading the screen output).
///
/// Every wait is bounded by a deadline and ends as soon as what it waits for happens; nothing sleeps for a fixed
/// time hoping a program got somewhere.
public final class PseudoTerminal {
    /// The master side: what the test writes is typed, what it reads is the programs' output.
    public let master: Int32
    /// The slave side, kept open by the test so the terminal settings outlive the programs it runs.
    public let slave: Int32
    /// The slave's device path (`/dev/pts/N`).
    public let slavePath: String
    /// Everything read from the master so far.
    public private(set) var transcript: [UInt8] = []

    /// Opens a pseudo-terminal of the given size.
    ///
    /// - Throws: `TestProcessError.systemCall` when `openpty(3)` fails.
    public init(columns: Int = 80, rows: Int = 24) throws {
        var master: Int32 = -1
        var slave: Int32 = -1
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        guard openpty(&master, &slave, nil, nil, &window) == 0 else {
            throw TestProcessError.systemCall("openpty", errno)
        }
        for descriptor in [master, slave] {
            _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC)
        }
        var name = [CChar](repeating: 0, count: 256)
        guard ttyname_r(slave, &name, name.count) == 0 else {
            close(master)
            close(slave)
            throw TestProcessError.systemCall("ttyname_r", errno)
        }
        self.master = master
        self.slave = slave
        self.slavePath = String(decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    deinit {
        close(master)
        close(slave)
    }

    /// The terminal settings as `stty -g` prints them (one line of colon-separated hexadecimal fields), read on
    /// the slave side.
    ///
    /// - Throws: `TestProcessError` when `stty` cannot run or fails.
    public func sttySettings() throws -> String {
        let result = try TestProcess.run("stty", ["-g"], environment: [:], standardInput: slave)
        guard result.status == .exited(0) else {
            throw TestProcessError.failed("stty -g", result.status, result.outputText)
        }
        return result.outputText.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Starts a program in a new session whose controlling terminal is this pseudo-terminal, with standard input,
    /// output and error on the slave side and default signal dispositions.
    public func spawn(_ executable: String, _ arguments: [String] = [], environment: [String: String])
        throws -> TestProcess
    {
        try TestProcess.spawn(executable, arguments, environment: environment, controllingTerminal: slavePath)
    }

    /// Types bytes, as if the user pressed keys.
    public func type(_ bytes: [UInt8]) {
        var written = 0
        while written < bytes.count {
            let result = bytes[written...].withUnsafeBytes { write(master, $0.baseAddress, $0.count) }
            if result > 0 {
                written += result
            } else if errno != EINTR {
                return
            }
        }
    }

    /// Types text.
    public func type(_ text: String) {
        type(Array(text.utf8))
    }

    /// Sets the window size; the kernel sends SIGWINCH to the terminal's foreground process group.
    public func resize(columns: Int, rows: Int) {
        var window = winsize(ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
        _ = ioctl(master, UInt(TIOCSWINSZ), &window)
    }

    /// Reads the master until `text` appears in the output after `position` (a transcript offset), or the deadline
    /// passes.
    ///
    /// - Returns: The transcript offset just after the match, to wait for what comes next from there.
    /// - Throws: `TestProcessError.timedOut` with the output so far when the text does not appear in time.
    @discardableResult
    public func waitForOutput(_ text: String, after position: Int = 0, timeout: Duration = .seconds(30)) throws -> Int {
        let needle = Array(text.utf8)
        let deadline = ContinuousClock.now + timeout
        while true {
            if let range = find(needle, from: position) { return range }
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                throw TestProcessError.timedOut("\"\(text)\" on the terminal", transcriptText)
            }
            readAvailable(waitingAtMost: remaining)
        }
    }

    /// Reads whatever the master has now, waiting at most `timeout` for the first byte.
    public func readAvailable(waitingAtMost timeout: Duration = .zero) {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            clamping: timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        guard poll(&descriptor, 1, milliseconds) > 0 else { return }
        var buffer = [UInt8](repeating: 0, count: 65536)
        let count = read(master, &buffer, buffer.count)
        if count > 0 { transcript += buffer[0..<count] }
    }

    /// The transcript as text, for failure messages.
    public var transcriptText: String {
        String(decoding: transcript, as: UTF8.self)
    }

    private func find(_ needle: [UInt8], from position: Int) -> Int? {
        guard !needle.isEmpty, transcript.count - position >= needle.count else { return nil }
        for start in max(position, 0)...(transcript.count - needle.count)
        where transcript[start..<(start + needle.count)].elementsEqual(needle) {
            return start + needle.count
        }
        return nil
    }
}
