import FeatureKit
import Foundation
import TestSupport
import Testing

@testable import Lists

/// The `storefront lists …` commands in-process: product names and prices, duplicate titles, product ids checked
/// when added, and what the cart took.
@MainActor
@Suite(.timeLimit(.minutes(1))) struct ListsCommandTests {
    @Test func showNamesProductsAndKeepsTheLastKnownNamesOffline() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_1": .product(title: "Bananas", priceMinor: 199), "sku_2": .offline])
            let harness = CommandHarness(directory: directory, catalog: catalog)
            #expect(try await harness.run("lists new", "Party").code == .success)
            #expect(try await harness.run("lists add", "Party", "sku_1", "--quantity", "2").code == .success)
            #expect(try await harness.run("lists add", "Party", "sku_2").code == .success)
            catalog.set("sku_2", .notFound)
            let shown = try await harness.run("lists show", "Party")
            #expect(shown.code == .success, "\(shown)")
            #expect(shown.output.contains("1. [ ] Bananas · 1.99 EUR (sku_1) × 2"), "\(shown.output)")
            #expect(shown.output.contains("2. [ ] sku_2 (unknown product) × 1"), "\(shown.output)")
            #expect(shown.errors.contains("sku_2 (added offline) is not in the catalog"), "\(shown.errors)")

            catalog.set("sku_1", .offline)
            catalog.set("sku_2", .offline)
            let offline = try await harness.run("lists show", "Party", "--json")
            #expect(offline.output.contains(#""status":"cached""#), "\(offline.output)")
            #expect(offline.output.contains(#""title":"Bananas""#), "\(offline.output)")
            #expect(offline.errors.contains("names and prices as last known"), "\(offline.errors)")
        }
    }

    @Test func duplicateTitlesAreShownWithTheirFoldersAndNeverPickedSilently() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_1": .product(title: "Bananas", priceMinor: 199)])
            let harness = CommandHarness(directory: directory, catalog: catalog)
            #expect(try await harness.run("lists new", "Groceries").code == .success)
            #expect(try await harness.run("lists new", "groceries").code == .success, "titles differing in case only")
            let listed = try await harness.run("lists")
            #expect(listed.output.contains("Groceries [Groceries] — "), "\(listed.output)")
            #expect(listed.output.contains("groceries [groceries] — "), "\(listed.output)")

            for command in ["lists show", "lists delete", "lists to-cart"] {
                let ambiguous = try await harness.run(command, "Groceries")
                #expect(ambiguous.code == .usage, "\(command): \(ambiguous)")
                #expect(
                    ambiguous.errors.contains(#"name one by its folder, "Groceries.sflist", "groceries.sflist""#),
                    "\(ambiguous.errors)")
            }
            let added = try await harness.run("lists add", "GROCERIES", "sku_1")
            #expect(added.code == .usage, "\(added)")
            #expect(catalog.calls("sku_1") == 0, "an ambiguous list is refused before the catalog is asked")

            let byFolder = try await harness.run("lists add", "groceries.sflist", "sku_1")
            #expect(byFolder.code == .success, "\(byFolder)")
            #expect(byFolder.output.contains("Bananas · 1.99 EUR (sku_1) × 1 to groceries "), "\(byFolder.output)")
            #expect(try await harness.run("lists show", "nothing.sflist").code == .failure)
        }
    }

    @Test func addRefusesAnUnknownProductAndAcceptsAnUncheckedOneOffline() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_nope": .notFound, "sku_later": .offline])
            let harness = CommandHarness(directory: directory, catalog: catalog)
            _ = try await harness.run("lists new", "Party")
            let refused = try await harness.run("lists add", "Party", "sku_nope", "--json")
            #expect(refused.code == .failure, "\(refused)")
            #expect(refused.output.contains(#""code":"unknown_product""#), "\(refused.output)")
            #expect(try await harness.run("lists show", "Party").output.contains("No items."))

            let offline = try await harness.run("lists add", "Party", "sku_later")
            #expect(offline.code == .success, "\(offline)")
            #expect(offline.errors.contains("sku_later could not be checked"), "\(offline.errors)")
            #expect(harness.entry.productNames.unchecked == ["sku_later"])
        }
    }

    @Test func toCartReportsWhatTheCartTookAtMost99ALine() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble([
                "sku_big": .product(title: "Rice", priceMinor: 150),
                "sku_1": .product(title: "Bananas", priceMinor: 199),
            ])
            let harness = CommandHarness(directory: directory, catalog: catalog)
            _ = try await harness.run("lists new", "Party")
            _ = try await harness.run("lists add", "Party", "sku_big", "--quantity", "9999")
            _ = try await harness.run("lists add", "Party", "sku_1", "--quantity", "2")
            let put = try await harness.run("lists to-cart", "Party", "--json")
            #expect(put.code == .failure, "something was refused: \(put)")
            #expect(harness.cartRequests.map(\.quantity) == [99, 2])
            #expect(put.output.contains(#""refused":[{"product_id":"sku_big","quantity":9900}]"#), "\(put.output)")
            #expect(put.errors.contains("sku_big: 9900 refused, the cart keeps at most 99 a line"), "\(put.errors)")
        }
    }
}
