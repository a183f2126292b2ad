import Foundation
import Testing

@testable import ModulesKit

/// How `lint` names a module: among the packages of one graph, repository targets starting with `_` like any
/// other, a C target by its own module map's name, every Apple SDK module, an unknown module once.
@Suite(.timeLimit(.minutes(10))) struct ModuleResolutionTests {
    private static let files: [String: String] = [
        "Examples/A/Package.swift": """
        // swift-tools-version:6.2
        import PackageDescription

        let package = Package(
            name: "A",
            targets: [
                .target(name: "Types"),
                .executableTarget(name: "AppA", dependencies: ["Types"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """,
        "Examples/A/Sources/Types/Types.swift": "/// A's types.\npublic struct Shape {}\n",
        "Examples/A/Sources/AppA/main.swift":
            "import FoundationModels\nimport Mystery\nimport Types\n\nprint(Shape())\n",
        "Examples/B/Package.swift": """
        // swift-tools-version:6.2
        import PackageDescription

        let package = Package(
            name: "B",
            targets: [
                .target(name: "Types"),
                .target(name: "_Internal"),
                .target(name: "CShim"),
                .executableTarget(name: "AppB", dependencies: ["Types", "CShim"]),
            ],
            swiftLanguageModes: [.v6]
        )

        """,
        "Examples/B/Sources/Types/Types.swift": "/// B's types.\npublic struct Color {}\n",
        "Examples/B/Sources/_Internal/Internal.swift": "/// Kept inside B.\npublic let secret = 1\n",
        "Examples/B/Sources/CShim/shim.c": "#include \"shim.h\"\nint shim(void) { return 1; }\n",
        "Examples/B/Sources/CShim/include/shim.h": "int shim(void);\n",
        "Examples/B/Sources/CShim/include/module.modulemap":
            "module CShimMap {\n    header \"shim.h\"\n    export *\n}\n",
        "Examples/B/Sources/AppB/main.swift":
            "import CShimMap\nimport Mystery\nimport Types\nimport _Internal\n\nprint(Color(), shim(), secret)\n",
    ]

    @Test func modulesResolveWithinOneGraphAndEveryFindingIsReal() async throws {
        try await withTemporaryDirectory { directory in
            let repo = directory.appendingPathComponent("repo", isDirectory: true)
            try writeFiles(Self.files, under: repo)
            let run = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            let findings = try jsonObject(run.output)["findings"] as? [[String: Any]] ?? []
            let summary = findings.map { "\($0["rule"] as? String ?? "") \($0["module"] as? String ?? "")" }
            // Types resolves to each example's own target; CShim is known as CShimMap and used; FoundationModels
            // is an SDK module; Mystery is reported once; _Internal is a repository target, not the toolchain's.
            #expect(summary.sorted() == ["undeclared-import _Internal", "unknown-module Mystery"], "\(findings)")
            let undeclared = try #require(findings.first { $0["rule"] as? String == "undeclared-import" })
            #expect(undeclared["file"] as? String == "Examples/B/Sources/AppB/main.swift")
            #expect(undeclared["line"] as? Int == 4)
            let unknown = try #require(findings.first { $0["rule"] as? String == "unknown-module" })
            let message = unknown["message"] as? String ?? ""
            #expect(message.contains("AppA of Examples/A") && message.contains("AppB of Examples/B"), "\(message)")
            #expect(run.status == 1)
        }
    }

    @Test func aCTargetsOwnModuleMapNamesItsModule() throws {
        try withTemporaryDirectorySync { root in
            let include = root.appendingPathComponent("P/Sources/CShim/include")
            try FileManager().createDirectory(at: include, withIntermediateDirectories: true)
            try Data("module CShimMap {\n  header \"shim.h\"\n}\n".utf8).write(
                to: include.appendingPathComponent("module.modulemap"))
            let target = PackageManifest.Target(name: "CShim", type: "regular")
            #expect(TargetLayout(target: target, package: "P", root: root).module == "CShimMap")
            let plain = PackageManifest.Target(name: "Plain", type: "regular")
            #expect(TargetLayout(target: plain, package: "P", root: root).module == "Plain")
        }
    }
}

/// `unused-dependency` stays quiet for deliberate shapes: an aggregator, and a target a build plugin feeds for
/// what the plugin's package provides (and only that: `Mixed`'s own-package dependency is still checked).
@Suite(.timeLimit(.minutes(10))) struct DeliberateDependencyTests {
    private static let files: [String: String] = [
        "Package.swift": """
        // swift-tools-version:6.2
        import PackageDescription

        let package = Package(
            name: "Shapes",
            dependencies: [.package(path: "Kit")],
            targets: [
                .target(name: "Base"),
                .target(name: "Extra"),
                .target(name: "Umbrella", dependencies: ["Base", "Extra"]),
                .target(name: "Linker", dependencies: ["Base"]),
                .target(name: "Generated", dependencies: ["Base"], plugins: [.plugin(name: "Gen")]),
                .target(
                    name: "Mixed", dependencies: ["Base", .product(name: "KitRuntime", package: "Kit")],
                    plugins: [.plugin(name: "KitGen", package: "Kit")]),
                .target(name: "Plain", dependencies: ["Base"]),
                .plugin(name: "Gen", capability: .buildTool()),
            ],
            swiftLanguageModes: [.v6]
        )

        """,
        "Kit/Package.swift": """
        // swift-tools-version:6.2
        import PackageDescription

        let package = Package(
            name: "Kit",
            products: [
                .library(name: "KitRuntime", targets: ["KitRuntime"]),
                .plugin(name: "KitGen", targets: ["KitGen"]),
            ],
            targets: [
                .target(name: "KitRuntime"),
                .plugin(name: "KitGen", capability: .buildTool()),
            ],
            swiftLanguageModes: [.v6]
        )

        """,
        "Kit/Sources/KitRuntime/KitRuntime.swift": "/// What generated sources use.\npublic let runtime = 5\n",
        "Kit/Plugins/KitGen/KitGen.swift": "import PackagePlugin\n",
        "Sources/Mixed/Mixed.swift": "/// Uses nothing it declares.\npublic let mixed = 6\n",
        "Sources/Base/Base.swift": "/// The base.\npublic let base = 1\n",
        "Sources/Extra/Extra.swift": "/// More.\npublic let extra = 2\n",
        "Sources/Umbrella/Umbrella.swift":
            "// Re-exports the base.\n/* the rest is linked */\n@_exported import Base\n",
        "Sources/Linker/Linker.swift": "",
        "Sources/Generated/Generated.swift": "/// Beside the generated sources.\npublic let generated = 3\n",
        "Sources/Plain/Plain.swift": "/// Uses nothing.\npublic let plain = 4\n",
        "Plugins/Gen/Gen.swift": "import PackagePlugin\n",
    ]

    @Test func anAggregatorAndWhatAPluginsPackageProvidesAreNotUnusedButTheRestIs() async throws {
        try await withTemporaryDirectory { directory in
            let repo = directory.appendingPathComponent("repo", isDirectory: true)
            try writeFiles(Self.files, under: repo)
            let run = await runModules(
                ["lint", "--json", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(run.status == 0, "\(run.errorOutput)")
            let findings = try jsonObject(run.output)["findings"] as? [[String: Any]] ?? []
            #expect(Set(findings.map { $0["rule"] as? String }) == ["unused-dependency"], "\(findings)")
            let unused = findings.map { "\($0["target"] as? String ?? "-") \($0["module"] as? String ?? "-")" }
            #expect(unused.sorted() == ["Mixed Base", "Plain Base"], "\(findings)")
        }
    }

    @Test func pluginUsagesAreRead() throws {
        let json = #"""
            {"name": "P", "dependencies": [], "products": [],
             "targets": [{"name": "A", "type": "regular", "dependencies": [],
                          "pluginUsages": [{"plugin": ["Gen", null]}, {"plugin": ["Lint", "tools"]}]}]}
            """#
        #expect(
            try DumpPackageDecoder.decode(Data(json.utf8)).targets.first?.plugins == [
                .init(name: "Gen"), .init(name: "Lint", package: "tools"),
            ])
    }
}
