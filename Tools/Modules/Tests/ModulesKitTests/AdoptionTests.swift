import Foundation
import Testing

@testable import ModulesKit

/// Adopting `modules` on an existing repository: no modules.json, external dependencies, rule settings,
/// suppression comments and a baseline.
@Suite(.timeLimit(.minutes(10))) struct AdoptionTests {
    /// The `Remote` fixture (no modules.json; an external package pinned in Package.resolved), copied.
    private func remote(in directory: URL, withCheckout: Bool = false) throws -> URL {
        let repo = try Fixtures.copy("Remote", into: directory)
        if withCheckout {
            let checkouts = repo.appendingPathComponent(".build/checkouts", isDirectory: true)
            try FileManager().createDirectory(at: checkouts, withIntermediateDirectories: true)
            try FileManager().copyItem(
                at: Fixtures.directory.appendingPathComponent("RemoteCheckouts/swift-widgets"),
                to: checkouts.appendingPathComponent("swift-widgets"))
        }
        return repo
    }

    private func append(_ text: String, to file: String, in repo: URL) throws {
        let url = repo.appendingPathComponent(file)
        let old = try String(contentsOf: url, encoding: .utf8)
        try Data((old + text).utf8).write(to: url)
    }

    private func lint(_ repo: URL, _ directory: URL, _ extra: [String] = []) async throws -> (Int32, [String: Any]) {
        let run = await runModules(
            ["lint", "--json", "--repo", repo.path] + extra, in: repo, runner: liveRunner(directory))
        return (run.status, try jsonObject(run.output))
    }

    private func findings(_ report: [String: Any]) -> [[String: Any]] {
        report["findings"] as? [[String: Any]] ?? []
    }

    @Test func correctImportsOfAnExternalProductPassWithoutModulesJSON() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 0, "\(report)")
            #expect(findings(report).isEmpty, "\(findings(report))")
        }
    }

    @Test func anImplicitImportOfAnExternalProductIsReportedWithWhoDeclaresIt() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            try append("import Widgets\n", to: "Sources/AppSupport/Support.swift", in: repo)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 1)
            let finding = try #require(findings(report).first)
            #expect(findings(report).count == 1, "\(findings(report))")
            #expect(finding["rule"] as? String == "undeclared-import")
            #expect(finding["target"] as? String == "AppSupport")
            #expect(finding["file"] as? String == "Sources/AppSupport/Support.swift")
            #expect(finding["line"] as? Int == 5)
            let message = finding["message"] as? String ?? ""
            #expect(message.contains("implicit import"))
            #expect(message.contains("only App declares it"))
            #expect(message.contains(#".product(name: "Widgets", package: "swift-widgets")"#))
        }
    }

    @Test func anUnknownModuleIsReportedOnceSayingWhereTheToolLooked() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            try append("import WidgetsCore\n", to: "Sources/AppSupport/Support.swift", in: repo)
            try append("import WidgetsCore\n", to: "Sources/App/main.swift", in: repo)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 0, "unknown-module is a warning by default")
            let unknown = findings(report).filter { $0["rule"] as? String == "unknown-module" }
            #expect(unknown.count == 1, "\(findings(report))")
            let message = unknown.first?["message"] as? String ?? ""
            #expect(message.contains("imported by App of ., AppSupport of ."))
            #expect(message.contains("swift-widgets 1.2.0, no checkout"))
            #expect(message.contains("Package.resolved: Package.resolved"))
            #expect(message.contains(".build/checkouts"))

            // With the checkout, the product's second module is known: App's import is declared, AppSupport's is
            // an implicit import.
            let checkouts = repo.appendingPathComponent(".build/checkouts", isDirectory: true)
            try FileManager().createDirectory(at: checkouts, withIntermediateDirectories: true)
            try FileManager().copyItem(
                at: Fixtures.directory.appendingPathComponent("RemoteCheckouts/swift-widgets"),
                to: checkouts.appendingPathComponent("swift-widgets"))
            let (again, resolved) = try await lint(repo, directory)
            #expect(again == 1)
            #expect(findings(resolved).map { $0["rule"] as? String } == ["undeclared-import"])
            #expect(findings(resolved).first?["target"] as? String == "AppSupport")
        }
    }

    @Test func ruleSettingsChangeSeverityOrSwitchARuleOff() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            try append("import Widgets\n", to: "Sources/AppSupport/Support.swift", in: repo)
            let config = repo.appendingPathComponent("modules.json")
            try Data(#"{"rules": {"undeclared-import": "warning", "remote-dependency": "error"}}"#.utf8).write(
                to: config)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 1, "remote-dependency is switched on")
            let rules = findings(report).map { "\($0["rule"] ?? "") \($0["severity"] ?? "")" }.sorted()
            #expect(rules == ["remote-dependency error", "undeclared-import warning"])

            try Data(#"{"rules": {"undeclared-import": "off"}}"#.utf8).write(to: config)
            let (quiet, none) = try await lint(repo, directory)
            #expect(quiet == 0)
            #expect(findings(none).isEmpty)

            try Data(#"{"rules": {"undeclared-imports": "off"}}"#.utf8).write(to: config)
            let typo = await runModules(["lint", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(typo.status == 65)
            #expect(typo.errorOutput.contains("unknown rule 'undeclared-imports'"))
        }
    }

    @Test func aSuppressionCommentHidesItsLineOnlyAndOnlyForTheRulesItNames() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            try append(
                "import Widgets  // modules:ignore undeclared-import -- moving to App next sprint\nimport Store\n",
                to: "Sources/AppSupport/Support.swift", in: repo)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 1)
            #expect(findings(report).map { $0["module"] as? String } == ["Store"])
            #expect(report["suppressedCount"] as? Int == 1)

            try append("import Store // modules:ignore unused-dependency\n", to: "Sources/App/main.swift", in: repo)
            let other = try await lint(repo, directory)
            #expect(
                findings(other.1).map { $0["module"] as? String } == ["Store"], "another rule's comment hides nothing")
        }
    }

    @Test func aBaselineHidesTheAcceptedFindingsAndReportsNewOnes() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try remote(in: directory)
            try append("import Widgets\n", to: "Sources/AppSupport/Support.swift", in: repo)
            let written = await runModules(
                ["lint", "--write-baseline", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(written.status == 0, "\(written.output)\(written.errorOutput)")
            #expect(written.errorOutput.contains("wrote 1 finding to"))
            #expect(written.output.contains("(1 in the baseline)"))
            let baseline = try Baseline.load(from: repo.appendingPathComponent("modules-baseline.json"))
            #expect(baseline.findings.map(\.rule) == ["undeclared-import"])

            // Moving the line does not make it new; another import does.
            let file = repo.appendingPathComponent("Sources/AppSupport/Support.swift")
            let text = try String(contentsOf: file, encoding: .utf8)
            try Data(("// moved down\n" + text + "import Store\n").utf8).write(to: file)
            let (status, report) = try await lint(repo, directory)
            #expect(status == 1)
            #expect(findings(report).map { $0["module"] as? String } == ["Store"])
            #expect(report["baselinedCount"] as? Int == 1)

            let (all, everything) = try await lint(repo, directory, ["--no-baseline"])
            #expect(all == 1)
            #expect(findings(everything).count == 2)

            // Fixing the accepted finding leaves a stale entry, and the summary says to rewrite the baseline.
            try Data(("import Foundation\n").utf8).write(to: file)
            let fixed = await runModules(["lint", "--repo", repo.path], in: repo, runner: liveRunner(directory))
            #expect(fixed.status == 0)
            #expect(fixed.output.contains("1 baseline entry no longer found (run --write-baseline)"))
        }
    }

    @Test func sdkModulesOfEveryPlatformAreKnown() {
        let modules = liveToolchain.modules()
        for name in ["SwiftUI", "UIKit", "AppKit", "Combine", "Foundation", "Glibc", "Darwin", "WinSDK", "Android"] {
            #expect(Toolchain.isToolchainModule(name, in: modules), "\(name)")
        }
        #expect(!Toolchain.isToolchainModule("Widgets", in: modules))
    }

    /// The frameworks Swift packages commonly import are Apple SDK modules, and the Apple-only ones are no module
    /// of the toolchain or of another platform's SDK (an import of one is read only under `#if os(…)` or
    /// `canImport` for an Apple platform).
    @Test func commonAppleFrameworksAreKnownAndAppleOnly() {
        let apple = Toolchain.platformModules["Apple platforms"] ?? []
        let elsewhere = Toolchain.platformModules.filter { $0.key != "Apple platforms" }.values
            .reduce(into: Toolchain.coreModules) { $0.formUnion($1) }
        let appleOnly = [
            "UIKit", "AppKit", "SwiftUI", "Combine", "CoreData", "SwiftData", "Cocoa", "CoreGraphics", "QuartzCore",
            "CoreText", "CoreImage", "ImageIO", "Metal", "MetalKit", "AVFoundation", "AVKit", "WebKit",
            "SafariServices", "UserNotifications", "StoreKit", "StoreKitTest", "Security", "CryptoKit",
            "LocalAuthentication", "AuthenticationServices", "Network", "CoreLocation", "MapKit", "Photos", "PhotosUI",
            "UniformTypeIdentifiers", "MobileCoreServices", "OSLog", "WidgetKit", "AppIntents", "ActivityKit",
            "Charts", "TipKit", "CloudKit", "CoreBluetooth", "CoreMotion", "HealthKit", "GameKit",
            "SpriteKit", "SceneKit", "ARKit", "RealityKit", "Vision", "CoreML", "NaturalLanguage", "Speech",
            "PassKit", "MessageUI", "Contacts", "EventKit", "QuickLook", "PDFKit", "SystemConfiguration",
            "ApplicationServices", "CoreServices", "IOKit", "System", "TabularData", "XCUIAutomation",
            "FoundationModels", "Accelerate", "simd", "ObjectiveC",
        ]
        for name in appleOnly {
            #expect(apple.contains(name), "\(name) is an Apple SDK module")
            #expect(!elsewhere.contains(name), "\(name) is Apple-only")
        }
        // The toolchain's own, on every platform (Swift's Observation and corelibs' CoreFoundation).
        #expect(Toolchain.coreModules.isSuperset(of: ["Observation", "CoreFoundation", "Foundation", "Dispatch"]))
    }

    @Test func suppressionCommentsAreReadOnlyInComments() {
        #expect(Suppressions.rules(in: "import X // modules:ignore") == [])
        #expect(Suppressions.rules(in: "import X // modules:ignore a, b -- why") == ["a", "b"])
        #expect(Suppressions.rules(in: "import X") == nil)
        #expect(Suppressions.rules(in: "let s = \"modules:ignore\"") == nil)
    }
}
