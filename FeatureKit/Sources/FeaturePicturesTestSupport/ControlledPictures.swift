import FeaturePictures
import Foundation
import Images
import Logging
import Primitives

/// Picture loads answered by the test, for `ScreenPictures(isEnabled:load:logger:)`: each URL's picture (or a
/// failure for a URL it has none of), how often each was asked for, and which waits were cancelled. A URL in
/// `holding` waits until `release(_:)`; by default a cancelled wait ends at once with `CancellationError`, as the
/// image loader's does.
public final class ControlledPictures: Sendable {
    /// The failure of a URL the source has no picture for.
    public struct Missing: Error, Equatable {
        /// The URL asked for.
        public let url: URL
    }

    private struct State {
        var calls: [URL: Int] = [:]
        var boxes: [URL: [PixelSize]] = [:]
        var held: [URL: [Int: CheckedContinuation<Void, Never>]] = [:]
        var nextID = 0
        var cancelledIDs: Set<Int> = []
        var holding: Set<URL> = []
        var cancelled: [URL: Int] = [:]
    }

    private let state = Locked(State())
    private let images: [URL: DecodedImage]
    /// When true a held load waits for `release(_:)` even when its task is cancelled (a slow source that answers
    /// late).
    public let ignoresCancellation: Bool

    /// A source answering `images`; the URLs in `holding` wait for `release(_:)`.
    public init(_ images: [URL: DecodedImage], holding: Set<URL> = [], ignoresCancellation: Bool = false) {
        self.images = images
        self.ignoresCancellation = ignoresCancellation
        state.withLock { $0.holding = holding }
    }

    /// How many loads of `url` were started.
    public func calls(_ url: URL) -> Int { state.withLock { $0.calls[url] ?? 0 } }
    /// The boxes `url` was asked for in, in order.
    public func boxes(_ url: URL) -> [PixelSize] { state.withLock { $0.boxes[url] ?? [] } }
    /// How many loads of `url` wait for `release(_:)` now.
    public func waiting(_ url: URL) -> Int { state.withLock { $0.held[url]?.count ?? 0 } }
    /// How many waits for `url` were cancelled.
    public func cancelled(_ url: URL) -> Int { state.withLock { $0.cancelled[url] ?? 0 } }

    /// Lets the loads of `url` waiting now, and every later one, answer.
    public func release(_ url: URL) {
        let waiting = state.withLock { state in
            state.holding.remove(url)
            return state.held.removeValue(forKey: url) ?? [:]
        }
        for continuation in waiting.values { continuation.resume() }
    }

    /// Screen pictures loading from this source.
    @MainActor
    public func screenPictures(isEnabled: Bool = true, logger: Logger) -> ScreenPictures {
        ScreenPictures(isEnabled: isEnabled, load: { try await self.load($0, $1) }, logger: logger)
    }

    /// The picture of `url` once it is not held.
    ///
    /// - Throws: `Missing` for a URL the source has no picture for; `CancellationError` when the caller's task is
    ///   cancelled while the load is held (unless `ignoresCancellation`).
    public func load(_ url: URL, _ box: PixelSize) async throws -> DecodedImage {
        let (hold, id) = state.withLock { state in
            state.calls[url, default: 0] += 1
            state.boxes[url, default: []].append(box)
            state.nextID += 1
            return (state.holding.contains(url), state.nextID)
        }
        if hold, ignoresCancellation {
            await wait(for: url, id: id)
        } else if hold {
            await withTaskCancellationHandler {
                await wait(for: url, id: id)
            } onCancel: {
                let continuation = state.withLock { state in
                    state.cancelledIDs.insert(id)
                    state.cancelled[url, default: 0] += 1
                    return state.held[url]?.removeValue(forKey: id)
                }
                continuation?.resume()
            }
            try Task.checkCancellation()
        }
        guard let image = images[url] else { throw Missing(url: url) }
        return image
    }

    /// Waits until `url` is released, or (for load `id`) until that load was cancelled.
    private func wait(for url: URL, id: Int) async {
        await withCheckedContinuation { continuation in
            let resumeNow = state.withLock { state in
                guard state.holding.contains(url), !state.cancelledIDs.contains(id) else { return true }
                state.held[url, default: [:]][id] = continuation
                return false
            }
            if resumeNow { continuation.resume() }
        }
    }
}
