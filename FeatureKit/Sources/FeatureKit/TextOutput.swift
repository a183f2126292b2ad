import Foundation
import Primitives

/// A destination for the text a command prints: standard output, standard error, or a buffer in tests.
public protocol TextOutput: Sendable {
    /// Writes `text` as UTF-8, unchanged (callers add their own newlines).
    func write(_ text: String)
}

/// A `TextOutput` over a file handle of the process, such as standard output or standard error.
///
/// Writes go straight to the file descriptor (no buffering in between), so output from several streams keeps its
/// order on a terminal.
public struct FileHandleOutput: TextOutput {
    private let handle: FileHandle

    /// Creates an output that writes to `handle`, which the caller keeps open for the output's lifetime.
    public init(handle: FileHandle) {
        self.handle = handle
    }

    /// Writes `text` to the file handle. A closed pipe (the reader went away) is ignored: there is no one left to
    /// tell.
    public func write(_ text: String) {
        try? handle.write(contentsOf: Data(text.utf8))
    }
}

/// A `TextOutput` that never lets a control character through to the terminal except the line feeds and tabs that
/// lay text out: every other one (ESC, carriage return, NUL, DEL, C1) is shown as its visible stand-in
/// (`ControlCharacters.escaped`), so a product title, an error message or a list note that someone else wrote is
/// printed as text and cannot recolour the terminal or rewrite a line.
public struct TerminalSafeOutput: TextOutput {
    let base: any TextOutput

    /// Wraps `base`.
    public init(_ base: any TextOutput) {
        self.base = base
    }

    /// Writes `text` to the wrapped output with its control characters escaped (line feeds and tabs kept).
    public func write(_ text: String) {
        base.write(ControlCharacters.escaped(text, keeping: ["\n", "\t"]))
    }
}

/// How a command line reports a usage error: one line naming what was wrong, and one saying where the usage is,
/// never the whole usage text (which buries the one line that matters).
public enum UsageText {
    /// `<program>: <message>` and `Run '<program> --help' for usage.`, each ending with a newline; control
    /// characters in `message` (it may quote an argument) are escaped.
    public static func error(_ message: String, programName: String) -> String {
        "\(programName): \(ControlCharacters.escaped(message))\nRun '\(programName) --help' for usage.\n"
    }
}
