import Foundation
import Primitives

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An append-only file that rotates by size, shared by every copy of a `JSONLinesFileLogHandler`.
///
/// The file is opened on the first write (making its directory when missing), not when the handler is made. A failed
/// open, rename or write drops that record, counts it, and closes the file so the next record starts afresh; the first
/// failure after a success is reported through `fallback`, so a broken disk is neither fatal nor silent.
final class RotatingLogFile: Sendable {
    private struct State {
        var descriptor: Int32 = -1
        var size = 0
        var failedWrites = 0
        var isFailing = false
    }

    /// The live file's path.
    let path: String
    private let rotation: LogRotation
    private let fallback: any LogTextOutput
    private let state = Locked(State())

    init(path: String, rotation: LogRotation, fallback: any LogTextOutput) {
        self.path = path
        self.rotation = rotation
        self.fallback = fallback
    }

    deinit {
        state.withLock { state in
            if state.descriptor >= 0 {
                close(state.descriptor)
            }
        }
    }

    /// The number of records dropped because the file could not be written.
    var failedWrites: Int {
        state.withLock { $0.failedWrites }
    }

    /// Appends `line`, rotating first when it would take the live file past the size limit.
    func append(_ line: String) {
        var line = line
        let failure: (any Error)? = state.withLock { state in
            do {
                try line.withUTF8 { bytes in try write(bytes, state: &state) }
                state.isFailing = false
                return nil
            } catch {
                if state.descriptor >= 0 {
                    close(state.descriptor)
                    state.descriptor = -1
                }
                state.failedWrites += 1
                defer { state.isFailing = true }
                return state.isFailing ? nil : error
            }
        }
        if let failure {
            fallback.write(
                "Logging: dropped a record for \(path): \(failure); later failures are counted until a write succeeds\n"
            )
        }
    }

    private func write(_ bytes: UnsafeBufferPointer<UInt8>, state: inout State) throws(LogFileError) {
        if state.descriptor < 0 {
            try openLiveFile(&state)
        }
        if state.size > 0, state.size + bytes.count > rotation.maxFileBytes {
            close(state.descriptor)
            state.descriptor = -1
            try shiftFiles()
            try openLiveFile(&state)
        }
        let status = FileDescriptorWriter.writeAll(bytes, to: state.descriptor)
        guard status == 0 else { throw LogFileError(operation: "write", path: path, code: status) }
        state.size += bytes.count
    }

    private func openLiveFile(_ state: inout State) throws(LogFileError) {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty, access(directory, F_OK) != 0 {
            do {
                try FileManager().createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw LogFileError(operation: "create directory", path: directory, reason: "\(error)")
            }
        }
        let descriptor = open(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o640)
        guard descriptor >= 0 else { throw LogFileError(operation: "open", path: path, code: errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw LogFileError(operation: "stat", path: path, code: code)
        }
        state.descriptor = descriptor
        state.size = Int(status.st_size)
    }

    /// Deletes the oldest file and renames each remaining one to the next number: `app.log` becomes `app.log.1`.
    private func shiftFiles() throws(LogFileError) {
        guard rotation.maxFiles > 1 else {
            try remove(path)
            return
        }
        try remove(numbered(rotation.maxFiles - 1))
        for number in stride(from: rotation.maxFiles - 2, through: 1, by: -1) {
            try move(numbered(number), to: numbered(number + 1))
        }
        try move(path, to: numbered(1))
    }

    private func numbered(_ number: Int) -> String {
        path + "." + String(number)
    }

    private func remove(_ file: String) throws(LogFileError) {
        guard unlink(file) == 0 || errno == ENOENT else {
            throw LogFileError(operation: "delete", path: file, code: errno)
        }
    }

    private func move(_ source: String, to destination: String) throws(LogFileError) {
        guard rename(source, destination) == 0 || errno == ENOENT else {
            throw LogFileError(operation: "rename", path: source, code: errno)
        }
    }
}

/// A failed file operation and why it failed.
struct LogFileError: Error, CustomStringConvertible {
    let operation: String
    let path: String
    let reason: String

    init(operation: String, path: String, reason: String) {
        self.operation = operation
        self.path = path
        self.reason = reason
    }

    /// The failure of a system call, described with the system's message for `code` (an `errno` value).
    init(operation: String, path: String, code: Int32) {
        self.init(operation: operation, path: path, reason: String(cString: strerror(code)))
    }

    var description: String {
        "cannot \(operation) \(path): \(reason)"
    }
}
