import Foundation
import Logging
import Persistence

/// Everything `SampleServer.start(_:)` needs: where to listen, where the data lives, how it is seeded, which faults
/// to inject, and the logger and clock it uses.
public struct SampleServerConfiguration: Sendable {
    /// Listening address, port (0 = ephemeral) and HTTP limits. `127.0.0.1`, port 0 unless set.
    public var http: HTTPServerConfiguration
    /// The directory of the database (`storefront-server.sqlite`, created with the directory when missing; data is
    /// kept across starts, so tokens stay valid), or nil for a database in memory, gone at `stop()`.
    public var dataDirectory: URL?
    /// Fixes the seeded catalog (and the fault `share` draws while `faultSeed` is nil). 1 unless set.
    public var seed: UInt64
    /// Fixes the sequence of fault `share` draws on its own, so draws can vary over the same catalog; nil uses
    /// `seed`. Nil unless set.
    public var faultSeed: UInt64?
    /// How long a session token stays valid after `POST /v1/session`; afterwards the token gets 401 `unauthorized`
    /// and the client signs in again. 24 hours unless set; at least one second.
    public var sessionLifetime: Duration
    /// How long a card token from `POST /v1/payment-methods/card` can pay for an order (each token pays for one
    /// order only). 15 minutes unless set; at least one second.
    public var cardTokenLifetime: Duration
    /// Sizes and messiness of the seeded data.
    public var catalog: CatalogConfiguration
    /// Currency and feature flags.
    public var settings: StoreSettings
    /// The fault rules in effect from the start (see `FaultRule`); `RunningServer.setFaults(_:)` replaces them.
    public var faults: [FaultRule]
    /// When set to N, every Nth `GET /v1/feed` first adds a new post at the top of the feed.
    public var growFeedEvery: Int?
    /// The `GET /v1/events` streams: heartbeat, limits, and the demo sources (off by default).
    public var events: EventStreamSettings
    /// Receives the access log (info), libmicrohttpd's messages (warning) and failures (error); the server writes
    /// nowhere else, so an embedding app's terminal stays untouched.
    public var logger: Logger
    /// The wall clock: dates of orders, sessions and grown posts, card expiry, rate-limit windows.
    public var now: @Sendable () -> Date

    /// Creates a configuration with the defaults above.
    ///
    /// - Parameters:
    ///   - dataDirectory: See `dataDirectory`; nil keeps the data in memory.
    ///   - logger: See `logger`.
    ///   - now: See `now`; pass `{ Date() }` for the real clock.
    public init(dataDirectory: URL?, logger: Logger, now: @escaping @Sendable () -> Date) {
        self.http = HTTPServerConfiguration()
        self.dataDirectory = dataDirectory
        self.seed = 1
        self.faultSeed = nil
        self.sessionLifetime = .seconds(24 * 60 * 60)
        self.cardTokenLifetime = .seconds(15 * 60)
        self.catalog = CatalogConfiguration()
        self.settings = StoreSettings()
        self.faults = []
        self.growFeedEvery = nil
        self.events = EventStreamSettings()
        self.logger = logger
        self.now = now
    }

    /// The listening address (an IP literal or `localhost`).
    public var host: String {
        get { http.host }
        set { http.host = newValue }
    }

    /// The port; 0 for an ephemeral one.
    public var port: UInt16 {
        get { http.port }
        set { http.port = newValue }
    }

    /// The database file inside `dataDirectory`.
    public static let databaseFileName = "storefront-server.sqlite"
}

/// Why the sample server did not start.
public enum SampleServerError: Error, Sendable, CustomStringConvertible {
    /// A configuration value is out of range (named, with the reason).
    case invalidConfiguration(String)
    /// The HTTP server could not start.
    case http(HTTPServerError)
    /// The database could not be opened, migrated or seeded.
    case store(String)
    /// The database could not be written because its disk is full (`SQLITE_FULL`, `ENOSPC`): `path` is the file
    /// that could not grow, `reason` the system's or SQLite's words.
    case diskFull(path: String, reason: String)

    /// A one-line explanation.
    public var description: String {
        switch self {
        case .invalidConfiguration(let reason): return "invalid configuration: \(reason)"
        case .http(let error): return error.description
        case .store(let reason): return "cannot prepare the data: \(reason)"
        case .diskFull(let path, let reason): return "the disk is full: cannot write \(path) (\(reason))"
        }
    }
}

extension SampleServerError {
    /// The error for `error` while the store was prepared: `diskFull` when the database's disk is full (SQLite's
    /// `SQLITE_FULL` or an I/O error a full disk causes, `DatabaseError.isDiskFull`; or a file operation's `ENOSPC`, `EDQUOT` or `EFBIG`), otherwise `store`.
    init(preparing error: any Error, database: DatabaseLocation?) {
        var databasePath: String?
        if case .file(let url) = database { databasePath = url.path(percentEncoded: false) }
        switch error {
        case let error as DatabaseError where error.isDiskFull:
            self = .diskFull(
                path: error.diskFullPath ?? databasePath ?? "the server's database", reason: error.diskFullReason)
        case let error as FileOperationError where error.isOutOfSpace:
            self = .diskFull(path: error.path, reason: error.reason)
        default:
            self = .store(String(describing: error))
        }
    }
}
