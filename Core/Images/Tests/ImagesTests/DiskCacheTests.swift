import Foundation
import Images
import Primitives
import TestSupport
import Testing

/// A clock for file timestamps that moves only when told.
final class SteppedDates: Sendable {
    private let current = Locked(Date(timeIntervalSince1970: 1_800_000_000))
    var now: Date { current.withLock { $0 } }
    func advance(seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
}

@Suite("Disk cache of original bytes")
struct DiskCacheTests {
    @Test("entries round-trip with their ETag; keys with slashes and queries get safe file names")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        let dates = SteppedDates()
        let cache = DiskImageCache(directory: directory.url.appendingPathComponent("images"), capacity: 1 << 20) {
            dates.now
        }
        #expect(cache.entry(for: "v1/images/products/sku_1.jpg") == nil)
        try cache.store(Data([1, 2, 3]), entityTag: "\"abc\"", for: "v1/images/products/sku_1.jpg")
        try cache.store(Data([4]), entityTag: nil, for: "v1/images/posts/p?w=1&x=/..")
        #expect(cache.entry(for: "v1/images/products/sku_1.jpg") == .init(data: Data([1, 2, 3]), entityTag: "\"abc\""))
        #expect(cache.entry(for: "v1/images/posts/p?w=1&x=/..")?.data == Data([4]))
        let names = try FileManager.default.contentsOfDirectory(atPath: cache.directory.path)
        #expect(names.allSatisfy { !$0.contains("/") && !$0.hasPrefix(".") })
        let long = String(repeating: "x", count: 400)
        try cache.store(Data([9]), entityTag: nil, for: long)
        #expect(cache.entry(for: long)?.data == Data([9]))
    }

    @Test("past the cap the least recently used entries are deleted; a hit counts as a use")
    func leastRecentlyUsed() throws {
        let directory = try TemporaryDirectory()
        let dates = SteppedDates()
        let body = Data(repeating: 0xAB, count: 1000)
        // Each file is the body plus a small header: three fit in 3 600 bytes, four do not.
        let cache = DiskImageCache(directory: directory.url, capacity: 3600) { dates.now }
        for name in ["a", "b", "c"] {
            try cache.store(body, entityTag: nil, for: name)
            dates.advance(seconds: 10)
        }
        #expect(cache.entry(for: "a") != nil)  // "b" is now the oldest
        dates.advance(seconds: 10)
        try cache.store(body, entityTag: nil, for: "d")
        #expect(cache.totalBytes() <= 3600)
        #expect(cache.entry(for: "b") == nil)
        #expect(cache.entry(for: "a") != nil && cache.entry(for: "c") != nil && cache.entry(for: "d") != nil)
    }

    @Test("deleting the directory, a truncated file or a foreign file are misses, and storing works again")
    func safeToDelete() throws {
        let directory = try TemporaryDirectory()
        let dates = SteppedDates()
        let root = directory.url.appendingPathComponent("cache")
        let cache = DiskImageCache(directory: root, capacity: 1 << 20) { dates.now }
        try cache.store(Data(repeating: 1, count: 100), entityTag: "\"1\"", for: "one")
        try FileManager.default.removeItem(at: root)
        #expect(cache.entry(for: "one") == nil)
        try cache.store(Data(repeating: 1, count: 100), entityTag: "\"1\"", for: "one")
        let file = try #require(
            try FileManager.default.contentsOfDirectory(at: root, includingPropertiesForKeys: nil).first)
        let contents = try Data(contentsOf: file)
        try contents.prefix(contents.count - 10).write(to: file)
        #expect(cache.entry(for: "one") == nil)
        #expect(!FileManager.default.fileExists(atPath: file.path))
        try Data("not a cache file".utf8).write(to: file)
        #expect(cache.entry(for: "one") == nil)
        let removed = try cache.removeAll()
        #expect(removed.files == 0)
    }

    @Test("an entry whose bytes changed on disk (one flipped byte, same length) is a miss and is removed")
    func corruptedBytes() throws {
        let directory = try TemporaryDirectory()
        let dates = SteppedDates()
        let cache = DiskImageCache(directory: directory.url, capacity: 1 << 20) { dates.now }
        let picture = Data((0..<5000).map { UInt8(truncatingIfNeeded: $0 &* 7) })
        for offset in [0, 2500, 4999] {
            try cache.store(picture, entityTag: "\"p\"", for: "v1/images/posts/post_10.png")
            #expect(cache.entry(for: "v1/images/posts/post_10.png")?.data == picture)
            let file = try #require(
                try FileManager.default.contentsOfDirectory(at: directory.url, includingPropertiesForKeys: nil).first {
                    $0.pathExtension == "img"
                })
            var contents = try Data(contentsOf: file)
            // The body is the file's last `picture.count` bytes.
            let index = contents.count - picture.count + offset
            contents[index] ^= 0x10
            try contents.write(to: file)
            #expect(cache.entry(for: "v1/images/posts/post_10.png") == nil, "byte \(offset) of the body flipped")
            #expect(!FileManager.default.fileExists(atPath: file.path), "the damaged entry is removed")
        }
    }

    @Test("a directory that cannot be created is a clear error naming it")
    func unwritable() throws {
        let directory = try TemporaryDirectory()
        let blocker = directory.url.appendingPathComponent("file")
        try Data().write(to: blocker)
        let cache = DiskImageCache(directory: blocker.appendingPathComponent("images"), capacity: 100) { Date() }
        #expect {
            try cache.store(Data([1]), entityTag: nil, for: "x")
        } throws: { error in
            (error as? DiskImageCacheError)?.path.hasSuffix("images") == true
        }
    }
}

@Suite("Disk cache on a full disk")
struct FullDiskCacheTests {
    @Test(
        "a disk full below the cap: the least recently used entries make room, so new pictures are still kept",
        .enabled(if: SmallDisk.isAvailable, "needs root to mount a 64 KiB tmpfs"))
    func fullDisk() throws {
        let disk = try #require(SmallDisk(kibibytes: 64))
        let dates = SteppedDates()
        let cache = DiskImageCache(directory: disk.directory.url.appendingPathComponent("images"), capacity: 1 << 30) {
            dates.now
        }
        let picture = Data(repeating: 0x5A, count: 12 * 1024)
        var stored: [String] = []
        for index in 0..<20 {
            dates.advance(seconds: 1)
            let path = "v1/images/products/sku_\(index).jpg"
            try cache.store(picture, entityTag: "\"\(index)\"", for: path)
            stored.append(path)
            #expect(cache.entry(for: path)?.data == picture, "picture \(index) was kept")
        }
        #expect(cache.entry(for: stored[0]) == nil, "the oldest made room")
        #expect(cache.totalBytes() <= 64 * 1024)
    }
}
