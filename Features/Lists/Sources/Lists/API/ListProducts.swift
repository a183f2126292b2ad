import FeatureKit
import Foundation
import Models
import Networking

/// The contract's `Product` as far as a list needs it to hand products to the cart: `GET /v1/products/{id}` (no
/// authentication; openapi.yaml), decoded with the shared decoder (`APIJSON`, snake_case keys). Fields a list does
/// not show (`description`, `rating`) are not read.
struct ListProductDTO: Decodable, Sendable {
    /// `id`: a string or a number on the wire.
    let id: ProductID
    /// `title`.
    let title: String
    /// `price`: `{"amount_minor": Int, "currency": "EUR"}`.
    let price: Money
    /// `availability`, kept as the wire string (`Availability(wireValue:)` keeps unknown values).
    let availability: String?
    /// `image_url`; broken URLs become nil (`ImageURL.parse(_:)`).
    let imageUrl: String?
}

/// Looks products up for "add the list to the cart".
struct ListProductLookup: Sendable {
    let client: APIClient

    /// The product `id` as the server has it now.
    ///
    /// - Throws: `APIError` (404 `not_found` for a product that is gone), `ListsCommandError.badProduct` for an
    ///   answer with a blank title or a negative price.
    func product(_ id: ProductID) async throws -> ProductSummary {
        let answer: ListProductDTO = try await client.send(
            Endpoint(.get, "/v1/products/\(id.rawValue)", authentication: .none))
        let title = answer.title.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !title.isEmpty, answer.price.amountMinor >= 0 else {
            throw ListsCommandError.badProduct(id.rawValue)
        }
        return ProductSummary(
            id: answer.id, title: title, price: answer.price,
            availability: Availability(wireValue: answer.availability ?? ""), imageURL: ImageURL.parse(answer.imageUrl))
    }
}
