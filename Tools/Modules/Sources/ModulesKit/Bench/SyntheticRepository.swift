import Foundation

/// A synthetic SwiftPM repository of N local packages on disk, for `modules bench --synthetic N`: real manifests
/// that `swift package dump-package` reads, real sources that the compiler's import scan reads.
///
/// Deterministic from N (a ``SplitMix64`` stream seeded with N): the same N always writes the same files. Six
/// layers, as ``SyntheticGraph`` draws them: the root package (`.`, the app: one executable target that depends on
/// every feature), `Features/Feature…` (30 %), `UI/Component…` (5 %), `Services/Service…` (25 %), `Core/Core…`
/// (the rest) and `Foundation/Base…` (10 %, at least 2; the first, `Foundation/TestKit`, is test-only). Each
/// package below the app depends on one to three packages of every layer below it up to core, skewed towards the
/// first packages of a layer (so a few have a large fan-in), and on one foundation package; its targets are a
/// library of its own name (two files importing every dependency it declares), in one package of two an internal
/// `…Support` target the library uses, and a test target (which, above the foundation layer, uses `TestKit` in one
/// package of three). The
/// repository is clean under its own `modules.json`, and a git repository of two commits: everything, then one
/// line appended to the first services package, so `affected --base HEAD~1` has a realistic answer.
struct SyntheticRepository: Sendable {
    /// One package as written.
    struct Package: Sendable, Equatable {
        /// The repository-relative directory (`.` for the app).
        var path: String
        /// The package's (and its library's) name.
        var name: String
        /// The layer's index, 0 (app) to 5 (foundation).
        var layer: Int
        /// The packages its library depends on, by path.
        var dependencies: [String]
        /// Whether it has an internal `…Support` target.
        var hasSupport: Bool
        /// Whether its test target uses `Foundation/TestKit`.
        var testsUseTestKit: Bool
    }

    /// The format of what is written; a new version rewrites a kept repository.
    static let formatVersion = 2
    /// The smallest N: every layer gets a package.
    static let minimumCount = 10
    /// The largest N accepted.
    static let maximumCount = 5000
    /// The file whose text says a repository was written whole (written last).
    static let markerName = ".modules-synthetic"

    static let layerNames = ["app", "features", "ui", "services", "core", "foundation"]
    private static let folders = ["", "Features", "UI", "Services", "Core", "Foundation"]
    private static let stems = ["App", "Feature", "Component", "Service", "Core", "Base"]

    /// The packages, the app first, then layer by layer.
    let packages: [Package]

    /// The repository of `count` packages (at least ``minimumCount``).
    init(count: Int) {
        let count = max(count, Self.minimumCount)
        var random = SplitMix64(seed: 0x5EED_BE4C ^ UInt64(count))
        var byLayer: [[Package]] = []
        for (layer, size) in Self.layerSizes(count).enumerated() {
            byLayer.append(
                (0..<size).map { number in
                    let name =
                        layer == 0
                        ? "App" : layer == 5 && number == 0 ? "TestKit" : Self.stems[layer] + Self.pad(number, size)
                    return Package(
                        path: layer == 0 ? "." : "\(Self.folders[layer])/\(name)", name: name, layer: layer,
                        dependencies: [], hasSupport: false, testsUseTestKit: false)
                })
        }
        for layer in byLayer.indices {
            for index in byLayer[layer].indices {
                var dependencies: [String] = []
                if layer == 0 {
                    dependencies = byLayer[1].map(\.path)
                } else if layer < 5 {
                    for below in (layer + 1)..<5 {
                        let pool = byLayer[below]
                        for _ in 0..<(1 + random.next(below: 3)) {
                            let pick = Int(Double(pool.count) * pow(random.unit(), 2))
                            dependencies.append(pool[min(pick, pool.count - 1)].path)
                        }
                    }
                    dependencies.append(byLayer[5][1 + random.next(below: byLayer[5].count - 1)].path)
                }
                var seen: Set<String> = []
                byLayer[layer][index].dependencies = dependencies.filter { seen.insert($0).inserted }
                byLayer[layer][index].hasSupport = layer > 0 && random.next(below: 2) == 0
                // NB: foundation packages are peers of TestKit, which the layers forbid them to depend on.
                byLayer[layer][index].testsUseTestKit = layer > 0 && layer < 5 && random.next(below: 3) == 0
            }
        }
        packages = byLayer.flatMap { $0 }
    }

    /// How many targets the packages declare in all.
    var targetCount: Int {
        packages.reduce(0) { $0 + ($1.layer == 0 ? 1 : 2 + ($1.hasSupport ? 1 : 0)) }
    }

    /// The packages' sizes by layer, top first (as ``SyntheticGraph`` draws them).
    static func layerSizes(_ count: Int) -> [Int] {
        SyntheticGraph.layerSizes(count)
    }

    private static func pad(_ number: Int, _ size: Int) -> String {
        SyntheticGraph.pad(number, size)
    }

    /// The marker's text for this repository.
    var marker: String {
        "modules synthetic repository, format \(Self.formatVersion), \(packages.count) packages\n"
    }

    /// Every file of the repository: repository-relative path → text.
    var files: [String: String] {
        let byPath = Dictionary(packages.map { ($0.path, $0) }) { first, _ in first }
        var files: [String: String] = [
            "modules.json": configuration, ".gitignore": ".build/\n\(Self.markerName)\n",
        ]
        for package in packages {
            let prefix = package.path == "." ? "" : package.path + "/"
            let dependencies = package.dependencies.compactMap { byPath[$0] }
            files[prefix + "Package.swift"] = manifest(package, dependencies: dependencies)
            let names = dependencies.map(\.name)
            if package.layer == 0 {
                files[prefix + "Sources/App/main.swift"] =
                    names.map { "import \($0)\n" }.joined() + "\nprint(["
                    + names.map { "\($0).name" }
                    .joined(separator: ", ") + "].count)\n"
                continue
            }
            let own = package.name
            let support = package.hasSupport ? ["\(own)Support"] : []
            let imports = (["Foundation"] + support + names).map { "import \($0)\n" }.joined()
            files[prefix + "Sources/\(own)/\(own).swift"] =
                imports + "\n/// \(own), a synthetic module.\npublic enum \(own) {\n"
                + "    /// The module's name.\n    public static let name = \"\(own)\"\n"
                + "    /// The names of what it uses.\n    public static let uses: [String] = ["
                + (support.map { "\($0).name" } + names.map { "\($0).name" }).joined(separator: ", ") + "]\n}\n"
            files[prefix + "Sources/\(own)/\(own)+Text.swift"] =
                "import Foundation\n\nextension \(own) {\n    /// A line about the module.\n"
                + "    public static var summary: String { \"\\(name) uses \\(uses.count) modules\" }\n}\n"
            if package.hasSupport {
                files[prefix + "Sources/\(own)Support/\(own)Support.swift"] =
                    "/// What \(own) keeps to itself.\npublic enum \(own)Support {\n"
                    + "    /// The module's name.\n    public static let name = \"\(own)Support\"\n}\n"
            }
            let testKit = package.testsUseTestKit ? "import TestKit\n" : ""
            files[prefix + "Tests/\(own)Tests/\(own)Tests.swift"] =
                "import Testing\n\(testKit)\n@testable import \(own)\n\n@Test func hasAName() {\n"
                + "    #expect(\(own).name == \"\(own)\")\n}\n"
        }
        return files
    }

    private var configuration: String {
        let layers = Self.layerNames.enumerated().map { index, name in
            let glob = index == 0 ? "." : "\(Self.folders[index])/*"
            return "    {\"name\": \"\(name)\", \"packages\": [\"\(glob)\"], \"allowsPeerDependencies\": false}"
        }
        return "{\n  \"schemaVersion\": 1,\n  \"description\": \"A synthetic repository of \(packages.count) "
            + "packages (modules bench --synthetic).\",\n  \"layers\": [\n" + layers.joined(separator: ",\n")
            + "\n  ],\n  \"packages\": {\"Foundation/TestKit\": {\"testOnly\": true}}\n}\n"
    }

    private func manifest(_ package: Package, dependencies: [Package]) -> String {
        let depth = package.path == "." ? 0 : package.path.split(separator: "/").count
        let up = String(repeating: "../", count: depth)
        var declared = dependencies
        if package.testsUseTestKit, let kit = packages.first(where: { $0.path == "Foundation/TestKit" }) {
            declared.append(kit)
        }
        let packageLines = declared.map { "        .package(path: \"\(up)\($0.path)\"),\n" }.joined()
        let products = dependencies.map { ".product(name: \"\($0.name)\", package: \"\($0.name)\")" }
        var lines = [
            "// swift-tools-version:6.2", "import PackageDescription", "", "let package = Package(",
            "    name: \"\(package.name)\",",
        ]
        if package.layer == 0 {
            lines += [
                "    dependencies: [", packageLines + "    ],", "    targets: [",
                "        .executableTarget(", "            name: \"App\",",
                "            dependencies: [", products.map { "                \($0),\n" }.joined() + "            ]),",
                "    ],",
            ]
        } else {
            let own = package.name
            let support = package.hasSupport ? ["\"\(own)Support\""] : []
            let testDependencies =
                ["\"\(own)\""] + (package.testsUseTestKit ? [".product(name: \"TestKit\", package: \"TestKit\")"] : [])
            lines += [
                "    products: [", "        .library(name: \"\(own)\", targets: [\"\(own)\"])", "    ],",
                "    dependencies: [", packageLines + "    ],", "    targets: [",
                "        .target(", "            name: \"\(own)\",", "            dependencies: [",
                (support + products).map { "                \($0),\n" }.joined() + "            ]),",
            ]
            if package.hasSupport {
                lines.append("        .target(name: \"\(own)Support\"),")
            }
            lines += [
                "        .testTarget(name: \"\(own)Tests\", dependencies: [\(testDependencies.joined(separator: ", "))]),",
                "    ],",
            ]
        }
        lines += ["    swiftLanguageModes: [.v6]", ")", ""]
        return lines.joined(separator: "\n")
    }

    /// The file the second commit changes (one line appended), and that line.
    var changedFile: (path: String, line: String) {
        let service = packages.first { $0.layer == 3 } ?? packages[packages.count - 1]
        return (
            "\(service.path)/Sources/\(service.name)/\(service.name)+Text.swift", "// changed by the second commit\n"
        )
    }

    /// Whether `directory` holds this repository written whole (its marker says so).
    func isWritten(at directory: URL) -> Bool {
        (try? String(contentsOf: directory.appendingPathComponent(Self.markerName), encoding: .utf8)) == marker
    }

    /// Writes the repository into `directory` (replacing whatever is there) and commits it twice with `git`.
    /// - Throws: ``CommandFailure`` naming the file or the git command that failed.
    func write(to directory: URL, runner: any ProcessRunning) async throws {
        let manager = FileManager()
        try? manager.removeItem(at: directory)
        for (path, text) in files {
            let url = directory.appendingPathComponent(path)
            do {
                try manager.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try Data(text.utf8).write(to: url)
            } catch {
                throw CommandFailure(message: "cannot write \(url.path): \(error)", status: ExitStatus.cannotCreate)
            }
        }
        let identity = [
            "-c", "user.name=modules bench", "-c", "user.email=bench@modules.invalid", "-c", "commit.gpgsign=false",
        ]
        try await git(["init", "-q"], in: directory, runner: runner)
        try await git(["add", "-A"], in: directory, runner: runner)
        try await git(identity + ["commit", "-q", "-m", "A synthetic repository"], in: directory, runner: runner)
        let change = changedFile
        FileAppending.append(change.line, to: directory.appendingPathComponent(change.path))
        try await git(identity + ["commit", "-q", "-a", "-m", "Change one service"], in: directory, runner: runner)
        do {
            try Data(marker.utf8).write(to: directory.appendingPathComponent(Self.markerName))
        } catch {
            throw CommandFailure(
                message: "cannot write \(directory.path)/\(Self.markerName): \(error)", status: ExitStatus.cannotCreate)
        }
    }

    private func git(_ arguments: [String], in directory: URL, runner: any ProcessRunning) async throws {
        let invocation = ProcessInvocation(executable: "git", arguments: arguments, workingDirectory: directory)
        let result: ProcessResult
        do {
            result = try await runner.run(invocation)
        } catch {
            throw CommandFailure(message: "cannot run git: \(error)", status: ExitStatus.software)
        }
        guard result.succeeded else {
            throw CommandFailure(
                message: "git \(arguments.joined(separator: " ")) failed in \(directory.path): "
                    + result.standardErrorText, status: ExitStatus.failure)
        }
    }
}
