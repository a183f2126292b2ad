import Foundation

/// A command to run as a child process.
///
/// The executable is looked up on `PATH` (through `/usr/bin/env`), so `"swift"` and `"git"` work as names.
public struct ProcessInvocation: Sendable, Equatable {
    /// The program name (looked up on `PATH`) or an absolute path.
    public var executable: String
    /// The arguments, without the program name.
    public var arguments: [String]
    /// The working directory of the child; `nil` keeps the parent's.
    public var workingDirectory: URL?
    /// When set, the child's standard output and standard error are appended to this file instead of being
    /// captured, and ``ProcessResult/standardOutput`` and ``ProcessResult/standardError`` come back empty.
    public var logFile: URL?
    /// The longest the child may run; when it is still running then, the child and every process it started
    /// (their process groups too) are killed with `SIGKILL` and the result says ``ProcessResult/timedOut``.
    /// `nil`: no limit.
    public var timeout: Duration?

    /// Creates an invocation.
    /// - Parameters:
    ///   - executable: the program name (looked up on `PATH`) or an absolute path.
    ///   - arguments: the arguments, without the program name.
    ///   - workingDirectory: the child's working directory; `nil` keeps the parent's.
    ///   - logFile: a file that receives both output streams (appended); `nil` captures them in memory.
    ///   - timeout: the longest the child and its descendants may run before they are killed; `nil`: no limit.
    public init(
        executable: String, arguments: [String], workingDirectory: URL? = nil, logFile: URL? = nil,
        timeout: Duration? = nil
    ) {
        self.executable = executable
        self.arguments = arguments
        self.workingDirectory = workingDirectory
        self.logFile = logFile
        self.timeout = timeout
    }

    /// The command line as a person would type it (arguments with spaces are quoted).
    public var commandLine: String {
        ([executable] + arguments).map { $0.contains(" ") ? "'\($0)'" : $0 }.joined(separator: " ")
    }
}

/// How a child process ended, with its captured output.
public struct ProcessResult: Sendable, Equatable {
    /// The exit status, or the signal number when ``terminatedBySignal`` is true.
    public var status: Int32
    /// True when the child was ended by a signal (a crash or a kill) rather than by exiting.
    public var terminatedBySignal: Bool
    /// True when the child ran past ``ProcessInvocation/timeout`` and was killed with its descendants.
    public var timedOut: Bool
    /// The captured standard output (empty when the invocation wrote to a log file).
    public var standardOutput: Data
    /// The captured standard error (empty when the invocation wrote to a log file).
    public var standardError: Data

    /// Creates a result.
    public init(
        status: Int32, terminatedBySignal: Bool = false, timedOut: Bool = false, standardOutput: Data = Data(),
        standardError: Data = Data()
    ) {
        self.status = status
        self.terminatedBySignal = terminatedBySignal
        self.timedOut = timedOut
        self.standardOutput = standardOutput
        self.standardError = standardError
    }

    /// True when the child exited normally with status 0.
    public var succeeded: Bool { !terminatedBySignal && !timedOut && status == 0 }

    /// The captured standard error as UTF-8 text (invalid bytes replaced).
    public var standardErrorText: String { String(decoding: standardError, as: UTF8.self) }

    /// The captured standard output as UTF-8 text (invalid bytes replaced).
    public var standardOutputText: String { String(decoding: standardOutput, as: UTF8.self) }
}

/// Runs child processes. The live implementation is ``SubprocessRunner``; tests substitute scripted ones.
public protocol ProcessRunning: Sendable {
    /// Runs `invocation` to completion.
    /// - Returns: the exit status and the captured output.
    /// - Throws: ``ProcessLaunchError`` when the process cannot be started.
    func run(_ invocation: ProcessInvocation) async throws -> ProcessResult
}

/// A child process could not be started.
public struct ProcessLaunchError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The command line that failed to start.
    public var commandLine: String
    /// The system's reason.
    public var reason: String

    /// Creates an error.
    public init(commandLine: String, reason: String) {
        self.commandLine = commandLine
        self.reason = reason
    }

    /// A one-line explanation.
    public var description: String { "could not run \(commandLine): \(reason)" }
}
