import DesignSystem
import FeatureKit
import Foundation
import Logging
import Networking
import Persistence
import Primitives
import StorefrontApp
import TerminalUI

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Types a burst of 1,000 and 10,000 keys into the Search tab of the full-screen app, the way `tmux send-keys -l`
/// or a terminal without bracketed paste delivers them: bytes in reads of 4 KiB through the key decoder, every event
/// through the app's shell (the search field, the debounce), one frame drawn per read. It prints events per second
/// for each size, the ratio of the per-event cost at 10,000 to the cost at 1,000 (1.0 is linear time), the frames
/// drawn and the searches the server received, all measured in this run against a server answering in-process.
///
/// Run: `swift run -c release storefront-keyburst [--json]` (also part of `make bench`).
@main
struct ShellKeyBurst {
    static let sizes = [1_000, 10_000]
    static let readSize = 4096
    static let runs = 3

    struct Measurement {
        var seconds: Double
        var frames: Int
        var searches: Int
    }

    @MainActor
    static func main() async {
        let arguments = CommandLine.arguments.dropFirst()
        let json = arguments.contains("--json")
        if let unknown = arguments.first(where: { $0 != "--json" }) {
            FileHandle.standardError.write(
                Data("storefront-keyburst: unknown argument '\(unknown)'; usage: storefront-keyburst [--json]\n".utf8))
            exit(64)
        }
        var rates: [Int: Double] = [:]
        var worst: [Int: Measurement] = [:]
        for size in sizes {
            if !json { print("typing \(size) keys into the search field (\(runs) runs)…") }
            var measurements: [Measurement] = []
            for _ in 0..<runs {
                do {
                    measurements.append(try await measure(keys: size))
                } catch {
                    FileHandle.standardError.write(Data("storefront-keyburst: \(error)\n".utf8))
                    exit(1)
                }
            }
            let median = measurements.map(\.seconds).sorted()[runs / 2]
            rates[size] = Double(size) / median
            worst[size] = Measurement(
                seconds: median, frames: measurements.map(\.frames).max() ?? 0,
                searches: measurements.map(\.searches).max() ?? 0)
        }
        let small = rates[sizes[0]] ?? 0
        let large = rates[sizes[1]] ?? 0
        let ratio = large > 0 ? small / large : .infinity
        if json {
            let rows = sizes.map { size in
                "{\"keys\":\(size),\"events_per_second\":\(Int(rates[size] ?? 0)),"
                    + "\"frames\":\(worst[size]?.frames ?? 0),\"searches\":\(worst[size]?.searches ?? 0)}"
            }
            print("{\"bursts\":[\(rows.joined(separator: ","))],\"cost_ratio\":\(String(format: "%.2f", ratio))}")
            return
        }
        for size in sizes {
            let measurement = worst[size] ?? Measurement(seconds: 0, frames: 0, searches: 0)
            print(
                String(
                    format: "%6d keys: %10.0f events/s, %d frames drawn, %d searches sent", size, rates[size] ?? 0,
                    measurement.frames, measurement.searches))
        }
        print(String(format: "cost ratio (time per event at 10,000 over 1,000; 1.0 is linear): %.2f", ratio))
    }

    /// One burst of `keys` typed keys on a fresh graph; the searches are counted once the debounce has passed.
    @MainActor
    static func measure(keys: Int) async throws -> Measurement {
        let directory = FileManager().temporaryDirectory.appending(path: "storefront-keyburst-\(UUID().uuidString)")
        defer { try? FileManager().removeItem(at: directory) }
        let transport = SearchCountingTransport()
        let configuration = AppConfiguration(
            logLevel: .critical, allowsColor: false, environment: [:],
            apiURL: URL(string: "http://127.0.0.1:9/"), dataDirectory: directory, flagOverrides: [:], serverFaults: [])
        let transports = AppTransports(driver: try CurlDriver(), attemptTimeout: .seconds(10))
        let dependencies = try AppDependencies(
            configuration: configuration, layout: StorageLayout(rootDirectory: directory),
            logger: Logger(label: "bench", handler: CapturingLogHandler()), logFallback: StandardErrorFallback(),
            transport: transport, streamingTransport: transports.stream, imageTransport: transports.pictures,
            entryTypes: AppEntries.all)
        let shell = AppShell(dependencies: dependencies, theme: .ascii)
        let size = TerminalSize(columns: 100, rows: 30)
        dependencies.router.select(TabID("search"))
        _ = shell.render(size: size)

        let pattern = Array("lamp shade ")
        var text = ""
        for index in 0..<keys { text.append(pattern[index % pattern.count]) }
        let bytes = Array(text.utf8)
        var decoder = KeyDecoder()
        var frames = 0
        let clock = ContinuousClock()
        let start = clock.now
        for offset in stride(from: 0, to: bytes.count, by: readSize) {
            for event in decoder.decode(bytes[offset..<min(offset + readSize, bytes.count)]) {
                _ = shell.handle(event)
            }
            _ = shell.render(size: size)
            frames += 1
        }
        let elapsed = clock.now - start
        // The search runs after the debounce (300 ms); wait past it for what the server receives.
        try await clock.sleep(for: .milliseconds(900))
        await dependencies.shutdown()
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        return Measurement(seconds: seconds, frames: frames, searches: transport.searches)
    }
}

/// Answers every request in-process: an empty page for `GET /v1/search` (counted), 404 for anything else.
final class SearchCountingTransport: HTTPTransport {
    private let count = Locked(0)

    var searches: Int { count.withLock { $0 } }

    func send(_ request: URLRequest) async throws -> (Data, HTTPURLResponse) {
        let url = request.url ?? URL(filePath: "/")
        let isSearch = url.path.hasSuffix("/v1/search")
        if isSearch { count.withLock { $0 += 1 } }
        let body =
            isSearch
            ? #"{"products":[],"total":0,"offset":0}"#
            : #"{"error":{"code":"not_found","message":"not in this benchmark"}}"#
        let response = HTTPURLResponse(
            url: url, statusCode: isSearch ? 200 : 404, httpVersion: "HTTP/1.1",
            headerFields: ["Content-Type": "application/json"])
        guard let response else { throw URLError(.badServerResponse) }
        return (Data(body.utf8), response)
    }
}
