/// How much data the server seeds on first start, and how much of it is deliberately messy.
public struct CatalogConfiguration: Sendable, Hashable {
    /// Products in the catalog (ids `sku_1`, `sku_2` …). 5 000 unless set.
    public var productCount: Int
    /// Posts in the feed (ids `post_1` … `post_N`, the highest the newest). 2 000 unless set.
    public var postCount: Int
    /// Distinct post authors. 300 unless set.
    public var authorCount: Int
    /// The share (0...1) of products and posts with one or two of the flaws real servers send: a missing optional
    /// field (`caption`, `image_url`, `rating`, `description`), a date with fractional seconds, an unknown `kind`
    /// or `availability`, a broken image URL, a numeric id where a string is usual. 0.05 unless set.
    public var messyShare: Double
    /// Stock of every product instead of the generated mix (for load tests that place many orders); nil keeps the
    /// mix of empty, low and full shelves. Nil unless set.
    public var uniformStock: Int?

    /// Creates a catalog configuration.
    public init(
        productCount: Int = 5000, postCount: Int = 2000, authorCount: Int = 300, messyShare: Double = 0.05,
        uniformStock: Int? = nil
    ) {
        self.productCount = productCount
        self.postCount = postCount
        self.authorCount = authorCount
        self.messyShare = messyShare
        self.uniformStock = uniformStock
    }

    /// Checks the ranges.
    ///
    /// - Throws: `SampleServerError.invalidConfiguration` naming the value out of range.
    func validate() throws(SampleServerError) {
        guard (1...1_000_000).contains(productCount) else {
            throw .invalidConfiguration("productCount must be 1...1000000, not \(productCount)")
        }
        guard (1...1_000_000).contains(postCount) else {
            throw .invalidConfiguration("postCount must be 1...1000000, not \(postCount)")
        }
        guard (1...100_000).contains(authorCount) else {
            throw .invalidConfiguration("authorCount must be 1...100000, not \(authorCount)")
        }
        if let uniformStock, !(0...1_000_000_000).contains(uniformStock) {
            throw .invalidConfiguration("uniformStock must be 0...1000000000, not \(uniformStock)")
        }
        guard (0...1).contains(messyShare) else {
            throw .invalidConfiguration("messyShare must be 0...1, not \(messyShare)")
        }
    }
}
