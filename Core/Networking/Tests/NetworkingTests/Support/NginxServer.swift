import Foundation
import TestSupport

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Debian's nginx as a real HTTP server on loopback for the libcurl transports, configured in a temporary directory
/// of its own (files, logs, temp paths, a self-signed certificate made there), in one process (`master_process off`).
///
/// Locations (all answers also carry `X-Connection`, nginx's connection serial number, and `X-Connection-Requests`):
/// - `/echo`: 200 with `METHOD PROBE` as the body (PROBE: the `X-Probe` request header) and `X-Method`.
/// - `/body`: 200 with the request's body as the answer's body (through a proxied sub-request).
/// - `/teapot`: 418 with `X-Kind: teapot`.
/// - `/drop`: closes the connection without answering (nginx's 444).
/// - `/truncated/NAME`: the head of the file written as NAME (its `Content-Length`) and its first 4 KiB, then the
///   connection is closed (a proxied read of `/stalling/NAME`, which stalls after 4 KiB, timing out after 1 s).
/// - `/files/NAME`: the files written with `write(_:named:)`, with nginx's `ETag` and `If-None-Match` handling.
/// - `/slow/NAME`: the same files at 256 KiB/s; `/trickle/NAME` at 8 KiB/s (a transfer still running when the test
///   acts, however loaded the machine).
/// - `/gzip/NAME`: the same files gzip-compressed for a client that accepts it (no `Content-Length`).
/// With `tls`, the same server also listens with TLS (`tlsBaseURL`) on a certificate for 127.0.0.1 whose PEM is
/// `certificatePath`.
final class NginxServer: Sendable {
    struct StartFailure: Error, CustomStringConvertible {
        let reason: String
        var description: String { "nginx did not start: \(reason)" }
    }

    let directory: TemporaryDirectory
    let port: UInt16
    let tlsPort: UInt16?
    private let process: Process

    var baseURL: URL { URL(string: "http://127.0.0.1:\(port)") ?? URL(fileURLWithPath: "/") }
    var tlsBaseURL: URL { URL(string: "https://127.0.0.1:\(tlsPort ?? 0)") ?? URL(fileURLWithPath: "/") }
    var certificatePath: String { directory.url.appending(path: "cert.pem").path(percentEncoded: false) }

    /// Starts nginx and returns once it accepts connections (at most 10 s).
    init(tls: Bool = false) async throws {
        directory = try TemporaryDirectory()
        let root = directory.url
        let manager = FileManager()
        for sub in ["www/files", "www/slow", "tmp"] {
            try manager.createDirectory(at: root.appending(path: sub), withIntermediateDirectories: true)
        }
        if tls {
            try Self.run(
                "/usr/bin/openssl",
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days",
                    "1", "-subj", "/CN=127.0.0.1", "-addext", "subjectAltName=IP:127.0.0.1", "-keyout",
                    root.appending(path: "key.pem").path, "-out", root.appending(path: "cert.pem").path,
                ])
        }
        var lastFailure = "no attempt"
        for _ in 0..<5 {
            let port = try Self.freePort()
            let tlsPort = tls ? try Self.freePort() : nil
            try Self.configuration(root: root.path, port: port, tlsPort: tlsPort)
                .write(to: root.appending(path: "nginx.conf"), atomically: true, encoding: .utf8)
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/sbin/nginx")
            process.arguments = ["-p", root.path + "/", "-c", root.appending(path: "nginx.conf").path, "-e", "stderr"]
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let ready = await Self.waitForListener(port: tlsPort ?? port, process: process)
            if ready {
                self.port = port
                self.tlsPort = tlsPort
                self.process = process
                return
            }
            Self.stop(process)
            lastFailure = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        }
        throw StartFailure(reason: lastFailure)
    }

    deinit {
        Self.stop(process)
    }

    /// Kills nginx: started from a thread that blocks signals (as libdispatch's workers do), nginx in one process
    /// keeps SIGTERM blocked and would never stop on it.
    private static func stop(_ process: Process) {
        guard process.isRunning else { return }
        _ = kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
    }

    /// Kills nginx now: its connections are cut (the kernel closes them) in the middle of whatever they carried.
    func cutConnections() {
        Self.stop(process)
    }

    /// Writes `data` as `/files/NAME` and `/slow/NAME`.
    func write(_ data: Data, named name: String) throws {
        try data.write(to: directory.url.appending(path: "www/files/\(name)"))
        try data.write(to: directory.url.appending(path: "www/slow/\(name)"))
    }

    private static func configuration(root: String, port: UInt16, tlsPort: UInt16?) -> String {
        let tlsListen =
            tlsPort.map {
                """
                listen 127.0.0.1:\($0) ssl;
                        ssl_certificate \(root)/cert.pem;
                        ssl_certificate_key \(root)/key.pem;
                """
            } ?? ""
        return """
            daemon off;
            master_process off;
            worker_processes 1;
            pid \(root)/nginx.pid;
            error_log stderr warn;
            events { worker_connections 128; }
            http {
                access_log off;
                client_body_temp_path \(root)/tmp/body;
                proxy_temp_path \(root)/tmp/proxy;
                fastcgi_temp_path \(root)/tmp/fastcgi;
                uwsgi_temp_path \(root)/tmp/uwsgi;
                scgi_temp_path \(root)/tmp/scgi;
                default_type application/octet-stream;
                keepalive_timeout 60s;
                keepalive_requests 1000;
                server {
                    listen 127.0.0.1:\(port);
                    \(tlsListen)
                    root \(root)/www;
                    add_header X-Connection $connection always;
                    add_header X-Connection-Requests $connection_requests always;
                    location = /echo {
                        add_header X-Connection $connection always;
                        add_header X-Connection-Requests $connection_requests always;
                        add_header X-Method $request_method always;
                        return 200 "$request_method $http_x_probe";
                    }
                    location = /body {
                        client_body_in_single_buffer on;
                        client_body_buffer_size 64k;
                        proxy_pass http://127.0.0.1:\(port)/sink;
                        proxy_set_header X-Body $request_body;
                    }
                    location = /sink { return 200 $http_x_body; }
                    location = /teapot {
                        add_header X-Kind teapot always;
                        return 418 "no";
                    }
                    location = /drop { return 444; }
                    location /truncated/ {
                        proxy_pass http://127.0.0.1:\(port)/stalling/;
                        proxy_read_timeout 1s;
                    }
                    location /stalling/ {
                        alias \(root)/www/files/;
                        limit_rate_after 4k;
                        limit_rate 1;
                    }
                    location /slow/ { limit_rate 256k; }
                    location /trickle/ {
                        alias \(root)/www/files/;
                        limit_rate 8k;
                    }
                    location /gzip/ {
                        alias \(root)/www/files/;
                        gzip on;
                        gzip_types *;
                        gzip_min_length 0;
                    }
                }
            }
            """
    }

    private static func run(_ executable: String, _ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw StartFailure(reason: "\(executable) exited with \(process.terminationStatus)")
        }
    }

    /// An ephemeral port nothing listens on now (bound, read, closed).
    private static func freePort() throws -> UInt16 {
        let socket = try LoopbackSocket(listening: false)
        defer { socket.close() }
        return socket.port
    }

    /// Whether `port` accepts a connection within 10 s while `process` runs.
    private static func waitForListener(port: UInt16, process: Process) async -> Bool {
        let clock = ContinuousClock()
        let deadline = clock.now + .seconds(10)
        while clock.now < deadline, process.isRunning {
            if LoopbackSocket.accepts(port: port) { return true }
            try? await clock.sleep(for: .milliseconds(20))
        }
        return false
    }
}
