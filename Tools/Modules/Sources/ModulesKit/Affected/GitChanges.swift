import Foundation

/// The files changed since a git revision, as `affected`, `test --affected` and `plan` read them.
public struct ChangeSet: Sendable, Equatable, Encodable {
    /// The revision asked for (`--base`).
    public var base: String
    /// The commit compared against: the merge base of `base` and `HEAD` (so a branch's changes are not mixed with
    /// what landed on `base` meanwhile).
    public var mergeBase: String
    /// Repository-relative paths of changed, added, deleted and untracked files (both sides of a rename), sorted.
    public var files: [String]
}

/// Reads a ``ChangeSet`` from git: `git merge-base REF HEAD`, then `git diff --name-only --no-renames --relative
/// <merge base>` (committed and uncommitted changes to tracked files) and `git ls-files --others
/// --exclude-standard` (new files not yet added), all run in the repository directory, so a repository that is a
/// subdirectory of a git work tree sees only its own files, relative to itself.
public struct GitChanges: Sendable {
    /// `--base` names no revision git knows, or git failed.
    public struct Failure: Error, Equatable, CustomStringConvertible {
        /// git's message.
        public var message: String

        /// The message.
        public var description: String { message }
    }

    private let runner: any ProcessRunning
    private let root: URL

    /// Creates a reader for the repository at `root`, running git through `runner`.
    public init(runner: any ProcessRunning, root: URL) {
        self.runner = runner
        self.root = root
    }

    /// The files changed since `base`.
    /// - Throws: ``Failure`` when `base` is not a revision or git fails.
    public func changes(since base: String) async throws -> ChangeSet {
        let resolved = try? await git(["rev-parse", "--verify", "--quiet", "\(base)^{commit}"], what: "resolve")
        let baseCommit = resolved?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
        guard !baseCommit.isEmpty else {
            throw Failure(message: "'\(base)' is not a commit of the git repository at \(root.path)")
        }
        let mergeBase =
            (try? await git(["merge-base", baseCommit, "HEAD"], what: "find the merge base"))?
            .trimmingCharacters(in: .whitespacesAndNewlines) ?? baseCommit
        // The two listings are independent: run them at once (each git start costs more than its work here).
        async let changedListing = git(
            ["diff", "--name-only", "--no-renames", "--relative", mergeBase.isEmpty ? baseCommit : mergeBase, "--"],
            what: "diff")
        async let untrackedListing = git(["ls-files", "--others", "--exclude-standard"], what: "list new files")
        let (changed, untracked) = try await (changedListing, untrackedListing)
        let files = Set((changed + "\n" + untracked).split(whereSeparator: \.isNewline).map(String.init))
        return ChangeSet(base: base, mergeBase: mergeBase.isEmpty ? baseCommit : mergeBase, files: files.sorted())
    }

    private func git(_ arguments: [String], what: String) async throws -> String {
        let invocation = ProcessInvocation(
            executable: "git", arguments: ["-c", "core.quotepath=off"] + arguments, workingDirectory: root)
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            throw Failure(message: "cannot \(what): \(error)")
        }
        guard result.succeeded else {
            let detail = result.standardErrorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                message: "cannot \(what) (git \(arguments.joined(separator: " "))): "
                    + (detail.isEmpty ? "exit status \(result.status)" : detail))
        }
        return result.standardOutputText
    }
}
