import Foundation
import Testing

@testable import ModulesKit

/// Action keys of the shared cache: SHA-256 from libcrypto, canonical descriptions, no machine facts.
@Suite(.timeLimit(.minutes(10))) struct ActionKeyTests {
    private func scan(_ repo: URL, in directory: URL) async throws -> RepositoryScan {
        let loader = ManifestLoader(runner: liveRunner(directory), swiftExecutable: "swift")
        let configuration = try ModulesConfiguration.load(from: repo.appendingPathComponent("modules.json"))
        return try await RepositoryScanner(loader: loader, concurrency: 2).scan(
            root: repo, configuration: configuration)
    }

    private func keys(_ scan: RepositoryScan, _ inputs: ActionKeyInputs) -> [String: String] {
        ActionKeyBuilder(inputs: inputs).keys(scan: scan, graph: TargetGraph(scan: scan)).mapValues(\.key)
    }

    private let inputs = ActionKeyInputs(
        toolchainVersion: "Swift version 6.3.1 (swift-6.3.1-RELEASE)\nTarget: x86_64-unknown-linux-gnu\n",
        configuration: "debug", flags: [], environment: ["MODULES_FIXTURE_FLAVOR": "plain"])

    @Test func sha256IsLibcryptosAndAgreesWithCoreutils() async throws {
        #expect(BlobDigest.sha256("abc") == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(BlobDigest.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        try await withTemporaryDirectory { directory in
            let bytes = Data((0..<100_000).map { UInt8(truncatingIfNeeded: $0 &* 31) })
            let file = directory.appendingPathComponent("blob")
            try bytes.write(to: file)
            let result = try await liveRunner(directory).run(
                ProcessInvocation(executable: "sha256sum", arguments: [file.path]))
            #expect(result.standardOutputText.hasPrefix(BlobDigest.sha256(bytes) + " "))
            #expect(BlobDigest(of: bytes).matches(bytes))
            var flipped = bytes
            flipped[500] ^= 1
            #expect(!BlobDigest(of: bytes).matches(flipped))
        }
    }

    @Test func twoClonesAtDifferentPathsHaveTheSameKeysAndAChangeMovesItsDependents() async throws {
        try await withTemporaryDirectory { directory in
            let first = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("one/deeper"))
            let second = try Fixtures.copy("SharedCache", into: directory.appendingPathComponent("two"))
            let firstKeys = keys(try await scan(first, in: directory), inputs)
            let secondScan = try await scan(second, in: directory)
            #expect(firstKeys.count == 4)
            #expect(keys(secondScan, inputs) == firstKeys, "a checkout's location never reaches a key")
            #expect(firstKeys.values.allSatisfy(BlobDigest.isWellFormed))

            let description = try #require(
                ActionKeyBuilder(inputs: inputs).keys(scan: secondScan, graph: TargetGraph(scan: secondScan))[
                    "Features/Feed:FeedTests"]
            ).description
            #expect(!description.contains(directory.path), "no absolute path in a key's description")
            #expect(description.contains("file Features/Feed/Tests/FeedTests/FeedTests.swift "))
            #expect(description.contains("dependency Core/Base:Base "))
            #expect(description.contains("env MODULES_FIXTURE_FLAVOR=plain"))

            let feed = second.appendingPathComponent("Features/Feed/Sources/Feed/Feed.swift")
            try Data((try String(contentsOf: feed, encoding: .utf8) + "// one more line\n").utf8).write(to: feed)
            let changed = keys(try await scan(second, in: directory), inputs)
            #expect(
                Set(firstKeys.keys.filter { firstKeys[$0] != changed[$0] }) == [
                    "Features/Feed:Feed", "Features/Feed:FeedTests",
                ])

            let base = second.appendingPathComponent("Core/Base/Sources/Base/Base.swift")
            try Data((try String(contentsOf: base, encoding: .utf8) + "// one more line\n").utf8).write(to: base)
            let below = keys(try await scan(second, in: directory), inputs)
            #expect(Set(changed.keys.filter { changed[$0] != below[$0] }).count == 4, "everything reaches Base")
        }
    }

    @Test func everyInputOfTheRunChangesEveryKey() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SharedCache", into: directory)
            let scan = try await scan(repo, in: directory)
            let plain = keys(scan, inputs)
            var variants: [ActionKeyInputs] = []
            for flags in [["sanitize=thread"], ["warnings-as-errors"], ["coverage"]] {
                var changed = inputs
                changed.flags = flags
                variants.append(changed)
            }
            var otherToolchain = inputs
            otherToolchain.toolchainVersion = "Swift version 6.2 (swift-6.2-RELEASE)\nTarget: x86_64-unknown-linux-gnu"
            var otherValue = inputs
            otherValue.environment = ["MODULES_FIXTURE_FLAVOR": "spicy"]
            var unset = inputs
            unset.environment = ["MODULES_FIXTURE_FLAVOR": nil]
            var release = inputs
            release.configuration = "release"
            variants += [otherToolchain, otherValue, unset, release]
            var seen: Set<String> = [plain["Core/Base:BaseTests"] ?? ""]
            for variant in variants {
                let changed = keys(scan, variant)
                #expect(plain.keys.allSatisfy { plain[$0] != changed[$0] }, "\(variant)")
                #expect(seen.insert(changed["Core/Base:BaseTests"] ?? "").inserted, "\(variant)")
            }
            #expect(
                ActionKeyInputs.flags(
                    sanitizers: ["thread", "address", "thread"], warningsAsErrors: true, coverage: false)
                    == ["sanitize=address", "sanitize=thread", "warnings-as-errors"])
        }
    }

    @Test func aSymbolicLinkIsHashedAsItsLinkText() async throws {
        try await withTemporaryDirectory { directory in
            try FileManager().createDirectory(
                at: directory.appendingPathComponent("Data/Foo"), withIntermediateDirectories: true)
            try FileManager().createSymbolicLink(
                atPath: directory.appendingPathComponent("Data/Foo.link").path, withDestinationPath: "Foo")
            #expect(
                ActionKeyBuilder.fileLine("Data/Foo.link", root: directory)
                    == "link Data/Foo.link \(BlobDigest.sha256("Foo"))")
        }
    }

    @Test func resolvedPinsAreReadInEveryFormatVersion() throws {
        let version2 =
            #"{"pins": [{"identity": "Yams", "state": {"version": "5.1.0", "revision": "abc"}}], "version": 2}"#
        let version1 =
            #"{"object": {"pins": [{"package": "Yams", "state": {"version": "5.1.0", "revision": "abc"}}]}, "version": 1}"#
        #expect(ActionKeyBuilder.pins(Data(version2.utf8)) == ["pin yams 5.1.0 abc"])
        #expect(ActionKeyBuilder.pins(Data(version1.utf8)) == ["pin yams 5.1.0 abc"])
        #expect(ActionKeyBuilder.pins(Data("not json".utf8)) == nil)
    }
}

/// Committed test data with a symbolic link to a directory inside a target (`exclude: ["Data"]` in real
/// repositories): `hash` and `--changed-since-green` hash the link as its link text, like git, instead of failing.
@Suite(.timeLimit(.minutes(10))) struct SymbolicLinkHashTests {
    @Test func aLinkToADirectoryIsHashedAsItsLinkText() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("Clean", into: directory)
            let data = repo.appendingPathComponent("Core/Base/Tests/BaseTests/Data")
            try FileManager().createDirectory(at: data.appendingPathComponent("Foo"), withIntermediateDirectories: true)
            try FileManager().createDirectory(at: data.appendingPathComponent("Bar"), withIntermediateDirectories: true)
            try FileManager().createSymbolicLink(
                atPath: data.appendingPathComponent("Foo.link").path, withDestinationPath: "Foo")
            let hash = { () async throws -> String in
                let run = await runModules(
                    ["hash", "Core/Base", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
                #expect(run.status == 0, "\(run.errorOutput)")
                let targets = try jsonObject(run.output)["targets"] as? [[String: Any]] ?? []
                return targets.first { $0["id"] as? String == "Core/Base:BaseTests" }?["ownHash"] as? String ?? ""
            }
            let before = try await hash()
            #expect(!before.isEmpty)
            let link = data.appendingPathComponent("Foo.link")
            try FileManager().removeItem(at: link)
            try FileManager().createSymbolicLink(atPath: link.path, withDestinationPath: "Bar")
            #expect(try await hash() != before, "a new link text is a new hash")
        }
    }
}
