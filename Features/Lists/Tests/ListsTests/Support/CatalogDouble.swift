import FeatureKit
import Foundation
import Lists
import Models
import Synchronization
import Testing

/// A product catalog that answers only what a test set up: each id is a product, "not found" or "offline";
/// a lookup of any other id records an issue (and fails). It counts the lookups of each id.
final class CatalogDouble: Sendable {
    /// What the catalog answers for one id.
    enum Answer: Sendable {
        case product(title: String, priceMinor: Int64)
        case notFound
        case offline
    }

    /// A catalog failure with the code the app's errors carry (`not_found`, `offline`).
    struct Failure: Error, UserFacingError {
        let errorCode: String
        var userFacingDescription: String { "catalog failure (\(errorCode))" }
    }

    private let state: Mutex<(answers: [String: Answer], calls: [String: Int])>

    init(_ answers: [String: Answer]) {
        state = Mutex((answers, [:]))
    }

    /// Changes the answer for `id` (the network comes back, a product is withdrawn).
    func set(_ id: String, _ answer: Answer) {
        state.withLock { $0.answers[id] = answer }
    }

    /// How many times `id` was looked up.
    func calls(_ id: String) -> Int {
        state.withLock { $0.calls[id] ?? 0 }
    }

    /// The lookup, for `ProductNames` and `ProductCatalog`.
    var lookUp: ProductLookup {
        { [self] id in
            let answer = state.withLock { state -> Answer? in
                state.calls[id.rawValue, default: 0] += 1
                return state.answers[id.rawValue]
            }
            switch answer {
            case .product(let title, let priceMinor):
                return ProductSummary(
                    id: id, title: title, price: Money(amountMinor: priceMinor, currency: try Currency(code: "EUR")),
                    availability: .inStock, imageURL: nil)
            case .notFound: throw Failure(errorCode: "not_found")
            case .offline: throw Failure(errorCode: "offline")
            case nil:
                Issue.record("unexpected catalog lookup of \(id.rawValue)")
                throw Failure(errorCode: "unexpected")
            }
        }
    }

    /// Product names cached in `directory`, looked up here.
    func names(in directory: URL) -> ProductNames {
        ProductNames(file: directory.appendingPathComponent("products.json"), lookUp: lookUp)
    }
}
