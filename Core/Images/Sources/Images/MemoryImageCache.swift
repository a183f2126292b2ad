import Primitives

/// The key of a decoded image: which picture, at which reduced size.
public struct ImageCacheKey: Hashable, Sendable, CustomStringConvertible {
    /// The picture's URL relative to the API base (see `ImageLocation`), the same across server restarts.
    public let path: String
    /// The box the picture was reduced to fit.
    public let box: PixelSize

    /// The key of `path` reduced to fit `box`.
    public init(path: String, box: PixelSize) {
        self.path = path
        self.box = box
    }

    /// A one-line, human-readable rendering.
    public var description: String { "\(path)@\(box)" }
}

/// Decoded images kept in memory, bounded by their total cost in bytes (width x height x 4 each); inserting past
/// the limit evicts the least recently used first. An image costing more than the whole limit is not kept.
/// Safe to share between tasks.
public final class MemoryImageCache: Sendable {
    private struct State {
        var images: [ImageCacheKey: DecodedImage] = [:]
        var order = LRUIndex<ImageCacheKey>()
        var bytes = 0
    }

    /// The most the cached images may cost together, in bytes.
    public let costLimit: Int
    private let state = Locked(State())

    /// An empty cache holding at most `costLimit` bytes of pixels.
    public init(costLimit: Int) {
        self.costLimit = max(0, costLimit)
    }

    /// The image stored for `key`, which becomes the most recently used; nil when absent.
    public func image(for key: ImageCacheKey) -> DecodedImage? {
        state.withLock { state in
            guard let image = state.images[key] else { return nil }
            state.order.touch(key)
            return image
        }
    }

    /// Stores `image` for `key`, then evicts least recently used images until the total is within `costLimit`.
    public func insert(_ image: DecodedImage, for key: ImageCacheKey) {
        let limit = costLimit
        state.withLock { state in
            if let old = state.images.removeValue(forKey: key) {
                state.bytes -= old.byteCost
                state.order.remove(key)
            }
            guard image.byteCost <= limit else { return }
            state.images[key] = image
            state.order.touch(key)
            state.bytes += image.byteCost
            while state.bytes > limit, let oldest = state.order.oldest {
                state.order.remove(oldest)
                if let evicted = state.images.removeValue(forKey: oldest) { state.bytes -= evicted.byteCost }
            }
        }
    }

    /// Removes every image.
    public func removeAll() {
        state.withLock { state in
            state = State()
        }
    }

    /// The total cost of the cached images, in bytes (never above `costLimit`).
    public var totalCost: Int { state.withLock { $0.bytes } }

    /// How many images are cached.
    public var count: Int { state.withLock { $0.images.count } }
}
