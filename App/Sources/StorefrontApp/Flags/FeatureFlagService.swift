import Checkout
import FeatureKit
import Foundation
import Logging
import Networking
import Persistence
import Primitives

/// The server's configuration (`GET /v1/config`) as the app keeps it: the flags and the shipping options.
public struct RemoteConfig: Sendable, Hashable, Codable {
    /// The flags the server sent that are booleans, by name (other values are ignored).
    public var flags: [String: Bool]
    /// The shipping options on offer (express only while the server's flag allows it).
    public var shippingOptions: [ShippingOption]
    /// When it was fetched.
    public var fetchedAt: Date

    /// Creates a configuration.
    public init(flags: [String: Bool], shippingOptions: [ShippingOption], fetchedAt: Date) {
        self.flags = flags
        self.shippingOptions = shippingOptions
        self.fetchedAt = fetchedAt
    }
}

/// Reads the server's configuration and keeps the last one on disk, so flags are known on the next launch even
/// without a network.
///
/// The cache is `<cache root>/config.json`, written atomically (a crash leaves the old file or the new one, never
/// half of one). A missing or unreadable cache means the declared defaults. Flags are
/// evaluated once per launch (`evaluate(_:)`) and passed to features as plain values; a fetch during a run updates
/// the cache for the next launch.
public final class FeatureFlagService: Sendable {
    private let client: APIClient
    private let cacheFile: AtomicFile
    private let overrides: [String: Bool]
    private let declarations: [FlagDeclaration]
    private let now: @Sendable () -> Date
    private let logger: Logger

    /// Creates the service; nothing is read or sent yet.
    ///
    /// - Parameters:
    ///   - client: Sends `GET /v1/config`.
    ///   - cacheURL: The cache file (`<cache root>/config.json`).
    ///   - overrides: The `--flag` overrides.
    ///   - declarations: The flags the registered entries declared.
    ///   - now: The wall clock, recorded with a fetched configuration.
    ///   - logger: Receives fetch and cache failures.
    public init(
        client: APIClient, cacheURL: URL, overrides: [String: Bool], declarations: [FlagDeclaration],
        now: @escaping @Sendable () -> Date, logger: Logger
    ) {
        self.declarations = declarations
        self.client = client
        self.cacheFile = AtomicFile(url: cacheURL)
        self.overrides = overrides
        self.now = now
        self.logger = logger
    }

    /// The configuration cached by the last successful fetch, or nil when there is none or it cannot be read (the
    /// reason is logged).
    public func cachedConfig() -> RemoteConfig? {
        do {
            guard let data = try cacheFile.read() else { return nil }
            return try APIJSON.makeDecoder().decode(RemoteConfig.self, from: data)
        } catch {
            logger.warning("the cached configuration cannot be read", metadata: ["error": "\(error)"])
            return nil
        }
    }

    /// Fetches the configuration and caches it.
    ///
    /// - Throws: `APIError` or `CancellationError` when the request fails; a cache that cannot be written is only
    ///   logged.
    @discardableResult
    public func refresh() async throws -> RemoteConfig {
        let dto = try await client.send(Endpoint<RemoteConfigDTO>(.get, "/v1/config", authentication: .none))
        let config = RemoteConfig(
            flags: dto.flags.compactMapValues { value in
                if case .bool(let flag) = value { return flag }
                return nil
            },
            shippingOptions: dto.shippingOptions.map(ShippingOption.init(dto:)),
            fetchedAt: now())
        do {
            try FileManager().createDirectory(
                at: cacheFile.url.deletingLastPathComponent(), withIntermediateDirectories: true,
                attributes: [.posixPermissions: 0o700])
            try cacheFile.write(config, encoder: APIJSON.makeEncoder())
        } catch {
            logger.warning("the configuration could not be cached", metadata: ["error": "\(error)"])
        }
        return config
    }

    /// The configuration fetched now, or the cached one when the server cannot be reached (nil when there is
    /// neither).
    public func currentConfig() async -> RemoteConfig? {
        do {
            return try await refresh()
        } catch {
            logger.notice("the configuration could not be fetched", metadata: ["error": "\(error)"])
            return cachedConfig()
        }
    }

    /// The flags for `config` (nil: the defaults) with the overrides applied.
    public func evaluate(_ config: RemoteConfig?) -> FlagEvaluation {
        FeatureFlags.evaluate(declarations, server: config?.flags, overrides: overrides)
    }
}

/// The body of `GET /v1/config`; a broken shipping option is left out, never the whole configuration.
struct RemoteConfigDTO: Decodable, Sendable {
    let flags: [String: JSONValue]
    let shippingOptions: [ShippingOptionDTO]

    private enum CodingKeys: String, CodingKey {
        case flags, shippingOptions
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        flags = try container.decodeIfPresent([String: JSONValue].self, forKey: .flags) ?? [:]
        shippingOptions =
            try container.decodeIfPresent(LossyArray<ShippingOptionDTO>.self, forKey: .shippingOptions)?.elements ?? []
    }
}
