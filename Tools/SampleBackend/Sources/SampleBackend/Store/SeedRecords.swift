/// One product as the seeder makes it.
struct ProductSeed {
    var id: String
    var title: String
    var description: String?
    var priceMinor: Int64
    var imageURL: String?
    var availability: String?
    var stock: Int
    var rating: Double?
}

/// One post as the seeder makes it.
struct PostSeed {
    var id: String
    var authorName: String
    var caption: String?
    var imageURL: String?
    var likeCount: Int
    var createdAt: String
    var createdMilliseconds: Int64
    var kind: String
    var productID: String?
}

/// Builds the deterministic catalog: the same seed and configuration always give the same records.
struct CatalogGenerator {
    /// 2026-01-01T00:00:00Z: the newest seeded post; older ones go back from there.
    static let newestPostMilliseconds: Int64 = 1_767_225_600_000

    let seed: UInt64
    let catalog: CatalogConfiguration

    func products() -> [ProductSeed] {
        var generator = SeededGenerator(seed: seed ^ 0x5052_4F44)
        return (1...catalog.productCount).map { number in product(number, &generator) }
    }

    func posts(productIDs: [String]) -> [PostSeed] {
        var generator = SeededGenerator(seed: seed ^ 0x504F_5354)
        let authors = authorNames(&generator)
        var milliseconds = Self.newestPostMilliseconds
        var posts: [PostSeed] = []
        posts.reserveCapacity(catalog.postCount)
        for number in stride(from: catalog.postCount, through: 1, by: -1) {
            posts.append(
                post(number, milliseconds: milliseconds, authors: authors, productIDs: productIDs, &generator))
            milliseconds -= Int64(generator.integer(in: 60...10_800)) * 1000 + Int64(generator.integer(in: 0...999))
        }
        return posts.reversed()
    }

    /// A post written after seeding (`--grow-feed-every`), the `ordinal`-th one, dated `milliseconds`.
    func grownPost(ordinal: Int, number: Int, milliseconds: Int64, productIDs: [String]) -> PostSeed {
        var generator = SeededGenerator(seed: seed ^ 0x4752_4F57 &+ UInt64(ordinal) &* 0x9E37_79B9)
        let authors = authorNames(&generator)
        return post(number, milliseconds: milliseconds, authors: authors, productIDs: productIDs, &generator)
    }

    private func authorNames(_ generator: inout SeededGenerator) -> [String] {
        var names: [String] = []
        var index = 0
        while names.count < catalog.authorCount {
            let first = SeedVocabulary.firstNames[index % SeedVocabulary.firstNames.count]
            let last = SeedVocabulary.lastNames[
                (index / SeedVocabulary.firstNames.count) % SeedVocabulary.lastNames.count]
            let round = index / (SeedVocabulary.firstNames.count * SeedVocabulary.lastNames.count)
            names.append(round == 0 ? "\(first) \(last)" : "\(first) \(last) \(round + 1)")
            index += 1
        }
        return names
    }

    private func product(_ number: Int, _ generator: inout SeededGenerator) -> ProductSeed {
        let adjective = generator.pick(SeedVocabulary.adjectives)
        let material = generator.pick(SeedVocabulary.materials)
        let noun = generator.pick(SeedVocabulary.nouns)
        let title = "\(adjective) \(material) \(noun)\(generator.pick(SeedVocabulary.editions))"
        let companion = generator.pick(SeedVocabulary.nouns).lowercased()
        let description = [
            "A \(adjective.lowercased()) \(noun.lowercased()) in \(material.lowercased()).",
            generator.pick(SeedVocabulary.features), "Pairs well with our \(companion).",
            generator.pick(SeedVocabulary.care),
        ].filter { !$0.isEmpty }.joined(separator: " ")
        let euros = Int64(generator.integer(in: 2...400))
        let cents: Int64 = generator.pick([0, 50, 90, 95, 99])
        let stockRoll = generator.nextUnit()
        let generated =
            stockRoll < 0.08 ? 0 : stockRoll < 0.18 ? generator.integer(in: 1...4) : generator.integer(in: 5...80)
        let stock = catalog.uniformStock ?? generated
        let rating = generator.chance(0.85) ? Double(generator.integer(in: 10...50)) / 10 : nil
        var product = ProductSeed(
            id: "sku_\(number)", title: title, description: description, priceMinor: euros * 100 + cents,
            imageURL: PictureCatalog.path(.products, number),
            availability: generator.chance(0.03) ? "preorder" : nil, stock: stock, rating: rating)
        if generator.chance(catalog.messyShare) {
            for _ in 0..<generator.integer(in: 1...2) {
                switch generator.integer(in: 0...4) {
                case 0: product.id = String(100_000 + number)
                case 1: product.imageURL = nil
                case 2: product.imageURL = generator.pick(SeedVocabulary.brokenImageURLs)
                case 3: product.availability = generator.pick(SeedVocabulary.messyAvailabilities)
                default:
                    product.rating = nil
                    product.description = nil
                }
            }
        }
        return product
    }

    private func post(
        _ number: Int, milliseconds: Int64, authors: [String], productIDs: [String],
        _ generator: inout SeededGenerator
    ) -> PostSeed {
        let kindRoll = generator.nextUnit()
        let kind = kindRoll < 0.7 ? "photo" : kindRoll < 0.85 ? "video" : "carousel"
        let productID = !productIDs.isEmpty && generator.chance(0.4) ? generator.pick(productIDs) : nil
        let thing = generator.pick(SeedVocabulary.nouns).lowercased()
        let caption = generator.pick(SeedVocabulary.captions).replacingOccurrences(of: "%@", with: thing)
        let likes = Int(pow2Skewed(generator.nextUnit()) * 5000)
        var post = PostSeed(
            id: "post_\(number)", authorName: generator.pick(authors), caption: caption,
            imageURL: PictureCatalog.path(.posts, number), likeCount: likes,
            createdAt: Timestamp.string(milliseconds: milliseconds - milliseconds % 1000),
            createdMilliseconds: milliseconds - milliseconds % 1000, kind: kind, productID: productID)
        if generator.chance(catalog.messyShare) {
            for _ in 0..<generator.integer(in: 1...2) {
                switch generator.integer(in: 0...4) {
                case 0: post.id = String(500_000 + number)
                case 1: post.caption = nil
                case 2: post.imageURL = generator.chance(0.5) ? nil : generator.pick(SeedVocabulary.brokenImageURLs)
                case 3: post.kind = generator.pick(SeedVocabulary.messyKinds)
                default:
                    post.createdMilliseconds = milliseconds
                    post.createdAt = Timestamp.string(milliseconds: milliseconds, fractional: true)
                }
            }
        }
        return post
    }

    /// Most posts have few likes, a few have many.
    private func pow2Skewed(_ unit: Double) -> Double {
        unit * unit * unit
    }
}
