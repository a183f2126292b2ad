import FeatureKit
import Foundation
import Models

/// What Lists can say about a list item's product: its name and price (from the catalog now, or as it last
/// answered), that the catalog does not know it, or nothing yet (never looked up and the catalog unreachable).
public enum ProductLabel: Sendable, Hashable {
    /// The catalog's title and unit price; `isCached` when they are the last known ones (the catalog did not answer).
    case known(title: String, price: Money, isCached: Bool)
    /// The catalog answered that no such product exists (`not_found`).
    case unknown
    /// Never looked up successfully and the catalog cannot be reached now (or the app has no catalog).
    case notChecked

    /// `Bananas · 1.99 EUR`, `sku_12 (unknown product)`, `sku_12 (not checked yet)`: how screens and
    /// `lists show` name the product `productID`.
    public func text(productID: String) -> String {
        switch self {
        case .known(let title, let price, _): "\(title) · \(price)"
        case .unknown: "\(productID) (unknown product)"
        case .notChecked: "\(productID) (not checked yet)"
        }
    }
}

/// What a catalog check of one product id found.
public enum ProductCheck: Sendable, Hashable {
    /// The catalog knows it.
    case known(ProductSummary)
    /// The catalog answered that it does not exist; `reason` is its message.
    case unknown(reason: String)
    /// The catalog could not be asked (offline, a server failure, no catalog in this app); `reason` says why.
    case unreachable(reason: String)
}

/// The product names and prices Lists shows, looked up through the catalog capability (`ProductCatalog`) and kept in
/// a JSON file (`lists-products.json` in the account's cache folder) so that an offline Lists tab still shows the last
/// known name and price. The file also holds the ids added while the catalog could not be reached: they are checked
/// on the next lookup that reaches it.
///
/// File shape: `{"products": {"<id>": {"title": String, "price": Money} | {"unknown": true}}, "unchecked": [id]}`.
/// An unreadable file counts as empty (it is a cache); writes replace it atomically. Two processes writing at once:
/// the last write wins, which loses at most cached names, never list content.
public struct ProductNames: Sendable {
    /// Where the cache is.
    public let file: URL
    /// The catalog's lookup, or nil when the app has none (then only cached names are shown).
    public let lookUp: ProductLookup?

    /// The cache at `file`, refreshed through `lookUp`.
    public init(file: URL, lookUp: ProductLookup?) {
        self.file = file
        self.lookUp = lookUp
    }

    /// What one lookup pass found.
    public struct Report: Sendable, Hashable {
        /// The label of every id asked for.
        public var labels: [String: ProductLabel] = [:]
        /// Ids added while offline that the catalog now says do not exist.
        public var uncheckedFoundUnknown: [String] = []
        /// Whether some lookup could not reach the catalog.
        public var wasUnreachable = false
    }

    /// Looks up every id of `productIDs` (each once, in order) and the ids waiting to be checked; updates the cache
    /// and returns the labels. Blocking file I/O: call it off the main actor for screens.
    public func refresh(_ productIDs: [String]) async -> Report {
        var stored = read()
        var report = Report()
        var seen = Set<String>()
        var fresh = Set<String>()
        let pending = stored.unchecked
        for id in productIDs + pending where seen.insert(id).inserted {
            switch await check(id) {
            case .known(let product):
                stored.products[id] = Entry(title: product.title, price: product.price, unknown: nil)
                stored.unchecked.removeAll { $0 == id }
                fresh.insert(id)
            case .unknown:
                stored.products[id] = Entry(title: nil, price: nil, unknown: true)
                if stored.unchecked.contains(id) { report.uncheckedFoundUnknown.append(id) }
                stored.unchecked.removeAll { $0 == id }
            case .unreachable:
                report.wasUnreachable = true
            }
        }
        for id in productIDs { report.labels[id] = stored.label(id, cached: !fresh.contains(id)) }
        write(stored)
        return report
    }

    /// The cached labels of `productIDs` without asking the catalog.
    public func cachedLabels(_ productIDs: [String]) -> [String: ProductLabel] {
        let stored = read()
        return Dictionary(
            productIDs.map { ($0, stored.label($0, cached: true)) }, uniquingKeysWith: { first, _ in first })
    }

    /// Asks the catalog about `productID`. A `not_found` answer is `.unknown`; any other failure `.unreachable`.
    public func check(_ productID: String) async -> ProductCheck {
        guard let lookUp else { return .unreachable(reason: "this app has no catalog to look products up in") }
        do {
            return .known(try await lookUp(ProductID(rawValue: productID)))
        } catch {
            let reason = ErrorText.describe(error)
            return Self.notFoundCodes.contains(ErrorText.code(error))
                ? .unknown(reason: reason) : .unreachable(reason: reason)
        }
    }

    /// Records a product the catalog knows (after a check at `lists add`).
    public func remember(_ product: ProductSummary) {
        var stored = read()
        stored.products[product.id.rawValue] = Entry(title: product.title, price: product.price, unknown: nil)
        write(stored)
    }

    /// Marks `productID` to be checked on the next lookup that reaches the catalog.
    public func markUnchecked(_ productID: String) {
        var stored = read()
        if !stored.unchecked.contains(productID) { stored.unchecked.append(productID) }
        write(stored)
    }

    /// The ids waiting to be checked.
    public var unchecked: [String] { read().unchecked }

    /// The error codes that mean "no such product": the API's `not_found` (openapi.yaml, 404) and the category name
    /// an API error without a code falls back to.
    static let notFoundCodes: Set<String> = ["not_found", "notFound"]

    struct Entry: Codable, Hashable {
        var title: String?
        var price: Money?
        var unknown: Bool?
    }

    struct Stored: Codable {
        var products: [String: Entry] = [:]
        var unchecked: [String] = []

        func label(_ id: String, cached: Bool) -> ProductLabel {
            guard let entry = products[id] else { return .notChecked }
            if entry.unknown == true { return .unknown }
            guard let title = entry.title, let price = entry.price else { return .notChecked }
            return .known(title: title, price: price, isCached: cached)
        }
    }

    private func read() -> Stored {
        guard let data = try? Data(contentsOf: file) else { return Stored() }
        return (try? JSONDecoder().decode(Stored.self, from: data)) ?? Stored()
    }

    private func write(_ stored: Stored) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        guard let data = try? encoder.encode(stored) else { return }
        try? FileManager().createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try? data.write(to: file, options: .atomic)
    }
}
