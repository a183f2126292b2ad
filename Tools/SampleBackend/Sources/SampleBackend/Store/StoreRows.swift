/// A post row with the reader's like.
struct PostRow: Decodable, Sendable {
    let seq: Int64
    let id: String
    let authorName: String
    let caption: String?
    let imageURL: String?
    let likeCount: Int
    let createdAt: String
    let createdMilliseconds: Int64
    let kind: String
    let productID: String?
    let likedByMe: Bool

    enum CodingKeys: String, CodingKey {
        case seq, id, caption, kind
        case authorName = "author_name"
        case imageURL = "image_url"
        case likeCount = "like_count"
        case createdAt = "created_at"
        case createdMilliseconds = "created_ms"
        case productID = "product_id"
        case likedByMe = "liked_by_me"
    }
}

/// A product row.
struct ProductRow: Decodable, Sendable {
    let seq: Int64
    let id: String
    let title: String
    let description: String?
    let priceMinor: Int64
    let imageURL: String?
    let availability: String?
    let stock: Int
    let rating: Double?

    enum CodingKeys: String, CodingKey {
        case seq, id, title, description, availability, stock, rating
        case priceMinor = "price_minor"
        case imageURL = "image_url"
    }

    /// The availability the API shows: a stored value (preorder, or an unknown one) wins, otherwise it follows
    /// the stock (none: out_of_stock; under 5: low_stock).
    var shownAvailability: String {
        if let availability { return availability }
        return stock == 0 ? "out_of_stock" : stock < 5 ? "low_stock" : "in_stock"
    }
}

/// A signed-in user.
struct UserRow: Decodable, Sendable, Hashable {
    let id: String
    let name: String
}
