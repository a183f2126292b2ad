import Foundation
import Models

extension ProductDTO {
    /// The domain value, or why this product cannot be shown: a blank title or a negative price. Everything else
    /// is tolerated: a broken or missing image URL becomes nil (`ImageURL.parse(_:)`), a missing availability is
    /// `.unknown("")`, a rating outside 0...5 (or not finite) is dropped.
    func summary() -> Result<ProductSummary, ProductMappingProblem> {
        let title = title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty else { return .failure(ProductMappingProblem(id: id, reason: "the title is blank")) }
        guard price.amountMinor >= 0 else {
            return .failure(ProductMappingProblem(id: id, reason: "the price \(price) is negative"))
        }
        let validRating = rating.flatMap { $0.isFinite && (0...5).contains($0) ? $0 : nil }
        return .success(
            ProductSummary(
                id: id,
                title: title,
                price: price,
                availability: Availability(wireValue: availability ?? ""),
                imageURL: ImageURL.parse(imageUrl),
                rating: validRating
            )
        )
    }
}

/// Why a decoded product was left out: its id and a sentence for the log.
struct ProductMappingProblem: Error, Sendable, Hashable, CustomStringConvertible {
    /// The product's id.
    let id: ProductID
    /// What is wrong with it.
    let reason: String

    var description: String { "product \(id): \(reason)" }
}
