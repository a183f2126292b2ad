import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct ConfigurationTests {
    @Test func readsTheRepositoryRules() throws {
        let url = Fixtures.packageDirectory.deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("modules.json")
        let configuration = try ModulesConfiguration.load(from: url)
        let names = configuration.layers.map(\.name)
        #expect(names.first == "app")
        #expect(names.last == "core")
        let app = try #require(configuration.layerIndex(of: "."))
        let feature = try #require(configuration.layerIndex(of: "Features/Feed"))
        let design = try #require(configuration.layerIndex(of: "DesignSystem"))
        let core = try #require(configuration.layerIndex(of: "Core/Logging"))
        #expect(app < feature && feature < design && design < core)
        #expect(configuration.rule(for: "Core/Primitives")?.allowedDependencies == [])
        #expect(configuration.rule(for: "Core/Logging")?.allowedDependencies == [Glob("Core/Primitives")])
        #expect(configuration.rule(for: "Core/TestSupport")?.testOnly == true)
        #expect(configuration.rule(for: "Tools/SampleBackend")?.allowedDependents == [Glob(".")])
        #expect(configuration.isExcluded("Tools/Modules/Fixtures/Clean/Core/Kit"))
        #expect(!configuration.isExcluded("Tools/Modules"))
    }

    @Test func readsTargetLayersAndTheFilesThatAffectEverything() throws {
        let json = #"""
            {"layers": [{"name": "app", "targets": ["App*"]}], "affectsEverything": ["Makefile", "ci/**"]}
            """#
        let configuration = try ModulesConfiguration.parse(Data(json.utf8), path: "modules.json")
        #expect(configuration.targetLayerIndex(of: "AppCore") == 0)
        #expect(configuration.targetLayerIndex(of: "Feed") == nil)
        #expect(configuration.affectsEverything.map(\.pattern) == ["Makefile", "ci/**"])
        let defaults = try ModulesConfiguration.parse(Data("{}".utf8), path: "modules.json")
        #expect(!defaults.affectsEverything.anyMatches("modules.json"), "lint rules change no build")
        #expect(defaults.affectsEverything.anyMatches("Makefile"))
        #expect(defaults.affectsEverything.anyMatches(".github/workflows/modules.yml"))
        #expect(!defaults.affectsEverything.anyMatches("Core/Logging/Package.swift"))
    }

    @Test func rejectsAnUnknownKeyByName() {
        let json = #"{"schemaVersion": 1, "layers": [{"name": "core", "packages": ["Core/*"], "allowPeers": true}]}"#
        let error = #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(json.utf8), path: "modules.json")
        }
        #expect(error?.reason.contains("'allowPeers'") == true)
        #expect(error?.reason.contains("layers[0]") == true)
    }

    @Test func rejectsAWrongTypeWithItsKeyPath() {
        let json = #"{"packages": {"Core/Kit": {"testOnly": "yes"}}}"#
        let error = #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(json.utf8), path: "modules.json")
        }
        #expect(error?.reason.contains("testOnly") == true)
    }

    @Test func rejectsAnotherSchemaVersion() {
        let error = #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(#"{"schemaVersion": 2}"#.utf8), path: "modules.json")
        }
        #expect(error?.reason.contains("schemaVersion 2") == true)
    }

    @Test func rejectsALayerNamedTwice() {
        let json = #"{"layers": [{"name": "core"}, {"name": "core"}]}"#
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data(json.utf8), path: "modules.json")
        }
    }

    @Test func rejectsText() {
        #expect(throws: ConfigurationError.self) {
            try ModulesConfiguration.parse(Data("layers: []".utf8), path: "modules.json")
        }
    }
}
