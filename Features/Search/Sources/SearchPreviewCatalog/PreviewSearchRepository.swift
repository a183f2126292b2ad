import FeaturePreview
import Foundation
import Models
import Networking
import Search

/// The catalog as a preview holds it: searches match the products' titles (case-insensitively), pages of the
/// request's size; or every call waits forever, or fails offline, or answers from the saved products only.
struct PreviewSearchRepository: SearchRepository {
    /// How the server answers.
    enum Answer: Sendable, Equatable {
        /// From the products, as the server would.
        case server
        /// From the products, as the saved copies answer while offline.
        case saved
        /// Never (the request is still on its way).
        case pending
        /// Not connected to the internet, nothing saved.
        case offline
    }

    let products: [ProductSummary]
    var answer = Answer.server
    /// The total the server claims (more than `products` for a long list); nil for the matches' count.
    var claimedTotal: Int?

    func search(_ request: SearchRequest) async throws -> SearchPage {
        let source = try await source()
        let needle = request.query.lowercased()
        let matches = products.filter { $0.title.lowercased().contains(needle) }
        let start = min(request.offset, matches.count)
        let end = min(start + request.limit, matches.count)
        let page = OffsetPage(
            items: Array(matches[start..<end]), offset: request.offset, total: claimedTotal ?? matches.count)
        return SearchPage(results: page, source: source)
    }

    func product(id: ProductID) async throws -> ProductDetail {
        let source = try await source()
        guard let product = products.first(where: { $0.id == id }) else {
            throw SearchError.unexpected(reason: "no product \(id) in the preview")
        }
        return ProductDetail(summary: product, description: PreviewProducts.description(of: product), source: source)
    }

    private func source() async throws -> DataSource {
        switch answer {
        case .server: return .server
        case .saved: return .saved
        case .pending: return try await PreviewData.pending()
        case .offline: throw SearchError.api(.transport(.notConnectedToInternet))
        }
    }
}

/// The preview's products: fixed titles, prices and availabilities, so every run shows the same.
enum PreviewProducts {
    static let materials = ["Brass", "Oak", "Linen", "Stoneware", "Cork", "Walnut", "Wool", "Glass"]
    static let things = ["reading lamp", "desk", "cushion", "bowl", "vase", "shelf", "throw", "carafe"]
    static let availabilities: [Availability] = [.inStock, .inStock, .lowStock, .outOfStock, .preorder]

    /// 64 products: every material with every thing.
    static let all: [ProductSummary] = materials.enumerated().flatMap { materialIndex, material in
        things.enumerated().map { thingIndex, thing in
            let number = materialIndex * things.count + thingIndex + 1
            return ProductSummary(
                id: ProductID(rawValue: "sku_\(number)"), title: "\(material) \(thing)",
                price: Money(amountMinor: Int64(1_990 + number * 725), currency: .eur),
                availability: availabilities[number % availabilities.count], imageURL: nil,
                rating: number.isMultiple(of: 4) ? nil : Double(number % 5) + 0.5)
        }
    }

    /// 40 desks with long titles.
    static let longTitles: [ProductSummary] = (0..<40).map { index in
        ProductSummary(
            id: ProductID(rawValue: "long-\(index)"),
            title: "Hand-finished solid oak writing desk with two drawers and brass handles, model \(index)",
            price: Money(amountMinor: 129_900 + Int64(index), currency: .eur),
            availability: index.isMultiple(of: 3) ? .outOfStock : .inStock, imageURL: nil)
    }

    /// A product's description: a sentence, or twenty for the long one.
    static func description(of product: ProductSummary) -> String {
        let sentence = "\(product.title), made by hand in a small workshop; it ships in recycled packaging. "
        return product.id == "sku_1" ? String(repeating: sentence, count: 20) : sentence
    }
}
