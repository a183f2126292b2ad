import DesignSystemImages
import Foundation
import Images
import Logging
import Observation
import TerminalUI

/// Pictures for the entry's screens: how a picture is loaded (the image pipeline's `ImageLoader`, or a controlled
/// closure in tests), whether pictures are shown at all, and the log of pictures that could not be shown, each
/// logged once per process however often a screen asks again.
@MainActor
public final class ScreenPictures {
    /// Loads the picture at an absolute URL decoded to fit a box in pixels; throws `ImageLoadingError` (or
    /// `CancellationError` when the caller went away).
    public typealias Load = @Sendable (URL, PixelSize) async throws -> DecodedImage

    /// The box pictures are decoded into, in pixels: enough for 160 columns of sextants (2×3 pixels per cell).
    /// Each screen keeps the decoded picture and redraws it at any size without decoding again.
    public nonisolated static let decodeBox = PixelSize(width: 320, height: 240)

    /// The name of the feature flag that turns screen pictures off (`pictures`, on by default; `--no-images`,
    /// `--no-color`, `NO_COLOR` and `TERM=dumb` turn it off for a run). Search declares it; every entry with
    /// pictures reads its value by this name.
    public nonisolated static let flagName = "pictures"

    /// Whether screens show pictures (false with `--no-images` or the preference off).
    public let isEnabled: Bool
    private let load: Load
    private let logger: Logger
    private var logged: Set<URL> = []

    /// Pictures loaded by `load`.
    ///
    /// - Parameters:
    ///   - isEnabled: Whether screens show pictures.
    ///   - load: Loads and decodes one picture.
    ///   - logger: Receives one warning per picture that could not be shown.
    public init(isEnabled: Bool, load: @escaping Load, logger: Logger) {
        self.isEnabled = isEnabled
        self.load = load
        self.logger = logger
    }

    /// Pictures loaded through `loader`.
    public convenience init(isEnabled: Bool, loader: ImageLoader, logger: Logger) {
        self.init(
            isEnabled: isEnabled, load: { url, box in try await loader.load(url, fitting: box).image }, logger: logger)
    }

    /// The picture at `url` fitting `decodeBox`.
    public func picture(at url: URL) async throws -> DecodedImage {
        try await load(url, Self.decodeBox)
    }

    /// Records that the picture at `url` could not be shown; logs it the first time only.
    public func failed(_ url: URL, error: any Error) {
        guard logged.insert(url).inserted else { return }
        logger.warning("picture unavailable", metadata: ["url": "\(url.path)", "error": "\(error)"])
    }
}

/// A screen's picture: its state and, once decoded, the cells it was last drawn in, redrawn only when the size
/// changes (from the decoded picture in memory; nothing is loaded or decoded again).
@MainActor
@Observable
public final class PictureSlot {
    /// What the picture area shows.
    public enum State: Equatable {
        /// Pictures are off, or the item has no picture: nothing is drawn.
        case none
        /// The picture is on its way.
        case loading
        /// The picture is decoded.
        case loaded(DecodedImage)
        /// It could not be loaded or decoded, or its address is missing or broken: a neutral placeholder.
        case unavailable
    }

    /// What the slot shows now.
    public private(set) var state = State.none

    /// An empty slot.
    public init() {}
    @ObservationIgnored private var drawn: (columns: Int, rows: Int, lines: [StyledLine])?
    @ObservationIgnored private var task: Task<Void, Never>?
    @ObservationIgnored private var url: URL?
    /// How many answers arrived for a picture the slot no longer shows (and were dropped).
    @ObservationIgnored public private(set) var discarded = 0

    /// Starts loading `url` through `pictures` unless it is already the slot's picture; nil or pictures off clear
    /// the slot. A load on its way for another URL is cancelled, and its result is never shown.
    public func show(_ url: URL?, pictures: ScreenPictures?) {
        guard let pictures, pictures.isEnabled, let url else {
            cancel()
            state = .none
            return
        }
        guard url != self.url else { return }
        cancel()
        self.url = url
        drawn = nil
        state = .loading
        task = Task { [weak self] in
            do {
                let image = try await pictures.picture(at: url)
                guard let self else { return }
                guard self.url == url, !Task.isCancelled else {
                    self.discarded += 1
                    return
                }
                self.state = .loaded(image)
            } catch is CancellationError {
                return
            } catch {
                pictures.failed(url, error: error)
                guard let self, self.url == url, !Task.isCancelled else { return }
                self.state = .unavailable
            }
        }
    }

    /// Shows the neutral placeholder for an item that should have a picture but whose address is missing or broken
    /// (nothing to load); pictures off clear the slot. Whoever read the address logs the problem once (a DTO
    /// mapping), so redrawing the slot never logs.
    public func showUnavailable(pictures: ScreenPictures?) {
        cancel()
        drawn = nil
        state = pictures?.isEnabled == true ? .unavailable : .none
    }

    /// Stops a load on its way (the loader cancels the shared download when nobody else waits).
    public func cancel() {
        task?.cancel()
        task = nil
        url = nil
    }

    /// The picture's lines at most `columns` wide and `maxRows` high, keeping its aspect ratio; a one-line
    /// placeholder while it loads or when it is unavailable; none when there is no picture.
    public func lines(columns: Int, maxRows: Int) -> [StyledLine] {
        switch state {
        case .none:
            return []
        case .loading:
            return [StyledLine("[ loading picture\u{2026} ]", style: Style(attributes: .dim))]
        case .unavailable:
            return [StyledLine("[ picture unavailable ]", style: Style(attributes: .dim))]
        case .loaded(let image):
            guard columns > 0, maxRows > 0 else { return [] }
            let renderer = TerminalImageRenderer(capability: .truecolor)
            let cells = renderer.geometry(
                width: image.size.width, height: image.size.height, columns: columns, maxRows: maxRows)
            if let drawn, drawn.columns == cells.columns, drawn.rows == cells.rows { return drawn.lines }
            let lines =
                renderer.render(
                    pixels: image.pixels, width: image.size.width, height: image.size.height, columns: cells.columns,
                    rows: cells.rows)?.styledLines ?? [
                    StyledLine("[ picture unavailable ]", style: Style(attributes: .dim))
                ]
            drawn = (cells.columns, cells.rows, lines)
            return lines
        }
    }
}

/// Loads ahead the pictures of list rows about to appear, so an item opened from the list draws at once from the
/// memory cache. Each call names the rows wanted now; loads of rows no longer named are cancelled (the loader stops a
/// shared download when nobody else waits), and rows already loading are not asked again. Wanted pictures are named
/// by URL, never by row position, so rows that move (new items inserted above, a refresh) keep their own pictures.
///
/// Every list with pictures uses it the same way: as its view lays the list out, it calls
/// `prefetch(_:firstVisible:visibleCount:url:)` with its rows and the window on screen.
@MainActor
public final class PicturePrefetcher {
    /// How many screenfuls are loaded ahead: the rows on screen and the next screenful.
    public nonisolated static let screenfuls = 2

    /// The rows wanted for a list of `count` rows whose first row on screen is `firstVisible` and which shows
    /// `visibleCount` rows at a time: the rows on screen and the next screenful, clamped to the list.
    public nonisolated static func window(count: Int, firstVisible: Int, visibleCount: Int) -> Range<Int> {
        let count = max(count, 0)
        let start = min(max(firstVisible, 0), count)
        let length = screenfuls * max(visibleCount, 1)
        return start..<(start + min(length, count - start))
    }

    private let pictures: ScreenPictures
    private var tasks: [URL: Task<Void, Never>] = [:]

    /// A prefetcher loading through `pictures` (nothing when pictures are off).
    public init(pictures: ScreenPictures) {
        self.pictures = pictures
    }

    /// The URLs being loaded or loaded ahead now.
    public var wanted: Set<URL> { Set(tasks.keys) }

    /// Wants the pictures of the rows on screen and of the next screenful (`window(count:firstVisible:visibleCount:)`)
    /// and lets go of every other row's; `url` gives a row's picture (nil for a row without one).
    public func prefetch<Row>(_ rows: [Row], firstVisible: Int, visibleCount: Int, url: (Row) -> URL?) {
        let window = Self.window(count: rows.count, firstVisible: firstVisible, visibleCount: visibleCount)
        prefetch(rows[window].compactMap(url))
    }

    /// Wants exactly `urls`: starts the ones not yet asked for and cancels the rest.
    public func prefetch(_ urls: [URL]) {
        guard pictures.isEnabled else { return }
        let wanted = Set(urls)
        for (url, task) in tasks where !wanted.contains(url) {
            task.cancel()
            tasks[url] = nil
        }
        let pictures = pictures
        for url in urls where tasks[url] == nil {
            // A failure is logged when a screen shows the picture; ahead of time it is only a cache miss.
            tasks[url] = Task { _ = try? await pictures.picture(at: url) }
        }
    }

    isolated deinit {
        for task in tasks.values { task.cancel() }
    }
}
