import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A plain TCP connection to a loopback server, for requests no HTTP client would send (bad request lines, slow
/// heads, a chosen source address). Every read waits at most the receive timeout given at connect.
final class RawConnection {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    let descriptor: Int32

    /// Connects to 127.0.0.1:`port`, from `source` (another loopback address such as 127.0.0.2) when given.
    init(port: UInt16, source: String? = nil, receiveTimeout: Duration = .seconds(30)) throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        guard descriptor >= 0 else { throw Failure(description: "socket: errno \(errno)") }
        self.descriptor = descriptor
        var timeout = timeval(
            tv_sec: Int(receiveTimeout.components.seconds),
            tv_usec: Int(receiveTimeout.components.attoseconds / 1_000_000_000_000))
        setsockopt(descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        if let source {
            var local = sockaddr_in()
            local.sin_family = sa_family_t(AF_INET)
            inet_pton(AF_INET, source, &local.sin_addr)
            let bound = withUnsafePointer(to: local) {
                $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                    bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
                }
            }
            guard bound == 0 else { throw Failure(description: "bind \(source): errno \(errno)") }
        }
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = port.bigEndian
        inet_pton(AF_INET, "127.0.0.1", &address.sin_addr)
        let connected = withUnsafePointer(to: address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
            }
        }
        guard connected == 0 else {
            close(descriptor)
            throw Failure(description: "connect: errno \(errno)")
        }
    }

    deinit {
        close(descriptor)
    }

    /// Sends `text`; false when the server has closed the connection (no SIGPIPE).
    @discardableResult
    func send(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let sent = bytes[offset...].withUnsafeBytes {
                Glibc.send(descriptor, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
            }
            guard sent > 0 else { return false }
            offset += sent
        }
        return true
    }

    /// Reads until the server closes the connection or the receive timeout passes; returns what arrived.
    func readAll() -> String {
        var answer: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = read(descriptor, &buffer, buffer.count)
            guard count > 0 else { break }
            answer += buffer[0..<count]
        }
        return String(decoding: answer, as: UTF8.self)
    }

    /// Whether the server has closed the connection: a read returns end of file or a reset before the timeout.
    func isClosedByServer() -> Bool {
        var byte: UInt8 = 0
        let count = read(descriptor, &byte, 1)
        return count == 0 || (count < 0 && errno != EAGAIN && errno != EWOULDBLOCK)
    }
}

/// One HTTP/1.1 answer read off a raw connection.
struct RawAnswer {
    let status: Int
    let head: String
    let body: String

    init(_ text: String) {
        let parts = text.components(separatedBy: "\r\n\r\n")
        head = parts.first ?? ""
        body = parts.dropFirst().joined(separator: "\r\n\r\n")
        let statusLine = head.split(separator: "\r\n").first ?? ""
        status = statusLine.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
    }

    /// A header's value by name in any casing.
    func header(_ name: String) -> String? {
        for line in head.split(separator: "\r\n").dropFirst() {
            let pieces = line.split(separator: ":", maxSplits: 1)
            if pieces.count == 2, pieces[0].lowercased() == name.lowercased() {
                return pieces[1].trimmingCharacters(in: .whitespaces)
            }
        }
        return nil
    }

    /// `error.code` of a JSON error body.
    var errorCode: String? {
        let object = (try? JSONSerialization.jsonObject(with: Data(body.utf8))) as? [String: Any]
        return (object?["error"] as? [String: Any])?["code"] as? String
    }
}

/// Runs blocking socket work on a thread of its own, so it never holds a thread of the concurrency pool the
/// server's handlers need.
func onOwnThread<Value: Sendable>(_ work: @escaping @Sendable () throws -> Value) async throws -> Value {
    try await withCheckedThrowingContinuation { continuation in
        let thread = Thread { continuation.resume(with: Result { try work() }) }
        thread.start()
    }
}

/// Sends `request` on a new raw connection to `port` and reads the whole answer (the server closes after it, or
/// the read times out after `timeout`).
func rawExchange(port: UInt16, _ request: String, timeout: Duration = .seconds(10)) async throws -> RawAnswer {
    try await onOwnThread {
        let connection = try RawConnection(port: port, receiveTimeout: timeout)
        connection.send(request)
        return RawAnswer(connection.readAll())
    }
}
