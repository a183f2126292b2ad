import Foundation
import Logging
import SampleBackend

#if canImport(Glibc)
    import Glibc
#endif

// storefront-server: parses the command line, starts the sample server, prints its URL, and stops it gracefully on
// SIGINT or SIGTERM. Exit codes: 0 after a stop, 1 when the server cannot start, 64 for a usage error (sysexits).

let options: CommandLineOptions
do {
    options = try CommandLineOptions(arguments: Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(
        Data("storefront-server: \(error.description)\n\n\(CommandLineOptions.usage)\n".utf8))
    exit(64)
}
if options.showsHelp {
    print(CommandLineOptions.usage)
    exit(0)
}

let environment = ProcessInfo.processInfo.environment
var handler = StreamLogHandler.standardError(environment: environment)
handler.logLevel = options.logLevel
let logger = Logger(label: "storefront-server", handler: handler)

var configuration = SampleServerConfiguration(
    dataDirectory: options.dataDirectory.map { URL(fileURLWithPath: $0, isDirectory: true) },
    logger: logger,
    now: { Date() })
configuration.host = options.host
configuration.port = options.port
configuration.http.threadPoolSize = options.threads ?? max(1, ProcessInfo.processInfo.activeProcessorCount)
configuration.seed = options.seed
configuration.faultSeed = options.faultSeed
configuration.sessionLifetime = .seconds(options.sessionLifetimeSeconds)
configuration.faults = options.faults
configuration.growFeedEvery = options.growFeedEvery
configuration.events.demoPostsEvery = options.demoPostsEverySeconds.map { .seconds($0) }
configuration.events.demoOrdersAdvanceAfter = options.demoOrdersAdvanceSeconds.map { .seconds($0) }
if let heartbeat = options.heartbeatSeconds {
    configuration.events.heartbeatInterval = .seconds(heartbeat)
}
configuration.catalog = CatalogConfiguration(
    productCount: options.productCount, postCount: options.postCount, messyShare: options.messyShare,
    uniformStock: options.uniformStock)

let signals = SignalStream([SIGINT, SIGTERM])

let server: RunningServer
do {
    server = try await SampleServer.start(configuration)
} catch {
    FileHandle.standardError.write(Data("storefront-server: \(error.description)\n".utf8))
    exit(1)
}
if server.seeded {
    let duration = server.seedingDuration
    let milliseconds = duration.components.seconds * 1000 + duration.components.attoseconds / 1_000_000_000_000_000
    print(
        "storefront-server seeded \(options.productCount) products and \(options.postCount) posts in \(milliseconds) ms"
    )
}
print("storefront-server listening on \(server.baseURL.absoluteString)")
fflush(nil)

let received = await signals.next() ?? SIGTERM
logger.notice("stopping", metadata: ["signal": .string(received == SIGINT ? "SIGINT" : "SIGTERM")])
await server.stop()
signals.cancel()
print("storefront-server stopped")
exit(0)
