import Foundation

/// The source trees `build-times` measures, side by side in one temporary directory so their paths have the same
/// shape: `current`, a copy of the repository's files as they are now (tracked and new, not ignored), and, with
/// `--compare REF`, `base`, a separate git worktree of REF. Builds never touch the repository itself: the one-line
/// changes are made in these copies.
struct BuildTrees {
    /// The repository `current` copies.
    let root: URL
    /// The temporary directory holding everything.
    let directory: URL
    /// The copy of the working tree.
    let current: URL
    /// The worktree of the compared revision, at the repository's own subdirectory of it.
    let base: URL?
    /// The worktree's top directory, for removing it.
    private let worktree: URL?
    private let runner: any ProcessRunning

    /// Why a tree could not be made.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Makes the trees in a new directory under `temporaryDirectory`.
    /// - Throws: ``Failure`` when the files cannot be listed or copied, or git cannot make the worktree.
    static func make(
        root: URL, compare: String?, runner: any ProcessRunning, temporaryDirectory: URL
    ) async throws -> BuildTrees {
        let directory = temporaryDirectory.appendingPathComponent(
            "modules-build-times-\(UUID().uuidString.prefix(8))", isDirectory: true)
        // NB: each tree keeps the repository directory's own name: it is the root package's identity, and a
        // tree named like one of its dependencies (`base` next to Core/Base) would not resolve.
        let current = directory.appendingPathComponent("current/\(root.lastPathComponent)", isDirectory: true)
        do {
            try FileManager().createDirectory(at: current, withIntermediateDirectories: true)
        } catch {
            throw Failure(description: "cannot create \(current.path): \(error.localizedDescription)")
        }
        let git = { (arguments: [String]) async throws -> String in
            let result = try await runner.run(
                ProcessInvocation(executable: "git", arguments: arguments, workingDirectory: root))
            guard result.succeeded else {
                throw Failure(
                    description: "git \(arguments.joined(separator: " ")) failed: "
                        + result.standardErrorText.trimmingCharacters(in: .whitespacesAndNewlines))
            }
            return result.standardOutputText
        }
        let listed = try await git(["ls-files", "-z", "--cached", "--others", "--exclude-standard"])
        let files = Set(listed.split(separator: "\0").map(String.init)).sorted()
        for file in files {
            let source = root.appendingPathComponent(file)
            guard FileManager().fileExists(atPath: source.path) else { continue }  // NB: deleted, not yet staged.
            let destination = current.appendingPathComponent(file)
            do {
                try FileManager().createDirectory(
                    at: destination.deletingLastPathComponent(), withIntermediateDirectories: true)
                try FileManager().copyItem(at: source, to: destination)
            } catch {
                throw Failure(description: "cannot copy \(file): \(error.localizedDescription)")
            }
        }
        var base: URL?
        var worktree: URL?
        if let compare {
            let topLevel = try await git(["rev-parse", "--show-toplevel"]).trimmingCharacters(
                in: .whitespacesAndNewlines)
            let top = directory.appendingPathComponent(
                "base/\(URL(fileURLWithPath: topLevel).lastPathComponent)", isDirectory: true)
            let commit = try await git(["rev-parse", "--verify", "\(compare)^{commit}"])
                .trimmingCharacters(in: .whitespacesAndNewlines)
            _ = try await git(["worktree", "add", "--detach", top.path, commit])
            worktree = top
            let prefix = try await git(["rev-parse", "--show-prefix"]).trimmingCharacters(in: .whitespacesAndNewlines)
            base = prefix.isEmpty ? top : top.appendingPathComponent(prefix, isDirectory: true)
        }
        return BuildTrees(
            root: root, directory: directory, current: current, base: base, worktree: worktree, runner: runner)
    }

    /// The tree of `side`.
    func tree(_ side: BuildSide) -> URL? {
        side == .current ? current : base
    }

    /// Removes the worktree (with git, so the repository forgets it) and the temporary directory.
    func remove() async {
        if let worktree {
            _ = try? await runner.run(
                ProcessInvocation(
                    executable: "git", arguments: ["worktree", "remove", "--force", worktree.path],
                    workingDirectory: root))
            _ = try? await runner.run(
                ProcessInvocation(executable: "git", arguments: ["worktree", "prune"], workingDirectory: root))
        }
        try? FileManager().removeItem(at: directory)
    }
}

/// Which tree a measurement is of.
enum BuildSide: String, Sendable, Encodable, CaseIterable {
    /// The working tree as it is.
    case current
    /// The `--compare` revision.
    case base
}
