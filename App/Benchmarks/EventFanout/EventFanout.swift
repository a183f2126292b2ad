import Foundation
import Logging
import Networking
import Primitives
import SampleBackend

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

// storefront-eventfanout: how GET /v1/events of the sample server fans one change out to many watchers on loopback.
// It starts the sample server in a child process of its own (this binary with --serve: the SampleBackend library
// with the per-address connection limit off, since every client here shares 127.0.0.1), opens N event-stream clients (EventStreamClient over
// CurlStreamingTransport), makes E likes through the API, and checks that every client received every event exactly
// once. It measures N clients twice: with one libcurl driver each (as N apps would have, one thread each), and all on
// one shared driver (one process holding N streams, the driver's own scaling). It prints delivery latency (from just
// before the like is sent to the client's receipt) at p50 and p99, the server's resident memory per open stream, and
// the ratios against one client measured in the same run.
//
// usage: storefront-eventfanout [--clients N] [--events E] [--json]

struct Options {
    var clients = 500
    var events = 100
    var json = false

    static func parse(_ arguments: [String]) -> Result<Options, BenchError> {
        var options = Options()
        var index = 0
        func value(_ name: String) -> Result<String, BenchError> {
            index += 1
            guard index < arguments.count else { return .failure(BenchError("option '\(name)' needs a value")) }
            return .success(arguments[index])
        }
        func count(_ name: String, in range: ClosedRange<Int>) -> Result<Int, BenchError> {
            value(name).flatMap { text in
                guard let number = Int(text), range.contains(number) else {
                    return .failure(
                        BenchError(
                            "option '\(name)' needs a whole number from \(range.lowerBound) to \(range.upperBound)"))
                }
                return .success(number)
            }
        }
        while index < arguments.count {
            let argument = arguments[index]
            let step: Result<Void, BenchError>
            switch argument {
            case "--clients": step = count(argument, in: 1...1000).map { options.clients = $0 }
            case "--events": step = count(argument, in: 1...1000).map { options.events = $0 }
            case "--json":
                options.json = true
                step = .success(())
            default: step = .failure(BenchError("unknown option '\(argument)'"))
            }
            if case .failure(let error) = step { return .failure(error) }
            index += 1
        }
        return .success(options)
    }
}

struct BenchError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}

/// One run's figures.
struct Figures: Encodable {
    let clients: Int
    let events: Int
    let deliveredToAll: Bool
    let p50Milliseconds: Double
    let p99Milliseconds: Double
    let serverKilobytesPerClient: Double
    let sharedDriver: Bool
    /// CPU time per delivered event while the events were sent and delivered, in microseconds: this process (the
    /// clients and the likes sent) and the server's.
    let clientCPUMicrosecondsPerDelivery: Double
    let serverCPUMicrosecondsPerDelivery: Double
}

/// The server child process (`--serve`).
final class ServerProcess {
    let process = Process()
    let baseURL: URL

    init() throws {
        process.executableURL = URL(filePath: "/proc/self/exe")
        process.arguments = ["--serve"]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        var text = ""
        let handle = output.fileHandleForReading
        while !text.contains("\n") {
            let chunk = handle.availableData
            if chunk.isEmpty { break }
            text += String(decoding: chunk, as: UTF8.self)
        }
        guard let range = text.range(of: "listening on "),
            let url = URL(string: String(text[range.upperBound...].prefix { !$0.isWhitespace }))
        else {
            process.terminate()
            throw BenchError("the server process did not say where it listens: \(text)")
        }
        baseURL = url
    }

    /// User and system CPU time the process has used, in seconds (Linux /proc: utime and stime, in clock ticks).
    func cpuSeconds() -> Double {
        let stat = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/stat", encoding: .utf8)) ?? ""
        // The fields after the command name, which is in parentheses and may hold spaces: state is field 3, utime 14.
        guard let close = stat.lastIndex(of: ")") else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        guard fields.count > 12, let user = Double(fields[11]), let system = Double(fields[12]) else { return 0 }
        return (user + system) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// VmRSS of the process, in kilobytes (Linux /proc).
    func residentKilobytes() -> Int {
        let status = (try? String(contentsOfFile: "/proc/\(process.processIdentifier)/status", encoding: .utf8)) ?? ""
        let line = status.split(separator: "\n").first { $0.hasPrefix("VmRSS:") } ?? ""
        return Int(line.split(separator: " ").dropFirst().first ?? "") ?? 0
    }

    func stop() {
        process.terminate()
        process.waitUntilExit()
    }
}

/// What every client received: per client, the receipt time of each post's event.
final class Receipts: Sendable {
    private let state: Locked<(connected: Int, times: [[String: ContinuousClock.Instant]], duplicates: Int)>

    init(clients: Int) {
        state = Locked((0, Array(repeating: [:], count: clients), 0))
    }

    func connected() { state.withLock { $0.connected += 1 } }
    var connectedCount: Int { state.withLock { $0.connected } }

    func received(_ postID: String, by client: Int, at instant: ContinuousClock.Instant) {
        state.withLock { state in
            if state.times[client][postID] != nil {
                state.duplicates += 1
            } else {
                state.times[client][postID] = instant
            }
        }
    }

    var receivedCount: Int { state.withLock { $0.times.reduce(0) { $0 + $1.count } } }
    var snapshot: (times: [[String: ContinuousClock.Instant]], duplicates: Int) {
        state.withLock { ($0.times, $0.duplicates) }
    }
}

/// User and system CPU time this process has used, in seconds.
func processCPUSeconds() -> Double {
    var usage = rusage()
    getrusage(RUSAGE_SELF.rawValue, &usage)
    func seconds(_ time: timeval) -> Double { Double(time.tv_sec) + Double(time.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

func progress(_ text: String) {
    FileHandle.standardError.write(Data((text + "\n").utf8))
}

func waitFor(_ what: String, within seconds: Int, _ done: () -> Bool) async throws {
    let clock = ContinuousClock()
    let deadline = clock.now + .seconds(seconds)
    while !done() {
        guard clock.now < deadline else { throw BenchError("timed out after \(seconds) s waiting for \(what)") }
        try await Task.sleep(for: .milliseconds(20))
    }
}

func request(_ method: String, _ url: URL, token: String?, body: Data?) -> URLRequest {
    var request = URLRequest(url: url)
    request.httpMethod = method
    request.httpBody = body
    request.setValue("application/json", forHTTPHeaderField: "Content-Type")
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    request.setValue(UUID().uuidString, forHTTPHeaderField: "Idempotency-Key")
    return request
}

/// One measurement: `clients` streams, `events` likes of posts `first..<first+events`.
func measure(
    server: ServerProcess, clients: Int, sharedDriver: Bool, events: Int, firstPost: Int, nextPost: inout Int
) async throws -> Figures {
    let logger = Logger(label: "bench", handler: NullLogHandler())
    let receipts = Receipts(clients: clients)
    let before = server.residentKilobytes()
    var tasks: [Task<Void, Never>] = []
    let shared = sharedDriver ? try CurlDriver() : nil
    for client in 0..<clients {
        let eventClient = EventStreamClient(
            baseURL: server.baseURL,
            transport: CurlStreamingTransport(
                driver: try shared ?? CurlDriver(), idleTimeout: .seconds(60),
                maximumBufferedChunks: 256, additionalHeaders: [:]),
            tokenProvider: nil,
            decoder: EventStreamDecoder<JSONValue>().on("post.likes", JSONValue.self) { $0 },
            clock: ContinuousClock(), jitter: .systemRandom, logger: logger, configuration: EventStreamConfiguration())
        tasks.append(
            Task {
                do {
                    for try await update in eventClient.updates() {
                        switch update {
                        case .connected: receipts.connected()
                        case .event(_, _, let value):
                            if case .string(let postID)? = value["post_id"] {
                                receipts.received(postID, by: client, at: ContinuousClock.now)
                            }
                        case .disconnected, .malformed: break
                        }
                    }
                } catch {}
            })
    }
    var shown = -1
    try await waitFor("\(clients) streams to open", within: 120) {
        let open = receipts.connectedCount
        if open != shown {
            progress("  \(open)/\(clients) streams open")
            shown = open
        }
        return open >= clients
    }
    // Every stream answered with its head; give the server a moment to account for them all before reading memory.
    try await Task.sleep(for: .milliseconds(500))
    let after = server.residentKilobytes()

    let http = CurlTransport(
        driver: try CurlDriver(), idleTimeout: .seconds(30), maximumBodyBytes: 1 << 20, additionalHeaders: [:],
        entityTags: nil)
    let (sessionData, _) = try await http.send(
        request(
            "POST", server.baseURL.appending(path: "v1/session"), token: nil,
            body: Data(#"{"user_name":"fanout"}"#.utf8)))
    guard case .string(let token)? = try JSONDecoder().decode(JSONValue.self, from: sessionData)["token"] else {
        throw BenchError("POST /v1/session gave no token")
    }
    let clientCPUBefore = processCPUSeconds()
    let serverCPUBefore = server.cpuSeconds()
    var sent: [String: ContinuousClock.Instant] = [:]
    var number = firstPost
    while sent.count < events {
        // The seeded data leaves some numbers out (deleted posts): those answer 404 and are skipped.
        let postID = "post_\(number)"
        number += 1
        let start = ContinuousClock.now
        let (_, response) = try await http.send(
            request("PUT", server.baseURL.appending(path: "v1/posts/\(postID)/like"), token: token, body: nil))
        if response.statusCode == 404 { continue }
        guard response.statusCode == 200 else { throw BenchError("PUT like \(postID) answered \(response.statusCode)") }
        sent[postID] = start
    }
    nextPost = number
    try await waitFor("\(clients * events) deliveries", within: 120) {
        receipts.receivedCount >= clients * events
    }
    let clientCPU = processCPUSeconds() - clientCPUBefore
    let serverCPU = server.cpuSeconds() - serverCPUBefore
    for task in tasks { task.cancel() }

    let (times, duplicates) = receipts.snapshot
    var latencies: [Double] = []
    for received in times {
        for (postID, instant) in received {
            guard let start = sent[postID] else { continue }
            let elapsed = instant - start
            latencies.append(
                Double(elapsed.components.seconds) * 1000 + Double(elapsed.components.attoseconds) / 1e15)
        }
    }
    latencies.sort()
    func percentile(_ p: Double) -> Double {
        latencies.isEmpty ? 0 : latencies[min(latencies.count - 1, Int(Double(latencies.count) * p))]
    }
    let everyone = duplicates == 0 && times.allSatisfy { $0.count == events }
    return Figures(
        clients: clients, events: events, deliveredToAll: everyone, p50Milliseconds: percentile(0.5),
        p99Milliseconds: percentile(0.99), serverKilobytesPerClient: Double(after - before) / Double(clients),
        sharedDriver: sharedDriver, clientCPUMicrosecondsPerDelivery: clientCPU * 1e6 / Double(clients * events),
        serverCPUMicrosecondsPerDelivery: serverCPU * 1e6 / Double(clients * events))
}

/// A log handler that drops everything (the bench prints its own lines).
struct NullLogHandler: LogHandler {
    var logLevel: Logger.Level = .critical
    var metadata: Logger.Metadata = [:]

    func log(
        label: String, level: Logger.Level, message: Logger.Message, metadata: Logger.Metadata?, source: String,
        file: String, function: String, line: UInt
    ) {}
}

/// `--serve`: the sample server with seeded in-memory data on 127.0.0.1, an ephemeral port, no per-address
/// connection limit; prints `listening on URL` and runs until terminated.
func serve() async throws -> Never {
    var configuration = SampleServerConfiguration(
        dataDirectory: nil, logger: Logger(label: "server", handler: NullLogHandler()), now: { Date() })
    configuration.host = "127.0.0.1"
    configuration.port = 0
    configuration.http.maximumConnectionsPerClient = 0
    let server = try await SampleServer.start(configuration)
    FileHandle.standardOutput.write(Data("listening on \(server.baseURL.absoluteString)\n".utf8))
    while true { try await Task.sleep(for: .seconds(3600)) }
}

if CommandLine.arguments.dropFirst().first == "--serve" {
    do {
        try await serve()
    } catch {
        progress("storefront-eventfanout --serve: \(error)")
        exit(1)
    }
}

let options: Options
switch Options.parse(Array(CommandLine.arguments.dropFirst())) {
case .success(let parsed): options = parsed
case .failure(let error):
    progress(
        "storefront-eventfanout: \(error)\nusage: storefront-eventfanout [--clients N] [--events E] [--json]"
    )
    exit(64)
}
do {
    let server = try ServerProcess()
    defer { server.stop() }
    progress("reference: 1 stream, \(options.events) events")
    var nextPost = 1
    let reference = try await measure(
        server: server, clients: 1, sharedDriver: false, events: options.events, firstPost: nextPost,
        nextPost: &nextPost)
    progress("fan-out: \(options.clients) streams, one driver each, \(options.events) events")
    let fanout = try await measure(
        server: server, clients: options.clients, sharedDriver: false, events: options.events, firstPost: nextPost,
        nextPost: &nextPost)
    progress("fan-out: \(options.clients) streams, one shared driver, \(options.events) events")
    let shared = try await measure(
        server: server, clients: options.clients, sharedDriver: true, events: options.events, firstPost: nextPost,
        nextPost: &nextPost)
    if options.json {
        let encoder = JSONEncoder()
        encoder.keyEncodingStrategy = .convertToSnakeCase
        encoder.outputFormatting = [.sortedKeys]
        let document = ["reference": reference, "fanout": fanout, "fanout_shared_driver": shared]
        print(String(decoding: try encoder.encode(document), as: UTF8.self))
    } else {
        for figures in [reference, fanout, shared] {
            print(
                String(
                    format:
                        "%4d streams, %d events, %@: every stream got every event once: %@; delivery p50 %.1f ms, p99 %.1f ms; CPU per delivery %.1f us here, %.1f us in the server; server memory %.1f KiB per stream",
                    figures.clients, figures.events, figures.sharedDriver ? "one shared driver" : "one driver each",
                    figures.deliveredToAll ? "yes" : "NO", figures.p50Milliseconds, figures.p99Milliseconds,
                    figures.clientCPUMicrosecondsPerDelivery, figures.serverCPUMicrosecondsPerDelivery,
                    figures.serverKilobytesPerClient))
        }
        for figures in [fanout, shared] {
            print(
                String(
                    format: "ratio %d streams (%@) / 1 stream: p50 %.2f, p99 %.2f", figures.clients,
                    figures.sharedDriver ? "one shared driver" : "one driver each",
                    figures.p50Milliseconds / max(reference.p50Milliseconds, 0.001),
                    figures.p99Milliseconds / max(reference.p99Milliseconds, 0.001)))
        }
    }
    if !reference.deliveredToAll || !fanout.deliveredToAll || !shared.deliveredToAll { exit(1) }
} catch {
    progress("storefront-eventfanout: \(error)")
    exit(1)
}
