import Foundation

extension ModulesConfiguration {
    /// The `cache` object of `modules.json`: the shared cache `modules test --changed-since-green` reads and
    /// writes (Bazel's HTTP remote-cache protocol; see the README's "Sharing results across machines").
    public struct CacheSettings: Sendable, Equatable {
        /// How credentials are sent.
        public enum Scheme: String, Sendable, Equatable {
            /// `Authorization: Bearer <value>` (RFC 6750).
            case bearer
            /// `Authorization: Basic <base64 of value>`, the value being `user:password` (RFC 7617).
            case basic
        }

        /// The server's base URL, used when neither `--cache-url` nor `MODULES_CACHE_URL` gives one.
        public var url: String?
        /// Environment variables whose values go into every action key (by name; their order does not matter).
        public var environment: [String]
        /// The environment variable holding the credentials (never a value in the file or on the command line).
        public var credentialsVariable: String?
        /// How the credentials are sent.
        public var credentialsScheme: Scheme
        /// The limit for one request, in seconds (default 10; each request is retried once).
        public var timeoutSeconds: Double
        /// Read the cache, never write it (also `--cache-read-only`).
        public var readOnly: Bool

        /// Creates settings.
        public init(
            url: String? = nil, environment: [String] = [], credentialsVariable: String? = nil,
            credentialsScheme: Scheme = .bearer, timeoutSeconds: Double = 10, readOnly: Bool = false
        ) {
            self.url = url
            self.environment = environment
            self.credentialsVariable = credentialsVariable
            self.credentialsScheme = credentialsScheme
            self.timeoutSeconds = timeoutSeconds
            self.readOnly = readOnly
        }
    }
}

/// The `cache` object as written in `modules.json`.
struct CacheEntry: Decodable {
    var url: String?
    var environment: [String]?
    var credentials: CredentialsEntry?
    var timeoutSeconds: Double?
    var readOnly: Bool?

    enum CodingKeys: String, CodingKey, CaseIterable {
        case url, environment, credentials, timeoutSeconds, readOnly
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        url = try container.decodeIfPresent(String.self, forKey: .url)
        environment = try container.decodeIfPresent([String].self, forKey: .environment)
        credentials = try container.decodeIfPresent(CredentialsEntry.self, forKey: .credentials)
        timeoutSeconds = try container.decodeIfPresent(Double.self, forKey: .timeoutSeconds)
        readOnly = try container.decodeIfPresent(Bool.self, forKey: .readOnly)
    }

    struct CredentialsEntry: Decodable {
        var variable: String
        var scheme: String?

        enum CodingKeys: String, CodingKey, CaseIterable {
            case variable, scheme
        }

        init(from decoder: any Decoder) throws {
            try rejectUnknownKeys(decoder, CodingKeys.self)
            let container = try decoder.container(keyedBy: CodingKeys.self)
            variable = try container.decode(String.self, forKey: .variable)
            scheme = try container.decodeIfPresent(String.self, forKey: .scheme)
        }
    }

    /// The settings, validated.
    /// - Throws: ``ConfigurationError`` naming the key.
    func settings(path: String) throws -> ModulesConfiguration.CacheSettings {
        var settings = ModulesConfiguration.CacheSettings()
        if let url {
            if let problem = CacheURL.problem(url) {
                throw ConfigurationError(path: path, reason: "cache.url: \(problem)")
            }
            settings.url = url
        }
        settings.environment = (environment ?? []).sorted()
        if let credentials {
            guard !credentials.variable.isEmpty else {
                throw ConfigurationError(path: path, reason: "cache.credentials.variable must name a variable")
            }
            settings.credentialsVariable = credentials.variable
            if let scheme = credentials.scheme {
                guard let known = ModulesConfiguration.CacheSettings.Scheme(rawValue: scheme) else {
                    throw ConfigurationError(
                        path: path, reason: "cache.credentials.scheme: '\(scheme)' is not bearer or basic")
                }
                settings.credentialsScheme = known
            }
        }
        if let timeoutSeconds {
            guard timeoutSeconds > 0, timeoutSeconds <= 600 else {
                throw ConfigurationError(path: path, reason: "cache.timeoutSeconds must be above 0 and at most 600")
            }
            settings.timeoutSeconds = timeoutSeconds
        }
        settings.readOnly = readOnly ?? false
        return settings
    }
}
