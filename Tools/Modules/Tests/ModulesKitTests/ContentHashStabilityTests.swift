import Foundation
import Testing

@testable import ModulesKit

/// Content hashes are a stored format: results recorded green and shared cache entries are found by them, so a
/// faster hasher must give every target the same hash as before: here, the hash that ``ReferenceHasher`` (format 1
/// as first written: a `FileManager` walk, `git hash-object` for every file and every description, a closure
/// searched per target) gives. The fixture holds each shape the hasher treats apart (hidden, ignored and Xcode-project entries left out, a nested package, links to a file and to a
/// directory, an empty file, a binary file larger than any read buffer, manifests of every kind, a file name
/// outside ASCII, dependencies several levels down).
@Suite(.timeLimit(.minutes(10))) struct ContentHashStabilityTests {
    /// Writes the fixture under `root` (with `repository`, a git repository, so the in-process ids follow its object
    /// format; else every id comes from `git hash-object`) and returns its scan.
    private static func fixture(at root: URL, repository: Bool = true) throws -> RepositoryScan {
        var builder = GraphBuilder(root: root)
        try builder.add("Core/Base")
        try builder.add("Core/Util", uses: ["Core/Base"])
        try builder.add("Features/Shop", uses: ["Core/Util"], testUses: ["Core/Base"])
        try builder.add(".", uses: ["Features/Shop"])
        try builder.add("Core/Other")
        try builder.addFailure("Core/Base/Sources/Base/Vendor")
        try writeFiles(
            [
                "Core/Base/Sources/Base/Base.swift": "/// The base.\npublic let base = 1\n",
                "Core/Base/Sources/Base/Nested/Deep/More.swift": "extension Int {}\n",
                "Core/Base/Sources/Base/.hidden.swift": "left out\n",
                "Core/Base/Sources/Base/CMakeLists.txt": "ignored\n",
                "Core/Base/Sources/Base/Empty.swift": "",
                "Core/Base/Sources/Base/Tool.xcodeproj/project.pbxproj": "left out\n",
                "Core/Base/Sources/Base/Vendor/Sources/V/V.swift": "another package's\n",
                "Core/Base/Tests/BaseTests/BaseTests.swift": "import Base\n",
                "Core/Base/Package.resolved": "{\"pins\": [], \"version\": 2}\n",
                "Core/Base/Package@swift-6.0.swift": "// swift-tools-version:6.0\n",
                "Core/Other/Sources/Other/Other.swift": "/// Apart.\npublic let other = 2\n",
                "Core/Util/Sources/Util/Util.swift": "import Base\n",
                "Core/Util/Tests/UtilTests/UtilTests.swift": "import Util\n",
                "Features/Shop/Sources/Shop/Shop.swift": "import Util\n",
                "Features/Shop/Sources/Shop/Ünïcode Name.swift": "// ü\n",
                "Features/Shop/Tests/ShopTests/ShopTests.swift": "import Base\nimport Shop\n",
                "Sources/App/main.swift": "import Shop\n",
                "Tests/AppTests/AppTests.swift": "import App\n",
                "README.md": "outside every target\n",
            ], under: root)
        let manager = FileManager()
        try manager.createDirectory(
            at: root.appendingPathComponent("Core/Base/Sources/Base/Resources"), withIntermediateDirectories: true)
        var random = SplitMix64(seed: 28)
        let bytes = (0..<200_000).map { _ in UInt8(truncatingIfNeeded: random.next()) }
        try Data(bytes).write(to: root.appendingPathComponent("Core/Base/Sources/Base/Resources/blob.bin"))
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("Core/Base/Sources/Base/Link.swift").path,
            withDestinationPath: "Base.swift")
        try manager.createSymbolicLink(
            atPath: root.appendingPathComponent("Core/Base/Sources/Base/LinkDir").path, withDestinationPath: "Nested")
        if repository {
            try git(["init", "-q", "--object-format=sha1"], in: root)
        }
        return builder.scan()
    }

    private static func hashes(of scan: RepositoryScan, scratch: URL) async throws -> [String: ModuleHash] {
        let hasher = ContentHasher(
            runner: liveRunner(scratch), root: scan.root, toolchainFingerprint: "fixture toolchain",
            temporaryDirectory: scratch)
        return try await hasher.hashes(scan: scan, graph: TargetGraph(scan: scan))
    }

    private static func summary(_ hashes: [String: ModuleHash]) -> [String: String] {
        hashes.mapValues { "\($0.hash) \($0.ownHash) \($0.fileCount) \($0.dependencies.joined(separator: ","))" }
    }

    @Test(arguments: [true, false]) func everyTargetKeepsTheHashOfTheFirstHasher(inRepository: Bool) async throws {
        try await withTemporaryDirectory { directory in
            let root = directory.appendingPathComponent("repo", isDirectory: true)
            let scan = try Self.fixture(at: root, repository: inRepository)
            let actual = Self.summary(try await Self.hashes(of: scan, scratch: directory))
            let expected = try ReferenceHasher(root: root, toolchain: "fixture toolchain", scratch: directory)
                .summaries(scan: scan, graph: TargetGraph(scan: scan))
            #expect(actual.count == 10, "\(actual.keys.sorted())")
            for id in Set(actual.keys).union(expected.keys).sorted() {
                #expect(actual[id] == expected[id], "\(id)")
            }
            let base = try #require(actual["Core/Base:Base"])
            #expect(base.contains(" 6 "), "Base's files: Base, Empty, Link, LinkDir, Nested/Deep/More, blob: \(base)")
        }
    }

    @Test func aByteChangedWithSizeAndTimeKeptChangesItsTargetAndEveryDependentOnly() async throws {
        try await withTemporaryDirectory { directory in
            let root = directory.appendingPathComponent("repo", isDirectory: true)
            let scan = try Self.fixture(at: root)
            let before = try await Self.hashes(of: scan, scratch: directory)
            let blob = root.appendingPathComponent("Core/Base/Sources/Base/Resources/blob.bin")
            let manager = FileManager()
            let modified = try #require(try manager.attributesOfItem(atPath: blob.path)[.modificationDate] as? Date)
            var bytes = try Data(contentsOf: blob)
            bytes[150_000] ^= 0xFF
            try bytes.write(to: blob)
            try manager.setAttributes([.modificationDate: modified], ofItemAtPath: blob.path)
            let after = try await Self.hashes(of: scan, scratch: directory)
            let changed = Set(before.keys.filter { before[$0]?.hash != after[$0]?.hash })
            let dependents = Set(before.values.filter { $0.dependencies.contains("Core/Base:Base") }.map(\.id))
            #expect(changed == dependents.union(["Core/Base:Base"]))
            #expect(changed.isSuperset(of: ["Core/Base:BaseTests", "Core/Util:Util", ".:App"]))
            #expect(!changed.contains("Core/Other:Other") && !changed.contains("Core/Other:OtherTests"))
            #expect(Set(before.keys.filter { before[$0]?.ownHash != after[$0]?.ownHash }) == ["Core/Base:Base"])
        }
    }
}

/// The content hasher of format 1 as first written, kept as the reference its successors must agree with: files
/// found with `FileManager` (an `lstat` per entry, every glob of `ignore` against each path and its ancestors), every
/// blob id from `git hash-object --no-filters` (links as their text), the descriptions written out and hashed by git
/// too, and each closure searched apart.
private struct ReferenceHasher {
    let root: URL
    let toolchain: String
    let scratch: URL

    /// By id: hash, own hash, file count, dependencies (as ``ContentHashStabilityTests`` summarises them).
    func summaries(scan: RepositoryScan, graph: TargetGraph) throws -> [String: String] {
        let nested = Set(scan.packagePaths)
        var manifests: [String: [String]] = [:]
        for package in scan.packages {
            let names = try FileManager().contentsOfDirectory(atPath: RepoPath.url(package.path, in: root).path)
                .filter {
                    $0 == "Package.swift" || $0 == "Package.resolved"
                        || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
                }.sorted()
            manifests[package.path] = names.map { package.path == "." ? $0 : "\(package.path)/\($0)" }
        }
        var files: [TargetRef: [String]] = [:]
        for node in graph.nodes {
            files[node.ref] = walk(node.directory, packages: nested, isIgnored: scan.configuration.isIgnored)
        }
        let all = Set(manifests.values.joined()).union(files.values.joined()).sorted()
        var inputs: [URL] = []
        for path in all {
            let url = RepoPath.url(path, in: root)
            if let text = try? FileManager().destinationOfSymbolicLink(atPath: url.path) {
                inputs.append(try write(text))
            } else {
                inputs.append(url)
            }
        }
        let blobs = Dictionary(uniqueKeysWithValues: zip(all, try hashObjects(inputs)))
        var ownTexts: [URL] = []
        for node in graph.nodes {
            var lines = [
                "modules content hash 1", "toolchain \(toolchain)", "package \(node.ref.package)",
                "target \(node.ref.target) \(node.type)",
            ]
            lines += (manifests[node.ref.package] ?? []).map { "manifest \($0) \(blobs[$0] ?? "-")" }
            lines += (files[node.ref] ?? []).map { "file \($0) \(blobs[$0] ?? "-")" }
            ownTexts.append(try write(lines.joined(separator: "\n") + "\n"))
        }
        let own = Dictionary(zip(graph.nodes.map(\.ref), try hashObjects(ownTexts))) { _, last in last }
        var fullTexts: [URL] = []
        for node in graph.nodes {
            let lines =
                ["modules full hash 1", "self \(own[node.ref] ?? "-")"]
                + Self.closure(of: node.ref, in: graph).map { "dependency \($0) \(own[$0] ?? "-")" }
            fullTexts.append(try write(lines.joined(separator: "\n") + "\n"))
        }
        var result: [String: String] = [:]
        for (node, full) in zip(graph.nodes, try hashObjects(fullTexts)) {
            let closure = Self.closure(of: node.ref, in: graph)
            result[node.ref.description] =
                "\(full) \(own[node.ref] ?? "-") \(files[node.ref]?.count ?? 0) "
                + closure.map(\.description).joined(separator: ",")
        }
        return result
    }

    private func walk(_ directory: String, packages: Set<String>, isIgnored: (String) -> Bool) -> [String] {
        var found: [String] = []
        var pending = [directory]
        while let current = pending.popLast() {
            let url = RepoPath.url(current, in: root)
            for name in (try? FileManager().contentsOfDirectory(atPath: url.path)) ?? [] where !name.hasPrefix(".") {
                let child = current == "." ? name : "\(current)/\(name)"
                guard !isIgnored(child), !child.hasSuffix(".xcodeproj"), !child.hasSuffix(".xcworkspace") else {
                    continue
                }
                var status = stat()
                if lstat(url.path + "/" + name, &status) == 0, (status.st_mode & S_IFMT) == S_IFDIR {
                    if !packages.contains(child) { pending.append(child) }
                } else {
                    found.append(child)
                }
            }
        }
        return found.sorted()
    }

    private static func closure(of ref: TargetRef, in graph: TargetGraph) -> [TargetRef] {
        var seen: Set<TargetRef> = [ref]
        var queue = [ref]
        while let current = queue.popLast() {
            for edge in graph.dependencies(of: current) where seen.insert(edge.to).inserted {
                queue.append(edge.to)
            }
        }
        seen.remove(ref)
        return seen.sorted()
    }

    /// Writes `text` to a new file of the scratch directory.
    private func write(_ text: String) throws -> URL {
        let file = scratch.appendingPathComponent("reference-\(UUID().uuidString).txt")
        try Data(text.utf8).write(to: file)
        return file
    }

    /// `git hash-object --no-filters` of `files`, one id per file in order, run in the fixture repository (so in
    /// its object format).
    private func hashObjects(_ files: [URL]) throws -> [String] {
        try gitHashObjects(files, in: root)
    }
}
