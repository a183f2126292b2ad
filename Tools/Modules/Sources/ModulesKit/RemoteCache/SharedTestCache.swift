import Foundation

/// One `modules test` run's use of the shared cache: the action keys of the repository's targets, lookups of
/// passing results and uploads of new ones. Every failure of the server or of an entry makes the affected targets
/// run as without a cache; ``warning()`` says what happened in one line.
struct SharedTestCache: Sendable {
    let client: RemoteCacheClient
    let readOnly: Bool
    let keys: [String: ActionKey]
    let commit: String
    let branch: String
    let machine: String
    let stopwatch: Stopwatch
    let health = CacheHealth()
    /// How many lookups and uploads run at once.
    static let concurrency = 8

    /// The output file names of an AC entry.
    enum FileName {
        static let outcome = "outcome.json"
        static let junit = "junit.xml"
        static let log = "test.log"
    }

    /// Where and how a run reaches the shared cache, read from the command line, the environment and
    /// modules.json before anything else runs.
    struct Options: Sendable {
        var url: String
        var timeoutSeconds: Double
        var authorization: String?
        var readOnly: Bool
        var environment: [String]

        /// The options of this run: the URL from `--cache-url`, else `MODULES_CACHE_URL`, else `cache.url`;
        /// `nil` when there is none.
        /// - Throws: ``UsageError`` for a URL ``CacheURL`` refuses or a bad `--cache-timeout`.
        static func parse(_ context: CommandContext, _ arguments: ParsedArguments) throws -> Options? {
            let environment = context.environment
            let settings = context.configuration?.cache ?? ModulesConfiguration.CacheSettings()
            guard
                let url = arguments.value("--cache-url")
                    ?? environment.variables["MODULES_CACHE_URL"].flatMap({ $0.isEmpty ? nil : $0 }) ?? settings.url
            else { return nil }
            if let problem = CacheURL.problem(url) {
                throw UsageError(message: "the shared cache's URL: \(problem)")
            }
            var timeout = settings.timeoutSeconds
            if let text = arguments.value("--cache-timeout") {
                guard let value = Double(text), value > 0, value <= 600 else {
                    throw UsageError(message: "--cache-timeout needs seconds above 0 and at most 600, not '\(text)'")
                }
                timeout = value
            }
            var authorization: String?
            if let variable = settings.credentialsVariable {
                if let value = environment.variables[variable], !value.isEmpty {
                    authorization =
                        settings.credentialsScheme == .bearer
                        ? "Bearer \(value)" : "Basic \(Data(value.utf8).base64EncodedString())"
                } else {
                    environment.errorOutput.writeLine(
                        "modules: warning: \(variable) is not set; the shared cache is asked without credentials")
                }
            }
            return Options(
                url: url, timeoutSeconds: timeout, authorization: authorization,
                readOnly: arguments.has("--cache-read-only") || settings.readOnly, environment: settings.environment)
        }
    }

    /// The shared cache of this run with the action keys of `scan`; `nil` when the toolchain's version cannot be
    /// read (then one warning line says so).
    static func open(
        _ context: CommandContext, _ options: Options, _ arguments: ParsedArguments, scan: RepositoryScan
    ) async -> SharedTestCache? {
        let environment = context.environment
        guard let version = await ToolchainVersion.read(context) else {
            environment.errorOutput.writeLine(
                "modules: warning: `swift --version` failed, so no action key can be made; running without the "
                    + "shared cache")
            return nil
        }
        let inputs = ActionKeyInputs(
            toolchainVersion: version, configuration: "debug",
            flags: ActionKeyInputs.flags(
                sanitizers: arguments.all("--sanitize"), warningsAsErrors: arguments.has("--warnings-as-errors"),
                coverage: arguments.has("--coverage")),
            environment: Dictionary(uniqueKeysWithValues: options.environment.map { ($0, environment.variables[$0]) }))
        let builder = ActionKeyBuilder(inputs: inputs)
        let graph = TargetGraph(scan: scan)
        var keys = builder.keys(scan: scan, graph: graph)
        let unresolved = Set(keys.values.filter { !$0.isResolved }.map { String($0.id.split(separator: ":")[0]) })
        if !unresolved.isEmpty {
            // NB: what `swift build` would resolve first; Package.resolved then says which versions the run uses.
            let failures = await ResolvedPins.resolve(
                unresolved.sorted(by: PackageDiscovery.packageOrder), root: context.root, runner: environment.runner,
                swiftExecutable: environment.swiftExecutable, scratch: scratchArguments(context, arguments),
                timeout: .seconds(600))
            keys = builder.keys(scan: scan, graph: graph)
            if let (package, reason) = failures.sorted(by: { $0.key < $1.key }).first {
                environment.errorOutput.writeLine(
                    "modules: warning: shared cache: SwiftPM could not resolve the dependencies of \(package) "
                        + "(\(reason)), so its test targets are neither looked up nor shared")
            }
        }
        async let commit = git(["rev-parse", "HEAD"], context)
        async let branch = git(["rev-parse", "--abbrev-ref", "HEAD"], context)
        return SharedTestCache(
            client: RemoteCacheClient(
                baseURL: options.url,
                transport: CurlTransport(
                    timeoutMilliseconds: Int(options.timeoutSeconds * 1000), authorization: options.authorization)),
            readOnly: options.readOnly, keys: keys, commit: await commit,
            branch: await branch, machine: environment.hostName, stopwatch: environment.stopwatch)
    }

    /// How `modules test` places its build with these arguments: `--scratch-path DIR` (default
    /// `.build/modules/scratch`), or nothing with `--own-build-dirs`.
    private static func scratchArguments(_ context: CommandContext, _ arguments: ParsedArguments) -> [String] {
        guard !arguments.has("--own-build-dirs") else { return [] }
        let scratch =
            arguments.value("--scratch-path").map {
                URL(fileURLWithPath: $0, relativeTo: context.environment.currentDirectory).standardizedFileURL
            } ?? context.root.appendingPathComponent(".build/modules/scratch", isDirectory: true)
        return ["--scratch-path", scratch.path]
    }

    private static func git(_ arguments: [String], _ context: CommandContext) async -> String {
        let result = try? await context.environment.runner.run(
            ProcessInvocation(executable: "git", arguments: arguments, workingDirectory: context.root))
        let text = result?.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return result?.succeeded == true && !text.isEmpty ? text : "unknown"
    }

    /// The passing outcomes recorded for the targets `ids` under their action keys; a target without one, or
    /// whose entry cannot be used, is left out.
    func lookup(_ ids: [String]) async -> [String: CachedOutcome] {
        let start = stopwatch.now()
        let found = await withTaskGroup(of: (String, CachedOutcome?).self) { group in
            var pending = ids[...]
            var found: [String: CachedOutcome] = [:]
            func startNext() {
                guard let id = pending.popFirst() else { return }
                group.addTask { (id, await fetch(id)) }
            }
            for _ in 0..<Self.concurrency {
                startNext()
            }
            while let (id, outcome) = await group.next() {
                found[id] = outcome
                startNext()
            }
            return found
        }
        await health.setLookupSeconds(stopwatch.seconds(since: start))
        return found
    }

    private func fetch(_ id: String) async -> CachedOutcome? {
        guard await health.isAvailable, let key = keys[id], key.isResolved else { return nil }
        do {
            guard let message = try await client.actionResult(key.key) else { return nil }
            guard message.exitCode == 0, let file = message.file(FileName.outcome) else {
                throw RemoteCacheError.unusableEntry("the AC entry of \(id) holds no passing outcome")
            }
            let data = try await client.blob(file.digest)
            guard let outcome = try? JSONDecoder().decode(CachedOutcome.self, from: data), outcome.key == key.key,
                outcome.status == PackageTestStatus.passed.rawValue, outcome.failed == 0
            else {
                throw RemoteCacheError.unusableEntry("the outcome record of \(id) is not a passing run of its key")
            }
            return outcome
        } catch let error as RemoteCacheError {
            await health.record(error)
        } catch {
            await health.record(.unusableEntry("\(error)"))
        }
        return nil
    }

    /// One line saying what went wrong with the cache, or `nil` when nothing did.
    func warning() async -> String? {
        if let reason = await health.unavailable {
            let seconds = await health.lookupSeconds
            return "modules: warning: shared cache \(client.baseURL): \(reason); the run goes on without it"
                + String(format: " (%.1f s spent on it)", seconds)
        }
        let unusable = await health.unusable
        guard let first = unusable.first else { return nil }
        return "modules: warning: shared cache: \(unusable.count) entr\(unusable.count == 1 ? "y" : "ies") "
            + "unusable (\(first)); \(unusable.count == 1 ? "its test target runs" : "their test targets run")"
    }
}

/// What went wrong with the shared cache during a run. Once the server is unavailable no request is sent again.
actor CacheHealth {
    /// Why the server is unavailable, once it is.
    private(set) var unavailable: String?
    /// Why entries could not be used, in order.
    private(set) var unusable: [String] = []
    /// The seconds the lookups took.
    private(set) var lookupSeconds = 0.0

    func setLookupSeconds(_ seconds: Double) {
        lookupSeconds = seconds
    }

    var isAvailable: Bool { unavailable == nil }

    func record(_ error: RemoteCacheError) {
        switch error {
        case .unavailable(let reason):
            if unavailable == nil {
                unavailable = reason
            }
        case .unusableEntry(let reason): unusable.append(reason)
        }
    }
}

extension SharedTestCache {
    /// The result of a package whose test targets all passed before: each by its local record's hash or by the
    /// shared cache's hit (with the commit and machine that recorded it), and where they came from (`cache`).
    static func unchangedResult(
        _ package: String, tests: [ModuleHash], remote: [String: CachedOutcome]
    ) -> PackageTestResult {
        let list = tests.map { test in
            guard let hit = remote[test.id] else { return "\(test.target) \(test.hash.prefix(12))" }
            return "\(test.target) \(hit.key.prefix(12)) (shared cache: commit \(hit.commit.prefix(12)) "
                + "on \(hit.machine))"
        }
        var result = PackageTestResult(
            package: package, status: .unchanged, log: "",
            note: "unchanged since it passed: \(list.joined(separator: ", "))")
        let hits = tests.count { remote[$0.id] != nil }
        result.cache = hits == 0 ? "local" : hits == tests.count ? "remote" : "mixed"
        return result
    }
}
