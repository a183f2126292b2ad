import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Somewhere finished log text goes: a standard stream, a buffer in a test, or nowhere in a benchmark.
///
/// Implementations are shared between threads; one `write` call's text must never interleave with another's.
public protocol LogTextOutput: Sendable {
    /// Writes `text` as it is (handlers pass whole lines, newline included).
    func write(_ text: String)
}

/// The standard streams of the process.
public enum StandardStream: Sendable, Equatable {
    /// Standard output, file descriptor 1.
    case standardOutput
    /// Standard error, file descriptor 2.
    case standardError

    /// The stream's file descriptor.
    public var fileDescriptor: Int32 {
        switch self {
        case .standardOutput: return 1
        case .standardError: return 2
        }
    }

    /// Whether the stream is a terminal, as `isatty(3)` answers now.
    public func isTerminal() -> Bool {
        isatty(fileDescriptor) == 1
    }
}

/// Writes log text to a standard stream with `write(2)`, one whole text per call, unbuffered.
///
/// A failed write is dropped: a standard stream is the last place a process can report to, so there is nowhere
/// left to report the failure.
public struct StandardStreamOutput: LogTextOutput {
    /// The stream written to.
    public let stream: StandardStream
    private let lock = Locked(())

    /// Creates an output that writes to `stream`.
    public init(_ stream: StandardStream) {
        self.stream = stream
    }

    /// Writes `text`, retrying after interrupted and partial writes, under a lock shared by every copy.
    public func write(_ text: String) {
        var text = text
        lock.withLock { _ in
            text.withUTF8 { bytes in
                _ = FileDescriptorWriter.writeAll(bytes, to: stream.fileDescriptor)
            }
        }
    }
}

/// Writes a whole buffer to a file descriptor.
enum FileDescriptorWriter {
    /// Writes every byte of `bytes` to `descriptor`, retrying after `EINTR` and short writes; returns 0 on success
    /// or the `errno` of the failed write.
    static func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Int32 {
        guard var next = bytes.baseAddress else { return 0 }
        var remaining = bytes.count
        while remaining > 0 {
            let written = write(descriptor, next, remaining)
            if written < 0 {
                if errno == EINTR {
                    continue
                }
                return errno
            }
            remaining -= written
            next += written
        }
        return 0
    }
}
