import Foundation

/// Writes a run's history records: to the local store (``HistoryStore``) and, when a shared cache is configured and
/// writable, to the shared cache (``SharedHistory``). Whatever fails, the command goes on: one warning line says
/// what was not recorded.
enum HistoryRecording {
    /// The facts of the run now: commit, branch, toolchain, machine, time and a new run identifier.
    static func run(_ context: CommandContext) async -> HistoryRun {
        async let commit = Git.text(["rev-parse", "HEAD"], context)
        async let branch = Git.text(["rev-parse", "--abbrev-ref", "HEAD"], context)
        let version = await ToolchainVersion.read(context)
        let toolchain = version.flatMap { $0.split(whereSeparator: \.isNewline).first.map(String.init) } ?? "unknown"
        return HistoryRun(
            commit: await commit ?? "unknown", branch: await branch ?? "unknown", toolchain: toolchain,
            machine: context.environment.hostName,
            recordedAt: ISO8601DateFormatter().string(from: context.environment.wallClock.now()),
            run: UUID().uuidString.lowercased())
    }

    /// The local store of the repository.
    static func store(_ context: CommandContext) -> HistoryStore {
        HistoryStore(directory: context.root.appendingPathComponent(HistoryStore.defaultPath, isDirectory: true))
    }

    /// Appends `records` to the local store and, with `options` (not read-only), to the shared cache.
    static func record(_ records: [HistoryRecord], _ context: CommandContext, options: SharedTestCache.Options?) async {
        guard let first = records.first else { return }
        let errors = context.environment.errorOutput
        let store = store(context)
        do {
            try store.append(records)
        } catch {
            errors.writeLine("modules: warning: cannot record the history in \(store.directory.path): \(error)")
        }
        guard let options, !options.readOnly, first.commit != "unknown" else { return }
        do {
            try await SharedHistory(options: options).write(records, commit: first.commit)
        } catch {
            errors.writeLine(
                "modules: warning: shared cache \(options.url): the history of this run not stored: \(error)")
        }
    }
}

/// Small `git` questions the history commands ask.
enum Git {
    /// The trimmed standard output of `git ARGUMENTS` in the repository, or `nil` when it fails or prints nothing.
    static func text(_ arguments: [String], _ context: CommandContext) async -> String? {
        let result = try? await context.environment.runner.run(
            ProcessInvocation(executable: "git", arguments: arguments, workingDirectory: context.root))
        let text = result?.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        return result?.succeeded == true && !text.isEmpty ? text : nil
    }

    /// The lines of `git ARGUMENTS`, none when it fails.
    static func lines(_ arguments: [String], _ context: CommandContext) async -> [String] {
        (await text(arguments, context))?.split(whereSeparator: \.isNewline).map(String.init) ?? []
    }

    /// The default branch: `origin/HEAD` when it names a branch, else `main` when that branch exists, else
    /// `history.branch` of modules.json; `nil` when none is known.
    /// - Returns: the ref to read commits from (`origin/main`, `main`) and the branch name runs record (`main`).
    static func defaultBranch(_ context: CommandContext) async -> (ref: String, name: String)? {
        if let ref = await text(["symbolic-ref", "--quiet", "--short", "refs/remotes/origin/HEAD"], context) {
            return (ref, String(ref.split(separator: "/", maxSplits: 1).last ?? Substring(ref)))
        }
        if await text(["rev-parse", "--verify", "--quiet", "refs/heads/main"], context) != nil {
            return ("main", "main")
        }
        if let branch = context.configuration?.history.branch {
            let exists = await text(["rev-parse", "--verify", "--quiet", branch], context) != nil
            return (exists ? branch : "", branch)
        }
        return nil
    }
}
