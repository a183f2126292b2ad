import Foundation

/// `modules explain`: why a target's action key changed since its last passing run (the first differing input),
/// or why `affected` selected it.
enum ExplainCommand {
    static let spec = CommandSpec(
        name: "explain",
        summary: "Why a target's key changed since its last passing run, or why `affected` selected it.",
        synopsis: "explain TARGET... [--against REF|RUN] [--sanitize NAME]... [--warnings-as-errors] [--coverage] "
            + "[--format text|json] [--repo DIR]",
        options: Command.commonOptions() + [
            OptionSpec(
                "--against", value: "REF|RUN",
                help: "compare with the passing run recorded at commit REF (else: why `affected --base REF` selects "
                    + "it), or with a recorded run's file (an outcome.json of the shared cache, or an inputs record)"),
            OptionSpec(
                "--sanitize", value: "NAME", repeatable: true, help: "the key of `modules test --sanitize NAME`"),
            OptionSpec("--warnings-as-errors", help: "the key of `modules test --warnings-as-errors`"),
            OptionSpec("--coverage", help: "the key of `modules test --coverage`"),
        ],
        positionals: "TARGET",
        details: """
            A TARGET is <package>:<target> (Features/Feed:FeedTests), a target name that one package has, or a
            package path (each of its test targets). Its action key is computed now, as `modules test` does, and
            compared with the inputs recorded with its last passing run (`modules test --changed-since-green` and
            `--why` record them under .build/modules/cache/results/inputs/, with every file's digest, the reached
            targets' digests and own inputs, the toolchain, the flags and the allow-listed environment). The reason
            is the first input that differs, in this order: the toolchain, the configuration, a flag, an
            allow-listed environment variable, the manifest, a Package.resolved pin, a file of the target (edited,
            added, removed, renamed), then a dependency with the chain of dependencies that carries it and what
            changed inside it. --against REF compares with the run recorded at that commit, or, when none is,
            says why `modules affected --base REF` selects the target. Exit status 0; 66 for an unknown target or
            --against file.
            """
    )

    static func run(_ context: CommandContext, _ arguments: ParsedArguments) async throws -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw UsageError(message: "explain needs a TARGET (<package>:<target>, a target name or a package path)")
        }
        let scan = try await context.scan()
        let graph = TargetGraph(scan: scan)
        let targets = try resolve(arguments.positionals, graph: graph)
        guard let keys = await currentKeys(context, arguments, scan: scan, graph: graph) else {
            throw CommandFailure(
                message: "`swift --version` failed, so no action key can be made", status: ExitStatus.software)
        }
        var explanations: [KeyExplanation] = []
        let store = PassingInputs.store(context)
        var affected: AffectedReport?
        for ref in targets {
            let id = ref.description
            guard let key = keys[id] else { continue }
            let chain = { (dependency: String) -> [String] in
                guard let goal = graph.nodes.first(where: { $0.ref.description == dependency })?.ref,
                    let path = graph.path(from: ref, to: goal)
                else { return [id, dependency] }
                return path.map(\.description)
            }
            let previous: PassingInputs.Record?
            let against: String
            if let value = arguments.value("--against") {
                let file = URL(fileURLWithPath: value, relativeTo: context.environment.currentDirectory)
                    .standardizedFileURL
                if FileManager().fileExists(atPath: file.path) {
                    previous = try readRun(file)
                    against = "the run in \(value)"
                } else if let commit = await Git.text(
                    ["rev-parse", "--verify", "--quiet", value + "^{commit}"], context)
                {
                    if let record = store.records(of: id).last(where: { $0.commit == commit }) {
                        previous = record
                        against = "the passing run at \(value) (\(commit.prefix(12)), \(record.recordedAt))"
                    } else {
                        if affected == nil {
                            affected = try await AffectedCommand.analyze(context, base: value).0
                        }
                        explanations.append(affectedExplanation(id, key: key, base: value, report: affected))
                        continue
                    }
                } else {
                    throw CommandFailure(
                        message: "--against \(value): neither a file nor a git revision", status: ExitStatus.noInput)
                }
            } else {
                previous = store.records(of: id).last
                against =
                    previous.map { "its last passing run (commit \($0.commit.prefix(12)), \($0.recordedAt))" } ?? ""
            }
            guard let previous else {
                explanations.append(
                    KeyExplanation(
                        target: id, key: key.key, previousKey: nil, against: "no recorded passing run", causes: [],
                        reason: "no passing run of \(id) is recorded here (`modules test --changed-since-green` "
                            + "records one), so it runs"))
                continue
            }
            explanations.append(
                KeyExplanation.compare(
                    target: id, current: key, previousKey: previous.key, previous: previous.inputs,
                    previousParts: previous.dependencyInputs, against: against, chain: chain))
        }
        switch context.format {
        case .json: try context.writeJSON(ExplainReport(targets: explanations))
        default: context.environment.output.write(text(explanations))
        }
        return ExitStatus.success
    }

    /// The JSON shape: `{"targets": [KeyExplanation]}`.
    struct ExplainReport: Encodable {
        var schemaVersion = 1
        var targets: [KeyExplanation]
    }

    /// `TARGET: reason`, then each further cause indented.
    static func text(_ explanations: [KeyExplanation]) -> String {
        explanations.map { explanation in
            var lines = ["\(explanation.target): \(explanation.reason)"]
            if !explanation.causes.isEmpty {
                lines.append("  compared with \(explanation.against)")
            }
            lines += explanation.causes.dropFirst().map { "  also: \($0.summary)" }
            return lines.joined(separator: "\n") + "\n"
        }.joined()
    }

    /// The targets `names` stand for.
    /// - Throws: ``CommandFailure`` 66 naming a name that is no target or package.
    static func resolve(_ names: [String], graph: TargetGraph) throws -> [TargetRef] {
        var found: [TargetRef] = []
        for name in names {
            if let node = graph.nodes.first(where: { $0.ref.description == name }) {
                found.append(node.ref)
                continue
            }
            let package = RepoPath.normalize(name)
            let tests = graph.nodes.filter { $0.ref.package == package && $0.type == "test" }
            if !tests.isEmpty {
                found += tests.map(\.ref)
                continue
            }
            let named = graph.nodes.filter { $0.ref.target == name }
            if named.count == 1 {
                found.append(named[0].ref)
                continue
            }
            throw CommandFailure(
                message: named.isEmpty
                    ? "no target or package '\(name)' (give <package>:<target>, e.g. "
                        + "\(graph.nodes.first?.ref.description ?? "Core/Logging:LoggingTests"))"
                    : "'\(name)' is a target of several packages: "
                        + named.map(\.ref.description).joined(separator: ", "),
                status: ExitStatus.noInput)
        }
        return found
    }

    /// A recorded run in `file`: an outcome record of the shared cache, an inputs record, or an inputs file (its
    /// last run).
    /// - Throws: ``CommandFailure`` 65 when it is none of these.
    static func readRun(_ file: URL) throws -> PassingInputs.Record {
        let data = (try? Data(contentsOf: file)) ?? Data()
        let decoder = JSONDecoder()
        if let outcome = try? decoder.decode(CachedOutcome.self, from: data) {
            return .init(
                key: outcome.key, commit: outcome.commit, branch: outcome.branch, recordedAt: outcome.recordedAt,
                inputs: outcome.inputs, dependencyInputs: outcome.dependencyInputs ?? [:])
        }
        if let record = try? decoder.decode(PassingInputs.Record.self, from: data) {
            return record
        }
        struct InputsFile: Decodable { var records: [PassingInputs.Record] }
        if let last = (try? decoder.decode(InputsFile.self, from: data))?.records.last {
            return last
        }
        throw CommandFailure(
            message: "\(file.path): not an outcome record or an inputs record", status: ExitStatus.dataError)
    }

    /// Why `affected --base REF` selects `id` (its reasons), or that it does not.
    static func affectedExplanation(_ id: String, key: ActionKey, base: String, report: AffectedReport?)
        -> KeyExplanation
    {
        let reasons = report?.targets.first { $0.id == id }?.reasons ?? []
        return KeyExplanation(
            target: id, key: key.key, previousKey: nil, against: "affected since \(base)",
            causes: reasons.map { KeyExplanation.Cause(kind: "affected", subject: $0) },
            reason: reasons.first.map { "affected since \(base): \($0)" } ?? "not affected since \(base)")
    }

    /// The action keys of every target now, with this run's flags and the allow-listed environment; `nil` when
    /// `swift --version` fails.
    static func currentKeys(
        _ context: CommandContext, _ arguments: ParsedArguments, scan: RepositoryScan, graph: TargetGraph
    ) async -> [String: ActionKey]? {
        guard let version = await ToolchainVersion.read(context) else { return nil }
        let allowed = context.configuration?.cache.environment ?? []
        let inputs = ActionKeyInputs(
            toolchainVersion: version, configuration: "debug",
            flags: ActionKeyInputs.flags(
                sanitizers: arguments.all("--sanitize"), warningsAsErrors: arguments.has("--warnings-as-errors"),
                coverage: arguments.has("--coverage")),
            environment: Dictionary(uniqueKeysWithValues: allowed.map { ($0, context.environment.variables[$0]) }))
        return ActionKeyBuilder(inputs: inputs).keys(scan: scan, graph: graph)
    }
}
