import Foundation
import Models

/// A post as the server sends it (`Post` of the API contract), decoded leniently so that the repository can decide,
/// with the post's id in hand, whether it becomes a domain `Post` or is dropped and logged.
///
/// Only `id` is required here (a string or a number, see `Identifier`); every other field is optional and a value
/// of the wrong JSON type reads as missing, so one odd field never hides which post it belonged to. Dates stay text
/// until the mapping parses them with the API's rules (`APIJSON.date(from:)`), and `kind` stays the raw string so
/// values this version does not know survive (`"reel"` becomes `PostKind.unknown("reel")`).
struct PostDTO: Decodable, Sendable, Equatable {
    let id: PostID
    let authorName: String?
    let caption: String?
    let imageURL: String?
    let likeCount: Int?
    let likedByMe: Bool?
    let createdAt: String?
    let kind: String?
    let productID: ProductID?

    /// Keys as the shared decoder presents them (`APIJSON` converts `image_url` to `imageUrl`).
    private enum CodingKeys: String, CodingKey {
        case id, authorName, caption, likeCount, likedByMe, createdAt, kind
        case imageURL = "imageUrl"
        case productID = "productId"
    }

    init(
        id: PostID, authorName: String?, caption: String?, imageURL: String?, likeCount: Int?, likedByMe: Bool?,
        createdAt: String?, kind: String?, productID: ProductID?
    ) {
        self.id = id
        self.authorName = authorName
        self.caption = caption
        self.imageURL = imageURL
        self.likeCount = likeCount
        self.likedByMe = likedByMe
        self.createdAt = createdAt
        self.kind = kind
        self.productID = productID
    }

    /// Decodes the id strictly and every other field leniently (a wrong type reads as nil).
    ///
    /// - Throws: `DecodingError` when `id` is missing, empty, or neither a string nor an integer.
    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        id = try container.decode(PostID.self, forKey: .id)
        authorName = try? container.decodeIfPresent(String.self, forKey: .authorName)
        caption = try? container.decodeIfPresent(String.self, forKey: .caption)
        imageURL = try? container.decodeIfPresent(String.self, forKey: .imageURL)
        likeCount = try? container.decodeIfPresent(Int.self, forKey: .likeCount)
        likedByMe = try? container.decodeIfPresent(Bool.self, forKey: .likedByMe)
        createdAt = try? container.decodeIfPresent(String.self, forKey: .createdAt)
        kind = try? container.decodeIfPresent(String.self, forKey: .kind)
        productID = try? container.decodeIfPresent(ProductID.self, forKey: .productID)
    }
}
