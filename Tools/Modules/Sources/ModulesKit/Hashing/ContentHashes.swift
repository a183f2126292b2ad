import Foundation

/// The content hash of one target: what a test result of it depends on.
public struct ModuleHash: Sendable, Equatable, Encodable {
    /// `<package>:<target>` (`Core/Logging:LoggingTests`).
    public var id: String
    /// The package's repository-relative path.
    public var package: String
    /// The target's name.
    public var target: String
    /// SwiftPM's target type.
    public var type: String
    /// The hash (hexadecimal; git's object hash, SHA-1 or SHA-256 as git is configured) of the target's own content
    /// and of every target it depends on, directly or not.
    public var hash: String
    /// The hash of the target's own content alone (its files, its package's manifests, the toolchain).
    public var ownHash: String
    /// How many files of the target's directory went into ``ownHash``.
    public var fileCount: Int
    /// The targets it depends on, directly or not, by id.
    public var dependencies: [String]
}

/// Computes ``ModuleHash``es as git's blob ids (`git hash-object --no-filters`), computed in process with
/// libcrypto's SHA-1 or SHA-256 as the repository's object format says.
///
/// A target's own hash covers every file under its directory (sources, resources, fixtures; a symbolic link as its
/// link text, as git stores it; hidden entries and nested packages left out), its package's `Package.swift`, `Package@swift-*.swift` and `Package.resolved`, its
/// name and type, and the toolchain fingerprint (``Toolchain/fingerprint()``). Its hash covers its own hash and the
/// own hashes of every target it reaches through the graph's edges (other packages' products included), so a
/// one-line change in `Core/Logging` changes the hash of every test target above it.
public struct ContentHasher: Sendable {
    private let runner: any ProcessRunning
    private let root: URL
    private let toolchainFingerprint: String
    private let temporaryDirectory: URL

    /// The version of what is hashed; a new version changes every hash.
    static let formatVersion = 1

    /// Creates a hasher.
    /// - Parameters:
    ///   - runner: runs `git`.
    ///   - root: the repository root (paths are hashed relative to it).
    ///   - toolchainFingerprint: ``Toolchain/fingerprint()`` of the toolchain that builds and tests.
    ///   - temporaryDirectory: where the descriptions to hash are written for the duration of a call.
    public init(runner: any ProcessRunning, root: URL, toolchainFingerprint: String, temporaryDirectory: URL) {
        self.runner = runner
        self.root = root
        self.toolchainFingerprint = toolchainFingerprint
        self.temporaryDirectory = temporaryDirectory
    }

    /// A failure to hash: git could not run or did not answer for every path.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong.
        public var message: String
        /// The message.
        public var description: String { message }
    }

    /// The hashes of every target of `scan`, by id.
    ///
    /// Each file is read once however many targets hold it, each description is hashed in memory, and the closures
    /// are searched over integer indices (one search per target, a visited mark per target: cycles end as they
    /// did), so the cost grows with the files and the edges the closures cover, not with processes or scratch
    /// files.
    /// - Throws: ``Failure`` when git cannot hash the files.
    func hashes(scan: RepositoryScan, graph: TargetGraph) async throws -> [String: ModuleHash] {
        let nested = Set(scan.packagePaths)
        var filesByTarget: [TargetRef: [String]] = [:]
        var manifestFiles: [String: [String]] = [:]
        var regularFiles: Set<String> = []
        var links: Set<String> = []
        for package in scan.packages {
            let directory = RepoPath.url(package.path, in: scan.root)
            let names = ((try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                $0 == "Package.swift" || $0 == "Package.resolved"
                    || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
            }.sorted()
            let files = names.map { package.path == "." ? $0 : "\(package.path)/\($0)" }
            manifestFiles[package.path] = files
            for file in files {
                if DirectoryListing.isSymbolicLink(RepoPath.url(file, in: scan.root).path) {
                    links.insert(file)
                } else {
                    regularFiles.insert(file)
                }
            }
        }
        for node in graph.nodes {
            let entries = Self.entries(
                under: node.directory, root: scan.root, packages: nested, ignore: scan.configuration.ignore)
            filesByTarget[node.ref] = entries.map(\.path)
            for entry in entries {
                if entry.isLink {
                    links.insert(entry.path)
                } else {
                    regularFiles.insert(entry.path)
                }
            }
        }

        guard let format = await objectFormat() else {
            return try await hashesThroughGit(
                graph: graph, filesByTarget: filesByTarget, manifestFiles: manifestFiles,
                files: regularFiles, links: links)
        }
        let hasher = GitBlobHasher(sha256: format == "sha256")
        var fileHashes: [String: String] = [:]
        fileHashes.reserveCapacity(regularFiles.count + links.count)
        var unreadable: [String] = []
        for file in regularFiles {
            if let hash = hasher.blobID(ofFileAt: RepoPath.url(file, in: scan.root).path) {
                fileHashes[file] = hash
            } else {
                unreadable.append(file)
            }
        }
        // NB: what cannot be read here goes to git, which hashes it or says why it cannot.
        fileHashes.merge(try await hashFiles(unreadable.sorted())) { _, fromGit in fromGit }
        // NB: a symbolic link is hashed as its link text, as git stores it (hashing the path would follow it, and
        // fail for a link to a directory).
        for link in links {
            let text = (try? FileManager().destinationOfSymbolicLink(atPath: RepoPath.url(link, in: scan.root).path))
            fileHashes[link] = hasher.blobID(of: Array((text ?? "").utf8))
        }

        var own: [TargetRef: String] = [:]
        for node in graph.nodes {
            let description = ownDescription(
                of: node, manifests: manifestFiles[node.ref.package] ?? [], files: filesByTarget[node.ref] ?? [],
                hashes: fileHashes)
            own[node.ref] = hasher.blobID(of: Array(description.utf8))
        }

        let closures = Self.closures(in: graph)
        var lines: [TargetRef: [UInt8]] = [:]
        for ref in closures.refs {
            lines[ref] = Array("dependency \(ref) \(own[ref] ?? "-")\n".utf8)
        }
        var full: [TargetRef: String] = [:]
        var text: [UInt8] = []
        for node in graph.nodes {
            text.removeAll(keepingCapacity: true)
            text.append(contentsOf: "modules full hash \(Self.formatVersion)\nself \(own[node.ref] ?? "-")\n".utf8)
            for dependency in closures.of[node.ref] ?? [] {
                text.append(contentsOf: lines[dependency] ?? [])
            }
            full[node.ref] = hasher.blobID(of: text)
        }
        return result(graph: graph, own: own, full: full, filesByTarget: filesByTarget, closures: closures.of)
    }

    /// The text of `node`'s own hash: the format, the toolchain, its package and name, its package's manifests and
    /// its files, each with its blob id (`-` for none).
    private func ownDescription(
        of node: TargetNode, manifests: [String], files: [String], hashes: [String: String]
    ) -> String {
        var lines = [
            "modules content hash \(Self.formatVersion)", "toolchain \(toolchainFingerprint)",
            "package \(node.ref.package)", "target \(node.ref.target) \(node.type)",
        ]
        lines.reserveCapacity(lines.count + manifests.count + files.count)
        for file in manifests {
            lines.append("manifest \(file) \(hashes[file] ?? "-")")
        }
        for file in files {
            lines.append("file \(file) \(hashes[file] ?? "-")")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    private func result(
        graph: TargetGraph, own: [TargetRef: String], full: [TargetRef: String], filesByTarget: [TargetRef: [String]],
        closures: [TargetRef: [TargetRef]]
    ) -> [String: ModuleHash] {
        var result: [String: ModuleHash] = [:]
        var ids: [TargetRef: String] = [:]
        for node in graph.nodes {
            ids[node.ref] = node.ref.description
        }
        for node in graph.nodes {
            let id = ids[node.ref] ?? node.ref.description
            result[id] = ModuleHash(
                id: id, package: node.ref.package, target: node.ref.target, type: node.type,
                hash: full[node.ref] ?? "", ownHash: own[node.ref] ?? "",
                fileCount: filesByTarget[node.ref]?.count ?? 0,
                dependencies: (closures[node.ref] ?? []).map { ids[$0] ?? $0.description })
        }
        return result
    }

    /// The hashes as `git hash-object` gives them, one process per 500 files or descriptions: for a repository whose
    /// object format git does not name (not a git repository, or git too old to say).
    private func hashesThroughGit(
        graph: TargetGraph, filesByTarget: [TargetRef: [String]], manifestFiles: [String: [String]],
        files: Set<String>, links: Set<String>
    ) async throws -> [String: ModuleHash] {
        let scratch = temporaryDirectory.appendingPathComponent("modules-hash-\(UUID().uuidString)", isDirectory: true)
        try? FileManager().createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(at: scratch) }
        var fileHashes = try await hashFiles(files.sorted())
        var linkTexts: [String: String] = [:]
        for path in links {
            let text = try? FileManager().destinationOfSymbolicLink(atPath: RepoPath.url(path, in: root).path)
            linkTexts[path] = text ?? ""
        }
        fileHashes.merge(try await hashTexts(linkTexts, in: scratch, prefix: "link")) { _, link in link }
        var ownDescriptions: [TargetRef: String] = [:]
        for node in graph.nodes {
            ownDescriptions[node.ref] = ownDescription(
                of: node, manifests: manifestFiles[node.ref.package] ?? [], files: filesByTarget[node.ref] ?? [],
                hashes: fileHashes)
        }
        let own = try await hashTexts(ownDescriptions, in: scratch, prefix: "own")
        let closures = Self.closures(in: graph).of
        var fullDescriptions: [TargetRef: String] = [:]
        for node in graph.nodes {
            let lines =
                ["modules full hash \(Self.formatVersion)", "self \(own[node.ref] ?? "-")"]
                + (closures[node.ref] ?? []).map { "dependency \($0) \(own[$0] ?? "-")" }
            fullDescriptions[node.ref] = lines.joined(separator: "\n") + "\n"
        }
        let full = try await hashTexts(fullDescriptions, in: scratch, prefix: "full")
        return result(graph: graph, own: own, full: full, filesByTarget: filesByTarget, closures: closures)
    }

    /// Every target `ref` reaches, sorted, without itself.
    static func closure(of ref: TargetRef, in graph: TargetGraph) -> [TargetRef] {
        var seen: Set<TargetRef> = [ref]
        var queue = [ref]
        var head = 0
        while head < queue.count {
            let current = queue[head]
            head += 1
            for edge in graph.dependencies(of: current) where seen.insert(edge.to).inserted {
                queue.append(edge.to)
            }
        }
        seen.remove(ref)
        return seen.sorted()
    }

    /// ``closure(of:in:)`` of every target of `graph` at once, and the targets in their sorted order: the
    /// references are numbered once in sorted order and the edges turned into numbers, so each search marks
    /// integers and reads its closure, sorted, off the marks.
    static func closures(in graph: TargetGraph) -> (refs: [TargetRef], of: [TargetRef: [TargetRef]]) {
        let refs = Array(Set(graph.nodes.map(\.ref))).sorted()
        var index: [TargetRef: Int] = [:]
        index.reserveCapacity(refs.count)
        for (position, ref) in refs.enumerated() {
            index[ref] = position
        }
        let edges = refs.map { ref in graph.dependencies(of: ref).compactMap { index[$0.to] } }
        var mark = [Int](repeating: -1, count: refs.count)
        var queue: [Int] = []
        var reached: [Int] = []
        var result: [TargetRef: [TargetRef]] = [:]
        result.reserveCapacity(refs.count)
        for start in refs.indices {
            mark[start] = start
            queue.removeAll(keepingCapacity: true)
            reached.removeAll(keepingCapacity: true)
            queue.append(start)
            var head = 0
            while head < queue.count {
                let current = queue[head]
                head += 1
                for next in edges[current] where mark[next] != start {
                    mark[next] = start
                    queue.append(next)
                    reached.append(next)
                }
            }
            reached.sort()
            result[refs[start]] = reached.map { refs[$0] }
        }
        return (refs, result)
    }

    /// The repository-relative files below `directory`, sorted; hidden entries, directories holding another package
    /// and what `ignore` matches (the `ignore` globs of modules.json: a file that or a directory above which matches
    /// builds nothing) are left out, and a symbolic link to a directory is listed as a file (it is hashed as its
    /// link text).
    static func files(under directory: String, root: URL, packages: Set<String>, ignore: [Glob]) -> [String] {
        entries(under: directory, root: root, packages: packages, ignore: ignore).map(\.path)
    }

    /// ``files(under:root:packages:ignore:)`` with whether each is a symbolic link, from one `readdir` per directory
    /// (its entry types; an `lstat` only where the file system gives none).
    ///
    /// A directory is walked only when neither it nor one above it is ignored, so below `directory` each entry is
    /// matched alone, and `directory` with the directories above it once.
    static func entries(
        under directory: String, root: URL, packages: Set<String>, ignore: [Glob]
    ) -> [(path: String, isLink: Bool)] {
        if directory != ".", ignore.contains(where: { $0.matchesSelfOrAncestor(of: directory) }) {
            return []
        }
        var found: [(path: String, isLink: Bool)] = []
        var pending = [directory]
        while let current = pending.popLast() {
            let path = RepoPath.url(current, in: root).path
            for (name, kind) in DirectoryListing.entries(of: path) where !name.hasPrefix(".") {
                let child = current == "." ? name : "\(current)/\(name)"
                // NB: an Xcode project or workspace inside a package builds nothing SwiftPM builds.
                guard !ignore.contains(where: { $0.matches(child) }), !child.hasSuffix(".xcodeproj"),
                    !child.hasSuffix(".xcworkspace")
                else { continue }
                switch kind {
                case .directory:
                    if !packages.contains(child) {
                        pending.append(child)
                    }
                case .symbolicLink: found.append((child, true))
                case .other: found.append((child, false))
                }
            }
        }
        return found.sorted { $0.path < $1.path }
    }

    private func hashFiles(_ paths: [String]) async throws -> [String: String] {
        var result: [String: String] = [:]
        var start = 0
        while start < paths.count {
            let batch = Array(paths[start..<min(start + 500, paths.count)])
            start += batch.count
            let hashes = try await gitHashObject(batch, in: root)
            for (path, hash) in zip(batch, hashes) {
                result[path] = hash
            }
        }
        return result
    }

    private func hashTexts<Key: Hashable & Comparable>(
        _ texts: [Key: String], in directory: URL, prefix: String
    ) async throws -> [Key: String] {
        let refs = texts.keys.sorted()
        var paths: [String] = []
        for (index, ref) in refs.enumerated() {
            let name = "\(prefix)-\(index).txt"
            do {
                try Data((texts[ref] ?? "").utf8).write(to: directory.appendingPathComponent(name))
            } catch {
                throw Failure(message: "cannot write \(directory.path)/\(name): \(error)")
            }
            paths.append(name)
        }
        var result: [Key: String] = [:]
        var start = 0
        while start < paths.count {
            let end = min(start + 500, paths.count)
            let hashes = try await gitHashObject(Array(paths[start..<end]), in: directory)
            for (ref, hash) in zip(refs[start..<end], hashes) {
                result[ref] = hash
            }
            start = end
        }
        return result
    }

    /// Git's blob ids of `paths` (relative to `directory`), in order, from `git hash-object --no-filters`.
    private func gitHashObject(_ paths: [String], in directory: URL) async throws -> [String] {
        guard !paths.isEmpty else { return [] }
        return try await gitHashObjectProcess(paths, in: directory)
    }

    /// `sha1` or `sha256`, the repository's object format; `nil` when git cannot say.
    private func objectFormat() async -> String? {
        let invocation = ProcessInvocation(
            executable: "git", arguments: ["rev-parse", "--show-object-format"], workingDirectory: root)
        guard let result = try? await runner.run(invocation), result.succeeded else { return nil }
        let format = result.standardOutputText.trimmingCharacters(in: .whitespacesAndNewlines)
        return ["sha1", "sha256"].contains(format) ? format : nil
    }

    /// `git hash-object --no-filters -- PATHS` in `directory`: one hash per path, in order.
    private func gitHashObjectProcess(_ paths: [String], in directory: URL) async throws -> [String] {
        let invocation = ProcessInvocation(
            executable: "git", arguments: ["hash-object", "--no-filters", "--"] + paths, workingDirectory: directory)
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            throw Failure(message: "cannot run git to hash files: \(error)")
        }
        let hashes = result.standardOutputText.split(whereSeparator: \.isNewline).map(String.init)
        guard result.succeeded, hashes.count == paths.count else {
            let detail = result.standardErrorText.trimmingCharacters(in: .whitespacesAndNewlines)
            throw Failure(
                message: "git hash-object failed in \(directory.path) (exit status \(result.status))"
                    + (detail.isEmpty ? "" : ": \(detail)"))
        }
        return hashes
    }
}
