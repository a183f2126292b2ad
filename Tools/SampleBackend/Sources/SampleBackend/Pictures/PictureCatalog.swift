import Images

/// Which pictures the server has and what each one is: the rules the seed's `image_url` values and the
/// `GET /v1/images/{kind}/{id}.{ext}` route share.
///
/// - Products `sku_N` are 1600x1200 JPEGs (the route serves those of products the data has).
/// - Posts `post_N` (seeded, or added later by `--grow-feed-every` and the demo posts) are 1600x1200 JPEGs, except every fifth post (N divisible by 5), a 1200x900 PNG
///   with alpha.
/// - Messy on purpose: every 97th picture of each kind is missing (404, though its URL looks fine), and product
///   `sku_7` is the one corrupt file (a JPEG cut in half, served with 200).
struct PictureCatalog: Sendable {
    /// The two kinds in the route's `{kind}` segment.
    enum Kind: String, Sendable, CaseIterable {
        case products
        case posts

        var idPrefix: String {
            switch self {
            case .products: "sku_"
            case .posts: "post_"
            }
        }
    }

    /// One picture of the catalog.
    struct Picture: Hashable, Sendable {
        let kind: Kind
        let number: Int

        var id: String { kind.idPrefix + String(number) }
        var format: ImageFormat { PictureCatalog.format(kind, number) }
        var isMissing: Bool { number % 97 == 0 }
        var isCorrupt: Bool { kind == .products && number == PictureCatalog.corruptProductNumber }
        /// The route's path for this picture (an absolute-path reference under the API base).
        var path: String { PictureCatalog.path(kind, number) }
    }

    /// The number of the product whose picture is the corrupt file.
    static let corruptProductNumber = 7

    /// The seed of the stored data (`ServerStore.Preparation.dataSeed`), which the pictures are drawn from.
    let seed: UInt64

    /// The format of picture `number` of `kind`.
    static func format(_ kind: Kind, _ number: Int) -> ImageFormat {
        kind == .posts && number % 5 == 0 ? .png : .jpeg
    }

    /// `/v1/images/products/sku_12.jpg`: what the seed stores in `image_url`.
    static func path(_ kind: Kind, _ number: Int) -> String {
        "/v1/images/\(kind.rawValue)/\(kind.idPrefix)\(number).\(format(kind, number).fileExtension)"
    }

    /// The picture the route's segments name, or nil when no picture has that kind, id and extension; whether the
    /// data has the row is the route's question (`ServerStore.hasRow`).
    func picture(kind: String, id: String, fileExtension: String) -> Picture? {
        guard let kind = Kind(rawValue: kind), id.hasPrefix(kind.idPrefix) else { return nil }
        let digits = id.dropFirst(kind.idPrefix.count)
        guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isASCII), !digits.hasPrefix("0"),
            let number = Int(digits), number >= 1
        else { return nil }
        let picture = Picture(kind: kind, number: number)
        return picture.format.fileExtension == fileExtension ? picture : nil
    }
}
