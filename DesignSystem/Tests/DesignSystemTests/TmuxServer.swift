import Foundation
import Glibc
import TerminalTesting

/// A tmux server of a test's own (its socket in a temporary directory, no configuration file), killed at the end:
/// tmux is the terminal emulator whose screen the test reads back.
final class TmuxServer {
    let directory: URL
    let socket: String
    /// The size of every session it starts.
    let columns: Int
    let rows: Int

    init(columns: Int, rows: Int) throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        socket = directory.appendingPathComponent("tmux.sock").path
        self.columns = columns
        self.rows = rows
    }

    deinit {
        _ = try? run(["kill-server"])
        try? FileManager.default.removeItem(at: directory)
    }

    /// Runs a tmux command on this server (UTF-8 forced with `-u`); its standard output.
    ///
    /// - Throws: `TestProcessError` when tmux is missing or the command fails.
    @discardableResult
    func run(_ arguments: [String]) throws -> String {
        let environment = ["LANG": "C.UTF-8", "PATH": ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"]
        let result = try TestProcess.run(
            "tmux", ["-u", "-S", socket, "-f", "/dev/null"] + arguments, environment: environment)
        guard result.status == .exited(0) else {
            throw TestProcessError.failed("tmux \(arguments.joined(separator: " "))", result.status, result.outputText)
        }
        return result.outputText
    }

    /// Starts `command` (a shell command line) in a new detached session.
    func start(_ session: String, _ command: String) throws {
        try run([
            "new-session", "-d", "-s", session, "-x", "\(columns)", "-y", "\(rows)", "-e", "LANG=C.UTF-8", "-e",
            "SWIFT_BACKTRACE=enable=no", command,
        ])
    }

    /// What the pane shows, cell by cell: its text with the look of every cell (`TerminalScreen.cells`), and where
    /// its cursor is and whether it shows.
    func screen(_ session: String) throws -> String {
        let capture = try run(["capture-pane", "-p", "-e", "-t", session])
        let cursor = try run(["display-message", "-p", "-t", session, "#{cursor_x},#{cursor_y},#{cursor_flag}"])
        return TerminalScreen.cells(ofCapture: capture) + "cursor " + cursor
    }

    /// Waits until `condition` holds for the pane's screen; the screen then.
    ///
    /// - Throws: `TestProcessError.timedOut` with the last screen when it does not within `timeout`.
    @discardableResult
    func waitForScreen(_ session: String, timeout: Duration = .seconds(60), _ condition: (String) throws -> Bool)
        throws -> String
    {
        let deadline = ContinuousClock.now + timeout
        while true {
            let shown = try screen(session)
            if try condition(shown) { return shown }
            guard ContinuousClock.now < deadline else {
                throw TestProcessError.timedOut("the awaited screen in tmux session \(session)", shown)
            }
            // Each capture starts two processes; between them the program under test gets the CPU.
            var none = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&none, 1, 20)
        }
    }
}

/// The look of a screen as `tmux capture-pane -e` prints it, put in a form that depends only on what each cell
/// shows: tmux writes its SGR sequences where its grid happens to change attributes (a reset at the end of one line
/// or at the start of the next, depending on whether the cells after the text were ever written), so two equal
/// screens can print differently.
enum TerminalScreen {
    /// How a cell looks: what SGR set for it, or for a blank, only what shows on a blank (background, inverse,
    /// underline).
    struct Look: Hashable, CustomStringConvertible {
        var attributes: Set<Int> = []
        var foreground: String?
        var background: String?

        var description: String {
            let parts =
                attributes.sorted().map(String.init)
                + [foreground.map { "fg " + $0 }, background.map { "bg " + $0 }]
                .compactMap { $0 }
            return "{" + parts.joined(separator: ",") + "}"
        }

        /// Applies one SGR sequence's parameters (ECMA-48 § 8.3.117 with xterm's 256 and 24-bit colours).
        mutating func apply(_ parameters: [Int]) {
            var index = 0
            while index < parameters.count {
                let value = parameters[index]
                switch value {
                case 0: self = Look()
                case 1...9: attributes.insert(value)
                case 21, 22: attributes.subtract([1, 2])
                case 23...29: attributes.remove(value - 20)
                case 30...37, 90...97: foreground = String(value)
                case 39: foreground = nil
                case 40...47, 100...107: background = String(value)
                case 49: background = nil
                case 38, 48:
                    let extended = Self.extendedColour(parameters, at: index)
                    if value == 38 { foreground = extended.colour } else { background = extended.colour }
                    index += extended.length - 1
                default: break
                }
                index += 1
            }
        }

        /// `38;5;n` or `38;2;r;g;b` (and the same after 48): the colour and how many parameters it took.
        static func extendedColour(_ parameters: [Int], at index: Int) -> (colour: String, length: Int) {
            let rest = Array(parameters.dropFirst(index + 1))
            if rest.first == 5, rest.count >= 2 { return ("5;\(rest[1])", 3) }
            if rest.first == 2, rest.count >= 4 { return ("2;\(rest[1]);\(rest[2]);\(rest[3])", 5) }
            return ("?", 1)
        }

        /// What a blank cell with this look shows.
        var blank: Look {
            Look(attributes: attributes.intersection([4, 7]), foreground: nil, background: background)
        }
    }

    /// Each line of the capture as runs of text, each after the look of its cells when the look changes (for a
    /// blank, only what shows on a blank counts), with the blanks at the end of a line that show nothing left out.
    static func cells(ofCapture capture: String) -> String {
        var look = Look()
        var output = ""
        for line in capture.split(separator: "\n", omittingEmptySubsequences: false) {
            var cells: [(Character, Look)] = []
            var characters = line[...]
            while let character = characters.first {
                characters = characters.dropFirst()
                guard character == "\u{1B}", characters.first == "[" else {
                    cells.append((character, look))
                    continue
                }
                let body = characters.dropFirst().prefix { !($0.isLetter) }
                characters = characters.dropFirst(body.count + 1)
                if characters.first == "m" {
                    // `ESC [ m` and empty parameters are 0 (ECMA-48 § 5.4.2).
                    look.apply(body.split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 })
                }
                characters = characters.dropFirst()
            }
            while let last = cells.last, last.0 == " ", last.1.blank == Look() { cells.removeLast() }
            var shown: Look?
            for (character, cellLook) in cells {
                // A blank that shows like the run it is in continues the run, whatever its invisible attributes.
                if character == " " ? cellLook.blank != shown?.blank : cellLook != shown {
                    shown = character == " " ? cellLook.blank : cellLook
                    output += (shown ?? Look()).description
                }
                output.append(character)
            }
            output += "\n"
        }
        return output
    }
}
