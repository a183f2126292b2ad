import Foundation
import Models
import Networking

/// The contract's `Post` as far as `storefront image post_N` needs it: `GET /v1/posts/{id}` (authentication
/// optional; openapi.yaml), decoded with the shared decoder (`APIJSON`, snake_case keys). Only the picture's link is
/// read, so a post whose other fields are messy (no caption, an unknown `kind`) still shows its picture.
struct PostPictureDTO: Decodable, Sendable {
    /// `id`: a string or a number on the wire.
    let id: PostID
    /// `image_url`; missing and broken values become nil (`ImageURL.parse(_:)`).
    let imageUrl: String?
}

extension Endpoint where Response == PostPictureDTO {
    /// `GET /v1/posts/{id}`: one post (404 `not_found` when there is none); the bearer token when signed in, as the
    /// feed sends it (`liked_by_me` is not read here).
    static func postPicture(_ id: PostID) -> Endpoint {
        Endpoint(.get, "/v1/posts/\(id.rawValue)", authentication: .optional)
    }
}

/// Finds a post's picture for the `image` command: Search shows pictures of posts too, and reads them through the
/// API contract (never through the Feed package).
public struct PostPictureLookup: Sendable {
    let client: APIClient

    /// A lookup over `client`.
    public init(client: APIClient) {
        self.client = client
    }

    /// The picture's URL of post `id` as the server has it now, or nil when its `image_url` is missing or broken.
    ///
    /// - Throws: `APIError` (404 `not_found` for a post that does not exist), `CancellationError`.
    public func imageURL(of id: PostID) async throws -> URL? {
        let answer = try await client.send(.postPicture(id))
        return ImageURL.parse(answer.imageUrl)
    }
}
