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
    /// - Throws: ``Failure`` when git cannot hash the files.
    func hashes(scan: RepositoryScan, graph: TargetGraph) async throws -> [String: ModuleHash] {
        let nested = Set(scan.packagePaths)
        var filesByTarget: [TargetRef: [String]] = [:]
        var allFiles: Set<String> = []
        var manifestFiles: [String: [String]] = [:]
        for package in scan.packages {
            let directory = RepoPath.url(package.path, in: scan.root)
            let names = ((try? FileManager().contentsOfDirectory(atPath: directory.path)) ?? []).filter {
                $0 == "Package.swift" || $0 == "Package.resolved"
                    || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
            }.sorted()
            let files = names.map { package.path == "." ? $0 : "\(package.path)/\($0)" }
            manifestFiles[package.path] = files
            allFiles.formUnion(files)
        }
        for node in graph.nodes {
            let files = Self.files(
                under: node.directory, root: scan.root, packages: nested,
                isIgnored: scan.configuration.isIgnored)
            filesByTarget[node.ref] = files
            allFiles.formUnion(files)
        }
        let scratch = temporaryDirectory.appendingPathComponent("modules-hash-\(UUID().uuidString)", isDirectory: true)
        try? FileManager().createDirectory(at: scratch, withIntermediateDirectories: true)
        defer { try? FileManager().removeItem(at: scratch) }

        // NB: a symbolic link is hashed as its link text, as git stores it (hashing the path would follow it, and
        // fail for a link to a directory).
        var links: [String: String] = [:]
        for file in allFiles {
            if let text = try? FileManager().destinationOfSymbolicLink(atPath: RepoPath.url(file, in: scan.root).path) {
                links[file] = text
            }
        }
        var fileHashes = try await hashFiles(allFiles.filter { links[$0] == nil }.sorted())
        let linkPaths = links.keys.sorted()
        for (index, path) in linkPaths.enumerated() {
            do {
                try Data((links[path] ?? "").utf8).write(to: scratch.appendingPathComponent("link-\(index).txt"))
            } catch {
                throw Failure(message: "cannot write \(scratch.path)/link-\(index).txt: \(error)")
            }
        }
        let linkHashes = try await gitHashObject(linkPaths.indices.map { "link-\($0).txt" }, in: scratch)
        for (path, hash) in zip(linkPaths, linkHashes) {
            fileHashes[path] = hash
        }

        var ownDescriptions: [TargetRef: String] = [:]
        for node in graph.nodes {
            var lines = [
                "modules content hash \(Self.formatVersion)", "toolchain \(toolchainFingerprint)",
                "package \(node.ref.package)", "target \(node.ref.target) \(node.type)",
            ]
            for file in manifestFiles[node.ref.package] ?? [] {
                lines.append("manifest \(file) \(fileHashes[file] ?? "-")")
            }
            for file in filesByTarget[node.ref] ?? [] {
                lines.append("file \(file) \(fileHashes[file] ?? "-")")
            }
            ownDescriptions[node.ref] = lines.joined(separator: "\n") + "\n"
        }
        let own = try await hashTexts(ownDescriptions, in: scratch, prefix: "own")

        var closures: [TargetRef: [TargetRef]] = [:]
        var fullDescriptions: [TargetRef: String] = [:]
        for node in graph.nodes {
            let closure = Self.closure(of: node.ref, in: graph)
            closures[node.ref] = closure
            let lines =
                ["modules full hash \(Self.formatVersion)", "self \(own[node.ref] ?? "-")"]
                + closure.map { "dependency \($0) \(own[$0] ?? "-")" }
            fullDescriptions[node.ref] = lines.joined(separator: "\n") + "\n"
        }
        let full = try await hashTexts(fullDescriptions, in: scratch, prefix: "full")

        var result: [String: ModuleHash] = [:]
        for node in graph.nodes {
            let id = node.ref.description
            result[id] = ModuleHash(
                id: id, package: node.ref.package, target: node.ref.target, type: node.type,
                hash: full[node.ref] ?? "", ownHash: own[node.ref] ?? "",
                fileCount: filesByTarget[node.ref]?.count ?? 0,
                dependencies: (closures[node.ref] ?? []).map(\.description))
        }
        return result
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

    /// The repository-relative files below `directory`, sorted; hidden entries, directories holding another package
    /// and whatever `isIgnored` says builds nothing (the `ignore` globs of modules.json) are left out, and a
    /// symbolic link to a directory is listed as a file (it is hashed as its link text).
    static func files(
        under directory: String, root: URL, packages: Set<String>, isIgnored: (String) -> Bool
    ) -> [String] {
        var found: [String] = []
        var pending = [directory]
        let manager = FileManager()
        while let current = pending.popLast() {
            let url = RepoPath.url(current, in: root)
            guard let names = try? manager.contentsOfDirectory(atPath: url.path) else { continue }
            for name in names where !name.hasPrefix(".") {
                let child = current == "." ? name : "\(current)/\(name)"
                // NB: an Xcode project or workspace inside a package builds nothing SwiftPM builds.
                guard !isIgnored(child), !child.hasSuffix(".xcodeproj"), !child.hasSuffix(".xcworkspace") else {
                    continue
                }
                if PackageDiscovery.isDirectoryNotLink(url.path + "/" + name) {
                    if !packages.contains(child) {
                        pending.append(child)
                    }
                } else {
                    found.append(child)
                }
            }
        }
        return found.sorted()
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

    private func hashTexts(_ texts: [TargetRef: String], in directory: URL, prefix: String) async throws
        -> [TargetRef: String]
    {
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
        var result: [TargetRef: String] = [:]
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

    /// Git's blob ids of `paths` (relative to `directory`), in order, as `git hash-object --no-filters` gives
    /// them: computed here (the hash of `blob <size>\0` and the bytes, with SHA-1 or SHA-256 as
    /// `git rev-parse --show-object-format` says, asked once per call), so thousands of files cost no process each.
    /// Falls back to `git hash-object` when the format is neither or a file cannot be read.
    private func gitHashObject(_ paths: [String], in directory: URL) async throws -> [String] {
        guard !paths.isEmpty else { return [] }
        if let format = await objectFormat() {
            var hashes: [String] = []
            hashes.reserveCapacity(paths.count)
            for path in paths {
                guard let data = FileManager().contents(atPath: directory.appendingPathComponent(path).path) else {
                    return try await gitHashObjectProcess(paths, in: directory)
                }
                hashes.append(BlobDigest.gitBlobID(of: data, sha256: format == "sha256"))
            }
            return hashes
        }
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
