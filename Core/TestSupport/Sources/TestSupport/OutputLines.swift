import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The lines a child process writes to `handle` (the reading end of its output pipe), in order, without their
/// `\n`; the sequence finishes when the writer closes its end (exits or is killed). A last line without a newline is
/// dropped, since a killed writer may leave one half written.
///
/// Reads block, so they run on a thread of their own that ends with the stream; `handle` is kept open until then.
public func outputLines(of handle: FileHandle) -> AsyncStream<String> {
    let (lines, continuation) = AsyncStream.makeStream(of: String.self)
    let descriptor = handle.fileDescriptor
    Thread {
        var buffer = [UInt8](repeating: 0, count: 4096)
        var pending: [UInt8] = []
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { break }
            pending.append(contentsOf: buffer[0..<count])
            while let newline = pending.firstIndex(of: UInt8(ascii: "\n")) {
                continuation.yield(String(decoding: pending[..<newline], as: UTF8.self))
                pending.removeSubrange(...newline)
            }
        }
        continuation.finish()
        _ = handle
    }.start()
    return lines
}
