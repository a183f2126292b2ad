import DesignSystem
import Foundation
import TerminalUI

/// What a preview executable's command line asks for.
public enum PreviewCommand: Equatable, Sendable {
    /// The full-screen menu; with a path, starting on that state (`--open Screen/State`).
    case interactive(opening: String?)
    /// Print the menu's paths, one a line, and exit 0 (`--list`).
    case list
    /// Print the usage and exit 0 (`--help`, `-h`).
    case help

    /// The usage line of the executable `program`.
    public static func usage(program: String) -> String {
        "usage: \(program) [--list] [--open SCREEN/STATE]"
    }

    /// Reads the arguments (without the program's name) against `catalog`.
    ///
    /// - Throws: `PreviewUsageError` for an unknown flag, a flag twice, `--open` without a value or with a path the
    ///   catalog has not, or `--list` with `--open`.
    public init(arguments: [String], catalog: PreviewCatalog) throws(PreviewUsageError) {
        var list = false
        var path: String?
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            switch argument {
            case "--help", "-h":
                self = .help
                return
            case "--list" where !list:
                list = true
            case "--open" where path == nil:
                guard let value = remaining.popFirst() else { throw PreviewUsageError("--open needs SCREEN/STATE") }
                guard catalog.entry(at: value) != nil else {
                    throw PreviewUsageError("no preview '\(value)' (--list prints them)")
                }
                path = value
            case "--list", "--open":
                throw PreviewUsageError("\(argument) is given twice")
            default:
                throw PreviewUsageError("unknown argument '\(argument)'")
            }
        }
        if list, path != nil { throw PreviewUsageError("--list and --open do not go together") }
        self = list ? .list : .interactive(opening: path)
    }
}

/// A command line a preview executable does not understand: exit 64 (`EX_USAGE`, sysexits(3)).
public struct PreviewUsageError: Error, Equatable, CustomStringConvertible {
    /// What is wrong, in a few words (`unknown argument '--frob'`).
    public let description: String

    /// Creates the error.
    public init(_ description: String) {
        self.description = description
    }
}

/// Runs a feature's preview executable: the whole of its `main`.
///
/// ```swift
/// @main enum CheckoutPreview {
///     static func main() async { await PreviewHost.main(CheckoutPreviews.catalog) }
/// }
/// ```
public enum PreviewHost {
    /// The process's preview: `run(_:arguments:program:terminal:)` over the process's command line and its standard
    /// input and output, then `exit(3)` with its status. What a preview executable's `main` calls.
    @MainActor
    public static func main(_ catalog: PreviewCatalog) async -> Never {
        let arguments = CommandLine.arguments
        let terminal = Terminal(
            inputDescriptor: STDIN_FILENO, outputDescriptor: STDOUT_FILENO,
            environment: ProcessInfo.processInfo.environment)
        let status = await run(
            catalog, arguments: Array(arguments.dropFirst()),
            program: URL(fileURLWithPath: arguments.first ?? "preview").lastPathComponent, terminal: terminal)
        exit(status)
    }

    /// Runs the command line of the process on its terminal: `--list` prints the menu's `Screen/State` paths (exit
    /// 0); otherwise, on a terminal, the full-screen menu (`PreviewHostView`), starting on `--open`'s state, until
    /// `q` (exit 0). The terminal is given back as it was on every way out (`q`, Ctrl-C, SIGTERM, a crash: see
    /// `TerminalSession`).
    ///
    /// - Returns: The exit status: 0; 64 with a one-line usage error on standard error for arguments it does not
    ///   understand; 1 when standard input or output is not a terminal (without `--list`) or the terminal cannot
    ///   be taken over.
    ///
    /// - Parameters:
    ///   - catalog: The feature's screens and states.
    ///   - arguments: The command line without the program's name.
    ///   - program: The program's name, for messages (`CheckoutPreview`).
    ///   - terminal: The terminal to take over (the process's standard input and output).
    @MainActor
    public static func run(_ catalog: PreviewCatalog, arguments: [String], program: String, terminal: Terminal) async
        -> Int32
    {
        let command: PreviewCommand
        do {
            command = try PreviewCommand(arguments: arguments, catalog: catalog)
        } catch {
            write("\(program): \(error); \(PreviewCommand.usage(program: program))\n", to: .standardError)
            return 64
        }
        switch command {
        case .help:
            return printed(PreviewCommand.usage(program: program) + "\n", program: program)
        case .list:
            return printed(catalog.entries.map { $0.path + "\n" }.joined(), program: program)
        case .interactive(let path):
            guard terminal.isInteractive else {
                write("\(program): needs a terminal (--list prints the menu)\n", to: .standardError)
                return 1
            }
            let host = PreviewHostView(catalog: catalog, theme: Theme(terminal: terminal))
            // The states' files go when the preview ends by `q` (a signal ends the process where it is).
            defer { host.removeFiles() }
            if let entry = path.flatMap(catalog.entry(at:)) {
                await host.open(entry)
            }
            do {
                try await terminal.withSession { session in
                    await session.run(host) { event in
                        guard case .key = event else { return .keepRunning }
                        return .stop
                    }
                }
            } catch {
                write("\(program): \(error)\n", to: .standardError)
                return 1
            }
            return 0
        }
    }

    private enum Stream {
        case standardOutput, standardError
    }

    /// Writes `text` to `stream`.
    ///
    /// - Throws: The system's error when the stream cannot take it (a full disk, a closed descriptor).
    private static func tryWrite(_ text: String, to stream: Stream) throws {
        let handle = stream == .standardOutput ? FileHandle.standardOutput : FileHandle.standardError
        try handle.write(contentsOf: Data(text.utf8))
    }

    /// Writes `text` to `stream`; a stream that cannot take it is ignored (used for standard error, where there is
    /// nowhere left to say so).
    private static func write(_ text: String, to stream: Stream) {
        try? tryWrite(text, to: stream)
    }

    /// Prints `text` on standard output: exit status 0, or 74 (`EX_IOERR` of sysexits.h) with one line on standard
    /// error when standard output cannot take it (a full disk, a closed descriptor).
    private static func printed(_ text: String, program: String) -> Int32 {
        do {
            try tryWrite(text, to: .standardOutput)
            return 0
        } catch {
            write("\(program): cannot write to standard output: \(error.localizedDescription)\n", to: .standardError)
            return 74
        }
    }
}
