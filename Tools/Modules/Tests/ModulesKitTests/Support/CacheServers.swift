import Foundation
import Testing

@testable import ModulesKit

#if canImport(Glibc)
    import Glibc
#endif

/// Debian's nginx serving the shared cache on loopback, started by the repository's `scripts/cache-server.sh`
/// (the reference setup) or, for a server that answers 500 to everything, by a configuration of its own.
struct CacheServer: Sendable {
    /// Its state: `nginx.conf`, `nginx.pid`, logs; the blobs under `data/`.
    let directory: URL
    /// `http://127.0.0.1:PORT`.
    let url: String

    /// The directory holding `ac/` and `cas/`.
    var data: URL { directory.appendingPathComponent("data", isDirectory: true) }

    static let script = Fixtures.packageDirectory
        .deletingLastPathComponent()  // Tools
        .deletingLastPathComponent()  // the repository
        .appendingPathComponent("scripts/cache-server.sh")

    /// Starts the reference server in `directory`.
    static func start(in directory: URL) async throws -> CacheServer {
        let result = try await liveRunner(directory.deletingLastPathComponent()).run(
            ProcessInvocation(executable: script.path, arguments: ["start", directory.path]))
        guard result.succeeded else {
            throw ProcessLaunchError(commandLine: "cache-server.sh start", reason: result.standardErrorText)
        }
        return CacheServer(
            directory: directory, url: result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines))
    }

    /// Starts the reference server in `directory` and reconfigures it to answer 500 to everything.
    static func startAnswering500(in directory: URL) async throws -> CacheServer {
        try await start(in: directory, location: "return 500;", probe: "500")
    }

    /// Starts the reference server in `directory` and replaces the body of its `location /` block with `location`
    /// (`nginx -s reload`, so no daemon is started from this process), waiting (at most 5 s) until a `GET` of a
    /// missing entry answers `probe`.
    static func start(in directory: URL, location: String, probe expected: String) async throws -> CacheServer {
        let server = try await start(in: directory)
        let path = directory.path
        let configURL = directory.appendingPathComponent("nginx.conf")
        let config = try String(contentsOf: configURL, encoding: .utf8)
        let rewritten = config.replacingOccurrences(
            of: #"location / \{.*\}"#, with: "location / { \(location) }", options: .regularExpression)
        try Data(rewritten.utf8).write(to: configURL)
        let runner = liveRunner(directory)
        let reload = try await runner.run(
            ProcessInvocation(
                executable: "nginx",
                arguments: ["-p", path, "-c", configURL.path, "-e", "\(path)/error.log", "-s", "reload"]))
        #expect(reload.succeeded, "\(reload.standardErrorText)")
        for _ in 0..<50 {
            let probe = try await runner.run(
                ProcessInvocation(
                    executable: "curl",
                    arguments: ["-s", "-o", "/dev/null", "-w", "%{http_code}", "\(server.url)/ac/probe"]))
            if probe.standardOutputText == expected { return server }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw ProcessLaunchError(commandLine: "nginx -s reload", reason: "the server never answered \(expected)")
    }

    /// Stops it (either kind) and waits until it is gone.
    func stop() async throws {
        let result = try await liveRunner(directory.deletingLastPathComponent()).run(
            ProcessInvocation(executable: Self.script.path, arguments: ["stop", directory.path]))
        #expect(result.succeeded, "\(result.standardErrorText)")
    }

    /// The AC entries on disk, by key: test results, their run histories and durations; with `history`, the
    /// history slots of runs (entries naming `history.json`, which every run with a writable cache adds) too.
    func actionEntries(history: Bool = false) throws -> [String: Data] {
        let directory = data.appendingPathComponent("ac")
        let names = (try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []
        var entries: [String: Data] = [:]
        for name in names {
            let bytes = try Data(contentsOf: directory.appendingPathComponent(name))
            if !history, (try? ActionResultMessage.decode(bytes))?.file(SharedHistory.fileName) != nil { continue }
            entries[name] = bytes
        }
        return entries
    }

    /// The CAS file of `digest`.
    func blobFile(_ digest: BlobDigest) -> URL {
        data.appendingPathComponent("cas/\(digest.hash)")
    }
}

/// Runs `body` with a reference server in `directory`, stopped afterwards whatever happens.
func withCacheServer<T>(in directory: URL, _ body: (CacheServer) async throws -> T) async throws -> T {
    let server = try await CacheServer.start(in: directory)
    do {
        let value = try await body(server)
        try await server.stop()
        return value
    } catch {
        try? await server.stop()
        throw error
    }
}

/// A TCP socket on loopback that listens and never accepts: the kernel completes each connection, and nothing
/// ever answers (a server that hangs).
final class SilentListener: Sendable {
    private let descriptor: Int32
    /// `http://127.0.0.1:PORT`.
    let url: String

    init() throws {
        let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        address.sin_port = 0
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(descriptor, generic, length) == 0 && listen(descriptor, 64) == 0
                    && getsockname(descriptor, generic, &length) == 0
            }
        }
        guard descriptor >= 0, bound else {
            close(descriptor)
            throw ProcessLaunchError(commandLine: "listen on 127.0.0.1", reason: String(cString: strerror(errno)))
        }
        self.descriptor = descriptor
        url = "http://127.0.0.1:\(UInt16(bigEndian: address.sin_port))"
    }

    deinit {
        close(descriptor)
    }
}
