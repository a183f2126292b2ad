import Foundation

/// `modules test --why` and the inputs recorded with passing runs: the action keys of the run, each target's
/// one-line reason (``KeyExplanation``) before it runs, and each passing target's inputs after (``PassingInputs``).
struct TestWhy: Sendable {
    let keys: [String: ActionKey]
    let graph: TargetGraph
    let store: PassingInputs

    /// The keys of the run (the shared cache's when it has them); `nil` when `swift --version` fails (then, when
    /// `warn`, one warning line).
    static func make(
        _ context: CommandContext, _ arguments: ParsedArguments, scan: RepositoryScan, keys known: [String: ActionKey]?,
        warn: Bool
    ) async -> TestWhy? {
        let graph = TargetGraph(scan: scan)
        var keys = known
        if keys == nil {
            keys = await ExplainCommand.currentKeys(context, arguments, scan: scan, graph: graph)
        }
        guard let keys else {
            guard warn else { return nil }
            context.environment.errorOutput.writeLine(
                "modules: warning: `swift --version` failed, so no action key can be made: no reasons, nothing recorded"
            )
            return nil
        }
        return TestWhy(keys: keys, graph: graph, store: PassingInputs.store(context))
    }

    /// `scan`, or the repository's scan when the run has none yet.
    static func scan(_ scan: RepositoryScan?, _ context: CommandContext) async throws -> RepositoryScan {
        if let scan { return scan }
        return try await context.scan()
    }

    /// The reason `id` runs: the first input that differs from its last recorded passing run.
    func reason(_ id: String) -> String {
        guard let key = keys[id] else { return "no action key (not a target of the graph)" }
        guard let previous = store.records(of: id).last else {
            return "no passing run recorded"
        }
        let ref = graph.nodes.first { $0.ref.description == id }?.ref
        return KeyExplanation.compare(
            target: id, current: key, previousKey: previous.key, previous: previous.inputs,
            previousParts: previous.dependencyInputs, against: "its last passing run (\(previous.commit.prefix(12)))"
        ) { dependency in
            guard let ref, let goal = graph.nodes.first(where: { $0.ref.description == dependency })?.ref,
                let path = graph.path(from: ref, to: goal)
            else { return [id, dependency] }
            return path.map(\.description)
        }.reason
    }

    /// The test targets of each of `packages` that run, narrowed by `filters` (whole-target filters, as
    /// `--affected`, `--changed-since-green` and `--plan-shard` make them) as the run narrows them.
    func ranTargets(_ packages: [String], filters: [String: [String]], scan: RepositoryScan) -> [String: [String]] {
        Dictionary(
            packages.map { package in
                var names = TestCommand.testTargets(of: package, in: scan)
                if let narrowed = filters[package] {
                    names = names.filter { narrowed.contains(TestCommand.targetFilters([$0])[0]) }
                }
                return (package, names)
            }
        ) { first, _ in first }
    }

    /// One `why TARGET: reason` line per test target of `packages` that runs.
    func lines(packages: [String], filters: [String: [String]], scan: RepositoryScan) -> [String] {
        let ran = ranTargets(packages, filters: filters, scan: scan)
        return packages.flatMap { package in
            (ran[package] ?? []).map { name in
                let id = TargetRef(package: package, target: name).description
                return "why \(id): \(reason(id))"
            }
        }
    }

    /// Records the inputs of every test target of `results` that passed (of those it ran, by package).
    func record(_ results: [PackageTestResult], ran: [String: [String]], _ context: CommandContext) async {
        let run = await HistoryRecording.run(context)
        var records: [String: PassingInputs.Record] = [:]
        for result in results {
            let names = ran[result.package] ?? []
            for name in PassingTargets.names(in: result, among: names) {
                let id = TargetRef(package: result.package, target: name).description
                guard let key = keys[id] else { continue }
                records[id] = .init(
                    key: key.key, commit: run.commit, branch: run.branch, recordedAt: run.recordedAt,
                    inputs: key.description, dependencyInputs: key.dependencyParts)
            }
        }
        do {
            try store.append(records)
        } catch {
            context.environment.errorOutput.writeLine(
                "warning: cannot record the passing inputs in \(store.directory.path): \(error)")
        }
    }
}
