import Models
import Networking

/// The contract's `Product` as the server sends it, in search results (without `description`) and from
/// `GET /v1/products/{id}` (with it).
///
/// Decoded with the shared decoder (`APIJSON.makeDecoder()`, keys from snake_case), tolerant of what servers do:
/// the id may be a string or a number, `image_url`, `availability`, `rating` and `description` may be missing or
/// null, and an availability this version does not know is kept as a string. A product whose required fields
/// (`id`, `title`, `price`) are missing or malformed fails to decode and is dropped from its page
/// (`LossyArray`), never failing the page. Mapped to domain values once, in `LiveSearchRepository`.
struct ProductDTO: Decodable, Sendable, Hashable {
    /// `id`: a string or a number on the wire.
    let id: ProductID
    /// `title`.
    let title: String
    /// `price`: `{"amount_minor": Int, "currency": "EUR"}`.
    let price: Money
    /// `image_url`: any string; broken URLs become nil when mapped (`ImageURL.parse(_:)`).
    let imageUrl: String?
    /// `availability`: `"in_stock"`, `"low_stock"`, `"out_of_stock"`, `"preorder"` or a newer value.
    let availability: String?
    /// `rating`: the average rating on a 0 to 5 scale.
    let rating: Double?
    /// `description`: only on the product route.
    let description: String?
}

/// The body of `GET /v1/search`: `{"products": [Product], "total": N, "total_is_estimate": B, "offset": N}`.
struct SearchPageDTO: Decodable, Sendable {
    /// `products`: each decoded on its own, so one broken product is dropped, not the page.
    let products: LossyArray<ProductDTO>
    /// `total`: how many products match in all; a lower bound when `totalIsEstimate` is true.
    let total: Int
    /// `total_is_estimate`: true when the server stopped counting (past 1000 matches), so the screen should say
    /// "1,000+ results" rather than an exact number; absent from older servers (read as false).
    let totalIsEstimate: Bool?
    /// `offset`: the position of the first product in the whole result list.
    let offset: Int
}
