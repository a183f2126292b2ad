import FeatureKit
import Foundation
import Logging
import Networking
import SampleBackend

/// The settings one run of the app is built from, read from the command line and the environment.
///
/// Flags win over the environment. The composition root (`AppDependencies.live`) turns a configuration into the
/// live object graph; nothing else reads flags or environment variables.
public struct AppConfiguration: Sendable, Equatable {
    /// The lowest level written to the log file (`--log-level`, or `STOREFRONT_LOG_LEVEL`; default `info`).
    public var logLevel: Logger.Level
    /// Whether colour is allowed at all (`--no-color` turns it off; `NO_COLOR` is honoured by the renderers).
    public var allowsColor: Bool
    /// The process environment the configuration was read from, passed on to the parts that honour variables such
    /// as `NO_COLOR`, `TERM` and the XDG base directories.
    public var environment: [String: String]
    /// The API server (`--api-url`, or `STOREFRONT_API_URL`); nil runs the sample backend inside the app.
    public var apiURL: URL?
    /// The directory holding the four storage roots (`--data-dir D`: `D/data`, `D/config`, `D/cache`, `D/state`);
    /// nil uses the XDG base directories of `environment`.
    public var dataDirectory: URL?
    /// Feature flags forced on or off for debugging (`--flag name=value`), winning over the server and the defaults.
    public var flagOverrides: [String: Bool]
    /// Fault rules for the embedded backend (`--server-fault RULE`, repeatable; see `FaultRule`).
    public var serverFaults: [String]
    /// The API client's deadlines: `--request-timeout SECONDS` (or `STOREFRONT_REQUEST_TIMEOUT`) sets each
    /// attempt's, and the whole call may take three attempts' worth, at least 30 s; default 10 s and 30 s.
    public var requestTimeouts: RequestTimeouts
    /// A PEM file of the certificate authorities to trust for `https` instead of the system's (`--ca-file PATH`, or
    /// `STOREFRONT_CA_FILE`); nil trusts the system's.
    public var certificateAuthorities: URL?
    /// The embedded backend's demo source of new posts: one every this long (`--demo-posts-every S`); nil is off.
    public var demoPostsEvery: Duration?
    /// The embedded backend's demo source of order progress: confirmed orders ship this long after they were placed
    /// (`--demo-orders-advance S`); nil is off.
    public var demoOrdersAdvance: Duration?
    /// Whether the full-screen app asks the terminal for mouse reports (`--no-mouse` turns it off; so does
    /// `"mouse": false` in `settings.json`, read when the app starts).
    public var allowsMouse = true

    /// Creates a configuration from explicit values.
    public init(
        logLevel: Logger.Level,
        allowsColor: Bool,
        environment: [String: String],
        apiURL: URL?,
        dataDirectory: URL?,
        flagOverrides: [String: Bool],
        serverFaults: [String],
        requestTimeouts: RequestTimeouts = RequestTimeouts()
    ) {
        self.logLevel = logLevel
        self.allowsColor = allowsColor
        self.environment = environment
        self.apiURL = apiURL
        self.dataDirectory = dataDirectory
        self.flagOverrides = flagOverrides
        self.serverFaults = serverFaults
        self.requestTimeouts = requestTimeouts
        self.demoPostsEvery = nil
        self.demoOrdersAdvance = nil
        self.certificateAuthorities = nil
    }

    /// Reads the configuration from parsed global options and the environment.
    ///
    /// - Parameters:
    ///   - arguments: The parsed command line.
    ///   - environment: The process environment.
    ///   - currentDirectory: What a relative `--data-dir` is resolved against.
    /// - Throws: `UsageError` for a log level that is not a level name, an API URL that is not an absolute `http` or
    ///   `https` URL with a host and nothing but a port and a path (`parseAPIURL`), an empty data directory, a
    ///   malformed `--flag`, a fault rule that does not parse, a demo period that is not 1 to 86400 seconds, fault
    ///   rules or demo sources together with a remote server, a request timeout that is not a whole number of
    ///   seconds in 1...600, or a `--ca-file` (`STOREFRONT_CA_FILE`) that is not a readable file.
    public init(
        arguments: ParsedArguments, environment: [String: String], currentDirectory: URL
    ) throws(UsageError) {
        let levelText = arguments.value("--log-level") ?? environment["STOREFRONT_LOG_LEVEL"]
        var level = Logger.Level.info
        if let levelText {
            guard let parsed = Logger.Level(name: levelText) else {
                let names = Logger.Level.allCases.map(\.rawValue).joined(separator: ", ")
                throw UsageError("invalid log level '\(levelText)' (expected one of: \(names))")
            }
            level = parsed
        }
        let apiText =
            arguments.value("--api-url") ?? environment["STOREFRONT_API_URL"].flatMap { $0.isEmpty ? nil : $0 }
        let apiURL = try apiText.map { text throws(UsageError) in try Self.parseAPIURL(text) }
        var dataDirectory: URL?
        if let path = arguments.value("--data-dir") {
            guard !path.isEmpty else { throw UsageError("option '--data-dir' needs a directory") }
            dataDirectory =
                URL(filePath: path, directoryHint: .isDirectory, relativeTo: currentDirectory)
                .standardizedFileURL
        }
        var overrides: [String: Bool] = [:]
        for text in arguments.values["--flag"] ?? [] {
            let (name, value) = try Self.parseFlagOverride(text)
            overrides[name] = value
        }
        // `--no-images` is the `pictures` flag forced off (the flag of the entries that show pictures); so is a
        // terminal without colour (`--no-color`, `NO_COLOR`, `TERM=dumb`), where cell pictures would be noise.
        let colourless = !(environment["NO_COLOR"] ?? "").isEmpty || environment["TERM"] == "dumb"
        if arguments.has("--no-images") || arguments.has("--no-color") || colourless {
            overrides["pictures"] = false
        }
        let faults = arguments.values["--server-fault"] ?? []
        if !faults.isEmpty {
            guard apiURL == nil else {
                throw UsageError("'--server-fault' applies to the embedded backend, not to a server given by URL")
            }
            do {
                _ = try FaultRule.parseAll(faults)
            } catch {
                throw UsageError(error.description)
            }
        }
        var timeouts = RequestTimeouts()
        if let text = arguments.value("--request-timeout") ?? environment["STOREFRONT_REQUEST_TIMEOUT"] {
            guard let seconds = Int(text), (1...600).contains(seconds) else {
                throw UsageError("invalid request timeout '\(text)' (expected whole seconds, 1 to 600)")
            }
            timeouts = RequestTimeouts(attempt: .seconds(seconds), overall: .seconds(max(30, 3 * seconds)))
        }
        self.init(
            logLevel: level, allowsColor: !arguments.has("--no-color"), environment: environment, apiURL: apiURL,
            dataDirectory: dataDirectory, flagOverrides: overrides, serverFaults: faults, requestTimeouts: timeouts)
        let caText =
            arguments.value("--ca-file") ?? environment["STOREFRONT_CA_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        let caSource = arguments.value("--ca-file") != nil ? "--ca-file" : "STOREFRONT_CA_FILE"
        certificateAuthorities = try caText.map { text throws(UsageError) in
            try Self.readableFile(text, option: caSource, relativeTo: currentDirectory)
        }
        allowsMouse = !arguments.has("--no-mouse")
        demoPostsEvery = try Self.demoPeriod("--demo-posts-every", in: arguments, remote: apiURL != nil)
        demoOrdersAdvance = try Self.demoPeriod("--demo-orders-advance", in: arguments, remote: apiURL != nil)
    }

    /// The file `path` names (relative to `directory` unless absolute), when it is a regular file this process can
    /// read.
    ///
    /// - Throws: `UsageError` naming the option and the path: an empty path, a missing file, a directory, or a file
    ///   that cannot be read (with the system's reason).
    static func readableFile(_ path: String, option: String, relativeTo directory: URL) throws(UsageError) -> URL {
        guard !path.isEmpty else { throw UsageError("option '\(option)' needs a file") }
        let url = URL(filePath: path, directoryHint: .notDirectory, relativeTo: directory).standardizedFileURL
        let filePath = url.path(percentEncoded: false)
        var isDirectory: ObjCBool = false
        guard FileManager().fileExists(atPath: filePath, isDirectory: &isDirectory) else {
            throw UsageError("\(option) '\(path)': no such file")
        }
        guard !isDirectory.boolValue else { throw UsageError("\(option) '\(path)': is a directory, not a file") }
        let descriptor = open(filePath, O_RDONLY)
        guard descriptor >= 0 else {
            throw UsageError("\(option) '\(path)': cannot be read (\(String(cString: strerror(errno))))")
        }
        close(descriptor)
        return url
    }

    /// The value of the demo option `name` in whole seconds, 1 to 86400 (the storefront-server's own bounds).
    static func demoPeriod(
        _ name: String, in arguments: ParsedArguments, remote: Bool
    ) throws(UsageError) -> Duration? {
        guard let text = arguments.value(name) else { return nil }
        guard !remote else {
            throw UsageError("'\(name)' applies to the embedded backend, not to a server given by URL")
        }
        guard let seconds = Int(text), (1...86_400).contains(seconds) else {
            throw UsageError("option '\(name)' needs a whole number of seconds from 1 to 86400")
        }
        return .seconds(seconds)
    }

    /// Parses an API base URL: an absolute `http` or `https` URL with a host, an optional port from 1 to 65535 and
    /// an optional path prefix; nothing else.
    ///
    /// - Throws: `UsageError` naming the problem: not a URL, another scheme, no host, user info (credentials do not
    ///   belong in a URL the log and `--help` show), a port that is not a number from 1 to 65535, a query or a
    ///   fragment (the client appends its own paths and queries, so either would be lost or misplaced).
    static func parseAPIURL(_ text: String) throws(UsageError) -> URL {
        func invalid(_ problem: String) -> UsageError {
            UsageError("invalid API URL '\(text)': \(problem) (expected http://HOST[:PORT][/PATH] or https://…)")
        }
        guard let components = URLComponents(string: text), let url = components.url, let scheme = components.scheme
        else {
            if let port = Self.portText(in: text) {
                throw invalid("the port '\(port)' is not a number from 1 to 65535")
            }
            throw invalid("not a URL")
        }
        guard ["http", "https"].contains(scheme.lowercased()) else {
            throw invalid("the scheme '\(scheme)' is not http or https")
        }
        guard components.user == nil, components.password == nil else {
            throw invalid("user info (NAME@ or NAME:PASSWORD@) is not allowed")
        }
        guard let host = components.host, !host.isEmpty else { throw invalid("it has no host") }
        if let port = components.port, !(1...65_535).contains(port) {
            throw invalid("the port '\(port)' is not a number from 1 to 65535")
        }
        guard components.query == nil else { throw invalid("a query ('?…') is not allowed") }
        guard components.fragment == nil else { throw invalid("a fragment ('#…') is not allowed") }
        return url
    }

    /// The text after the authority's last `:` in `text` when `text` looks like `scheme://host:PORT…`, for naming a
    /// port that made `URLComponents` refuse the whole URL (`http://h:99999`, `http://h:x`).
    private static func portText(in text: String) -> Substring? {
        guard let schemeEnd = text.range(of: "://") else { return nil }
        let rest = text[schemeEnd.upperBound...]
        let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
        guard let colon = authority.lastIndex(of: ":"), !authority.hasSuffix("]") else { return nil }
        return authority[authority.index(after: colon)...]
    }

    /// Checks that every `--flag NAME=VALUE` names a flag one of the entries declared (`known`).
    ///
    /// - Throws: `UsageError` naming the unknown flag and listing the known names.
    static func checkFlagNames(_ arguments: ParsedArguments, known: [String]) throws(UsageError) {
        let knownNames = Set(known)
        for text in arguments.values["--flag"] ?? [] {
            let name = String(text.prefix { $0 != "=" })
            guard knownNames.contains(name) else {
                let names = knownNames.sorted().joined(separator: ", ")
                throw UsageError("unknown flag '\(name)' in '--flag \(text)' (known flags: \(names))")
            }
        }
    }

    /// Parses `name=value`: a name of lowercase letters, digits and `_`, and a value of `true`/`false`, `on`/`off`,
    /// `yes`/`no` or `1`/`0`.
    static func parseFlagOverride(_ text: String) throws(UsageError) -> (String, Bool) {
        let parts = text.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
        let name = parts.first.map(String.init) ?? ""
        let isName =
            !name.isEmpty
            && name.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_" }
        guard parts.count == 2, isName else {
            throw UsageError("invalid flag '\(text)' (expected name=value, such as express_shipping=off)")
        }
        switch parts[1].lowercased() {
        case "true", "on", "yes", "1": return (name, true)
        case "false", "off", "no", "0": return (name, false)
        default: throw UsageError("invalid value in '\(text)' (expected true or false, on or off, yes or no, 1 or 0)")
        }
    }
}
