import Foundation
import Glibc

/// How a process ended, or that it stopped.
public enum ProcessStatus: Hashable, Sendable, CustomStringConvertible {
    /// It exited with this status.
    case exited(Int32)
    /// A signal ended it.
    case signaled(Int32)
    /// A signal stopped it (it can be continued).
    case stopped(Int32)

    /// Decodes a `waitpid(2)` status word (the `WIFEXITED` family of <sys/wait.h>, which Swift does not import).
    init?(waitStatus status: Int32) {
        if status & 0x7F == 0 {
            self = .exited((status >> 8) & 0xFF)
        } else if status & 0xFF == 0x7F {
            self = .stopped((status >> 8) & 0xFF)
        } else if status != 0xFFFF {
            self = .signaled(status & 0x7F)
        } else {
            return nil
        }
    }

    /// `exited(0)`, `signaled(SIGINT)`.
    public var description: String {
        switch self {
        case .exited(let code): return "exited(\(code))"
        case .signaled(let signal): return "signaled(\(signal))"
        case .stopped(let signal): return "stopped(\(signal))"
        }
    }
}

/// Why a test's process could not be run or waited for.
public enum TestProcessError: Error, CustomStringConvertible {
    /// A system call failed with this `errno`.
    case systemCall(String, Int32)
    /// The program was not found next to the test binary.
    case missingExecutable(String)
    /// The deadline passed before what was awaited happened; carries what was seen so far.
    case timedOut(String, String)
    /// A helper program failed.
    case failed(String, ProcessStatus, String)

    /// A message for the test report.
    public var description: String {
        switch self {
        case .systemCall(let name, let number): return "\(name) failed: \(String(cString: strerror(number)))"
        case .missingExecutable(let path): return "no executable at \(path); build the package first"
        case .timedOut(let what, let seen): return "timed out waiting for \(what); output so far:\n\(seen)"
        case .failed(let what, let status, let output): return "\(what) \(status): \(output)"
        }
    }
}

/// A child process started by a test.
public struct TestProcess: Sendable {
    /// The process id.
    public let pid: pid_t

    /// The path of an executable product built next to the running test binary (`terminal-probe`, `gallery`).
    ///
    /// - Throws: `TestProcessError.missingExecutable` when it is not there.
    public static func builtProduct(_ name: String) throws -> String {
        let testBinary = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        let path = testBinary.deletingLastPathComponent().appendingPathComponent(name).path
        guard access(path, X_OK) == 0 else { throw TestProcessError.missingExecutable(path) }
        return path
    }

    /// Sends a signal.
    public func signal(_ number: Int32) {
        kill(pid, number)
    }

    /// Waits until the process exits (or stops, when `untilStopped`), or the deadline passes.
    ///
    /// - Throws: `TestProcessError.timedOut` when it has not by then; the process is then killed.
    public func wait(untilStopped: Bool = false, timeout: Duration = .seconds(30)) throws -> ProcessStatus {
        let deadline = ContinuousClock.now + timeout
        var status: Int32 = 0
        let options = WNOHANG | (untilStopped ? WUNTRACED : 0)
        while true {
            let result = waitpid(pid, &status, options)
            if result == pid, let decoded = ProcessStatus(waitStatus: status) { return decoded }
            if result < 0 && errno != EINTR { throw TestProcessError.systemCall("waitpid", errno) }
            guard ContinuousClock.now < deadline else {
                kill(pid, SIGKILL)
                _ = waitpid(pid, &status, 0)
                throw TestProcessError.timedOut("process \(pid) to \(untilStopped ? "stop" : "exit")", "")
            }
            // Waits for the child's state change in steps of 5 ms; returns at the first step after it happens.
            var none = pollfd(fd: -1, events: 0, revents: 0)
            _ = poll(&none, 1, 5)
        }
    }

    /// Runs a program to completion with standard output and error captured (standard input from `standardInput`,
    /// or `/dev/null`).
    ///
    /// - Throws: `TestProcessError` when it cannot start or does not finish within `timeout`.
    public static func run(
        _ executable: String,
        _ arguments: [String],
        environment: [String: String],
        standardInput: Int32? = nil,
        timeout: Duration = .seconds(60)
    ) throws -> (status: ProcessStatus, output: [UInt8], outputText: String) {
        var pipeDescriptors: [Int32] = [-1, -1]
        guard pipe(&pipeDescriptors) == 0 else { throw TestProcessError.systemCall("pipe", errno) }
        _ = fcntl(pipeDescriptors[0], F_SETFD, FD_CLOEXEC)
        _ = fcntl(pipeDescriptors[1], F_SETFD, FD_CLOEXEC)
        let process: TestProcess
        do {
            process = try spawn(
                executable,
                arguments,
                environment: environment,
                standardInput: standardInput,
                standardOutput: pipeDescriptors[1]
            )
        } catch {
            close(pipeDescriptors[0])
            close(pipeDescriptors[1])
            throw error
        }
        close(pipeDescriptors[1])
        defer { close(pipeDescriptors[0]) }
        let deadline = ContinuousClock.now + timeout
        var output: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            var descriptor = pollfd(fd: pipeDescriptors[0], events: Int16(POLLIN), revents: 0)
            let remaining = deadline - ContinuousClock.now
            guard remaining > .zero else {
                process.signal(SIGKILL)
                throw TestProcessError.timedOut("\(executable) to finish", String(decoding: output, as: UTF8.self))
            }
            guard poll(&descriptor, 1, Int32(clamping: remaining.components.seconds * 1000 + 1)) > 0 else { continue }
            let count = read(pipeDescriptors[0], &buffer, buffer.count)
            if count > 0 {
                output += buffer[0..<count]
            } else if count == 0 || errno != EINTR {
                break
            }
        }
        let status = try process.wait(timeout: max(deadline - ContinuousClock.now, .seconds(1)))
        return (status, output, String(decoding: output, as: UTF8.self))
    }
}
