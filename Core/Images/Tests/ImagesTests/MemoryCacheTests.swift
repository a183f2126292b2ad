import Images
import Testing

@Suite("Memory cache of decoded images")
struct MemoryCacheTests {
    private func image(_ side: Int) throws -> DecodedImage {
        try #require(
            DecodedImage(
                size: PixelSize(width: side, height: side), pixels: [UInt8](repeating: 7, count: side * side * 4)))
    }

    @Test("the byte cost stays within the limit; the least recently used goes first")
    func costEviction() throws {
        let cache = MemoryImageCache(costLimit: 3 * 10 * 10 * 4)
        let keys = (0..<4).map {
            ImageCacheKey(path: "v1/images/products/\($0).jpg", box: PixelSize(width: 10, height: 10))
        }
        for key in keys.prefix(3) { cache.insert(try image(10), for: key) }
        #expect(cache.totalCost == 1200)
        _ = cache.image(for: keys[0])  // keys[1] is now the least recently used
        cache.insert(try image(10), for: keys[3])
        #expect(cache.totalCost == 1200)
        #expect(cache.image(for: keys[1]) == nil)
        #expect(cache.image(for: keys[0]) != nil)
        #expect(cache.image(for: keys[2]) != nil)
        #expect(cache.image(for: keys[3]) != nil)
    }

    @Test("one URL at two sizes is two entries; a picture above the whole limit is not kept")
    func sizesAndOversize() throws {
        let cache = MemoryImageCache(costLimit: 1000)
        let small = ImageCacheKey(path: "a.png", box: PixelSize(width: 5, height: 5))
        let large = ImageCacheKey(path: "a.png", box: PixelSize(width: 50, height: 50))
        cache.insert(try image(5), for: small)
        cache.insert(try image(50), for: large)
        #expect(cache.image(for: small)?.size.width == 5)
        #expect(cache.image(for: large) == nil)
        #expect(cache.totalCost == 100)
        cache.insert(try image(4), for: small)
        #expect(cache.totalCost == 64)
        cache.removeAll()
        #expect(cache.count == 0 && cache.totalCost == 0)
    }
}
