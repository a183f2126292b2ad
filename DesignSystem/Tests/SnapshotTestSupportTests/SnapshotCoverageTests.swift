import Foundation
import SnapshotTestSupport
import Testing

/// The contract check every feature's snapshot tests run: a destination without a snapshot, a state that stops short
/// of one of the four layouts, and a destination its tests name no screen for each fail with the feature, the
/// destination and the missing layout in the message.
@Suite("Snapshot coverage of an entry's destinations", .timeLimit(.minutes(1)))
struct SnapshotCoverageTests {
    static let layouts = SnapshotLayout.everyScreen.map(\.description)
    static let cart = SnapshotCoverage.Destination(link: "storefront://cart", screen: "Cart")
    static let list = SnapshotCoverage.Destination(link: "storefront://lists/NAME", screen: "List")

    /// The files of `screen` in `states`, each at every layout.
    static func files(_ screen: String, _ states: [String]) -> [String] {
        states.flatMap { state in layouts.map { "\(screen).\(state).\($0).snap" } }
    }

    @Test("every state of every destination at the four layouts is covered; other files are ignored")
    func covered() {
        let names = Self.files("Cart", ["empty", "loaded"]) + Self.files("List", ["long"]) + ["Cart.80x24.txt"]
        #expect(
            SnapshotCoverage.problems(feature: "checkout", destinations: [Self.cart, Self.list], fileNames: names)
                .isEmpty)
    }

    @Test("a state missing one layout names the feature, the destination, the state and the layout")
    func missingLayout() {
        let names = Self.files("Cart", ["empty", "loaded"]).filter { $0 != "Cart.loaded.40x12.none.snap" }
        #expect(
            SnapshotCoverage.problems(feature: "checkout", destinations: [Self.cart], fileNames: names) == [
                "checkout: destination storefront://cart, state loaded, has no snapshot at 40x12.none "
                    + "(Cart.loaded.40x12.none.snap)"
            ])
    }

    @Test("a destination without a snapshot, or without a screen name, is named with every layout")
    func missingDestination() {
        let orders = SnapshotCoverage.Destination(link: "storefront://orders", screen: nil)
        // `Lists.…` files are another screen's: they do not cover `List`.
        let names = Self.files("Lists", ["loaded"]) + Self.files("Cart", ["loaded"])
        let every = "80x24.none, 120x40.none, 40x12.none, 120x40.256"
        #expect(
            SnapshotCoverage.problems(feature: "lists", destinations: [Self.list, orders, Self.cart], fileNames: names)
                == [
                    "lists: destination storefront://lists/NAME has no snapshot at any size (\(every)): "
                        + "no List.<state>.<layout>.snap",
                    "lists: destination storefront://orders has no snapshot at any size (\(every)): "
                        + "its tests name no screen for it",
                ])
    }

    @Test("expectSnapshotCoverage reads the Snapshots folder beside the file it is given")
    func throughFilePath() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
            "SnapshotCoverageTests-\(UUID().uuidString)")
        let folder = directory.appendingPathComponent("Snapshots")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        for name in Self.files("Cart", ["loaded"]) {
            try Data("x\n".utf8).write(to: folder.appendingPathComponent(name))
        }
        let testFile = directory.appendingPathComponent("CartTests.swift").path
        let screens = ["storefront://cart": "Cart", "storefront://lists/NAME": "List"]
        expectSnapshotCoverage(
            feature: "checkout", destinations: ["storefront://cart"], screens: screens, filePath: testFile)
        withKnownIssue("the list has no snapshot in that folder") {
            expectSnapshotCoverage(
                feature: "lists", destinations: ["storefront://lists/NAME"], screens: screens, filePath: testFile)
        }
    }
}
