import Foundation
import Testing

@testable import ModulesKit

@Suite(.timeLimit(.minutes(10))) struct DumpPackageDecoderTests {
    @Test func findsTheManifestAfterWarningsAndBeforeTrailingText() throws {
        let manifest = try DumpPackageDecoder.decode(try sample("dump-package-after-warnings.txt"))
        #expect(manifest.name == "Alpha")
        #expect(manifest.toolsVersion == "6.2.0")
        #expect(manifest.dependencies.map(\.identity) == ["b", "missing"])
        #expect(manifest.dependencies.first?.kind == .fileSystem)
        #expect(manifest.dependencies.first?.path == "/tmp/dp/B")
        #expect(manifest.products.map(\.name) == ["A", "a-tool"])
        #expect(manifest.products.map(\.type) == ["library", "executable"])
        let target = try #require(manifest.targets.first)
        #expect(
            target.dependencies == [
                .init(kind: .product, name: "B", package: "B"),
                .init(kind: .byName, name: "Bee"),
            ])
        #expect(manifest.targets.map(\.type) == ["regular", "executable", "test"])
    }

    @Test func skipsBracesInsideStrings() throws {
        let text = """
            note: {"not": "a manifest"
            {"name": "P}{", "dependencies": [], "products": [], "targets": [], "x": "\\"}"}
            """
        #expect(try DumpPackageDecoder.decode(Data(text.utf8)).name == "P}{")
    }

    @Test func explainsOutputWithoutAManifest() {
        let error = #expect(throws: DumpPackageDecoder.NoManifestFound.self) {
            try DumpPackageDecoder.decode(Data("warning: nothing here\n".utf8))
        }
        #expect(error?.description.contains("warning: nothing here") == true)
    }

    @Test func condensesSwiftPMErrors() {
        let message = """
            error: 'd': Invalid manifest (compiled with: ["/opt/swift/usr/bin/swiftc", "-vfsoverlay"])
            /tmp/d/Package.swift:4:1: error: expected expression in container literal

            """
        let condensed = ManifestLoader.condense(message).split(separator: "\n")
        #expect(condensed.first == "error: 'd': Invalid manifest")
        #expect(condensed.last == "/tmp/d/Package.swift:4:1: error: expected expression in container literal")
        #expect(condensed.count == 2)
    }
}
