import FeatureKit
import Foundation
import Logging
import Networking
import Persistence
import StorefrontApp

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// The app's graph as the composition root builds it, over a temporary data directory, the embedded backend (or
/// `apiURL`) and real HTTP (the app's libcurl transports on a driver of the graph's own; pictures through
/// `imageTransport` when a test wraps one),
/// with a capturing logger.
@MainActor
enum TestGraph {
    static func make(
        directory: URL, apiURL: URL? = nil, logs: CapturingLogHandler = CapturingLogHandler(),
        extraEntries: [any FeatureEntry.Type] = [],
        imageTransport: (any HTTPTransport)? = nil
    ) throws -> AppDependencies {
        let transports = try TestTransports.make()
        let configuration = AppConfiguration(
            logLevel: .debug, allowsColor: false, environment: [:], apiURL: apiURL, dataDirectory: directory,
            flagOverrides: [:], serverFaults: [])
        return try AppDependencies(
            configuration: configuration, layout: StorageLayout(rootDirectory: directory),
            logger: Logger(label: "test", handler: logs), logFallback: StandardErrorFallback(),
            transport: transports.api, streamingTransport: transports.stream,
            imageTransport: imageTransport ?? transports.pictures, entryTypes: AppEntries.all + extraEntries)
    }

    /// What the app's entries registered.
    static func registry() throws -> FeatureRegistry {
        try FeatureRegistry(AppEntries.descriptors())
    }

    /// The app's deep-link parser.
    static func deepLinks() throws -> DeepLink {
        DeepLink(registry: try registry())
    }

    /// The app's command catalog.
    static func catalog() throws -> CommandCatalog {
        CommandCatalog(registry: try registry())
    }
}

/// The app's libcurl transports (`AppTransports`) on a driver of their own, as the composition root builds them.
enum TestTransports {
    static func make() throws -> AppTransports {
        AppTransports(driver: try CurlDriver(), attemptTimeout: .seconds(10))
    }
}
