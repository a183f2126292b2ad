import Foundation
import Lists
import Models
import TestSupport
import Testing

/// Product names and prices for list items: looked up through the catalog, kept on disk for offline use, unknown
/// ids marked, ids added offline checked on the next lookup that reaches the catalog.
@Suite(.timeLimit(.minutes(1))) struct ProductNamesTests {
    private func euros(_ minor: Int64) throws -> Money {
        Money(amountMinor: minor, currency: try Currency(code: "EUR"))
    }

    @Test func namesComeFromTheCatalogAndStayKnownOffline() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_1": .product(title: "Bananas", priceMinor: 199), "sku_2": .notFound])
            let names = catalog.names(in: directory)
            let bananas = try euros(199)
            let online = await names.refresh(["sku_1", "sku_2", "sku_1"])
            #expect(online.labels["sku_1"] == .known(title: "Bananas", price: bananas, isCached: false))
            #expect(online.labels["sku_2"] == .unknown)
            #expect(!online.wasUnreachable)
            #expect(catalog.calls("sku_1") == 1, "each id is asked once per pass")

            catalog.set("sku_1", .offline)
            catalog.set("sku_2", .offline)
            // A new process: only the file carries what was learnt.
            let offline = await catalog.names(in: directory).refresh(["sku_1", "sku_2"])
            #expect(offline.labels["sku_1"] == .known(title: "Bananas", price: bananas, isCached: true))
            #expect(offline.labels["sku_2"] == .unknown)
            #expect(offline.wasUnreachable)
            #expect(ProductLabel.unknown.text(productID: "sku_2") == "sku_2 (unknown product)")
            #expect(
                ProductLabel.known(title: "Bananas", price: bananas, isCached: true).text(productID: "sku_1")
                    == "Bananas · 1.99 EUR")
        }
    }

    @Test func aProductNeverLookedUpIsNotCheckedWhileOffline() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_9": .offline])
            let report = await catalog.names(in: directory).refresh(["sku_9"])
            #expect(report.labels["sku_9"] == .notChecked)
            #expect(report.wasUnreachable)
            #expect(catalog.names(in: directory).cachedLabels(["sku_9"]) == ["sku_9": .notChecked])
        }
    }

    @Test func idsAddedOfflineAreCheckedOnTheNextOnlineLookup() async throws {
        try await withTemporaryDirectory { directory in
            let catalog = CatalogDouble(["sku_gone": .offline, "sku_new": .offline])
            let names = catalog.names(in: directory)
            #expect(await names.check("sku_gone") == .unreachable(reason: "catalog failure (offline)"))
            names.markUnchecked("sku_gone")
            names.markUnchecked("sku_new")
            names.markUnchecked("sku_new")
            #expect(names.unchecked == ["sku_gone", "sku_new"])
            // Still offline: they stay to be checked.
            _ = await names.refresh([])
            #expect(names.unchecked == ["sku_gone", "sku_new"])

            catalog.set("sku_gone", .notFound)
            catalog.set("sku_new", .product(title: "Oat milk", priceMinor: 249))
            let oatMilk = try euros(249)
            let report = await names.refresh([])
            #expect(report.uncheckedFoundUnknown == ["sku_gone"])
            #expect(names.unchecked.isEmpty)
            #expect(
                names.cachedLabels(["sku_new"])["sku_new"]
                    == .known(title: "Oat milk", price: oatMilk, isCached: true))
        }
    }

    @Test func anUnreadableCacheCountsAsEmpty() throws {
        try withTemporaryDirectory { directory in
            try Data("not json".utf8).write(to: directory.appendingPathComponent("products.json"))
            let names = CatalogDouble([:]).names(in: directory)
            #expect(names.cachedLabels(["sku_1"]) == ["sku_1": .notChecked])
            #expect(names.unchecked.isEmpty)
        }
    }
}
