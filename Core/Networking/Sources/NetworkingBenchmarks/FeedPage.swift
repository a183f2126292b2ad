import Foundation
import Models
import Networking

/// The post DTO a feature writes for `GET /v1/feed` (see the API contract), decoded with the shared decoder.
struct PostDTO: Decodable, Sendable, Equatable {
    enum Kind: Decodable, Sendable, Equatable {
        case photo, video, carousel
        case unknown(String)

        init(from decoder: any Decoder) throws {
            let value = try decoder.singleValueContainer().decode(String.self)
            switch value {
            case "photo": self = .photo
            case "video": self = .video
            case "carousel": self = .carousel
            default: self = .unknown(value)
            }
        }
    }

    let id: PostID
    let authorName: String
    let caption: String
    let imageUrl: String?
    let likeCount: Int
    let likedByMe: Bool
    let createdAt: Date
    let kind: Kind
    let productId: ProductID?
}

/// `{"posts": [Post], "next_cursor": "…"}`.
struct FeedPageDTO: Decodable, Sendable {
    let posts: LossyArray<PostDTO>
    let nextCursor: String?
}

/// A deterministic feed page of `count` posts in the contract's JSON, with the variety the sample backend serves:
/// whole-second and fractional dates, ids as strings and numbers, missing optional fields and unknown kinds.
enum FeedPageFixture {
    static func json(count: Int) -> Data {
        var posts: [String] = []
        for index in 0..<count {
            let second = index % 60
            let date =
                index % 3 == 0
                ? "2026-01-02T10:\(two(index % 60)):\(two(second))Z"
                : "2026-01-02T10:\(two(index % 60)):\(two(second)).\(100 + index)+01:00"
            let id = index % 5 == 0 ? "\(9000 + index)" : "\"p_\(9000 + index)\""
            let kinds = ["photo", "video", "carousel", "reel"]
            var fields = [
                #""id": \#(id)"#,
                #""author_name": "Author \#(index) Example""#,
                #""caption": "Caption for post \#(index), with some words about the product and the light""#,
                #""image_url": "https://img.storefront.test/p/\#(9000 + index).jpg""#,
                #""like_count": \#(index * 7 % 500)"#,
                #""liked_by_me": \#(index % 4 == 0)"#,
                #""created_at": "\#(date)""#,
                #""kind": "\#(kinds[index % kinds.count])""#,
            ]
            if index % 2 == 0 {
                fields.append(#""product_id": "sku_\#(index)""#)
            }
            posts.append("{" + fields.joined(separator: ", ") + "}")
        }
        let text = #"{"posts": ["# + posts.joined(separator: ",\n") + #"], "next_cursor": "c_eyJpZCI6OTA0OX0"}"#
        return Data(text.utf8)
    }

    private static func two(_ value: Int) -> String {
        value < 10 ? "0\(value)" : "\(value)"
    }
}
