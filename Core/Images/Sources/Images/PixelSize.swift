/// A size in pixels (not terminal cells).
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    /// Width in pixels.
    public var width: Int
    /// Height in pixels.
    public var height: Int

    /// A size of `width` x `height` pixels.
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// `width` x `height`, the number of pixels.
    public var pixelCount: Int { width * height }

    /// The largest size with this size's aspect ratio that fits inside `box`, never larger than this size (pictures
    /// are reduced, never enlarged); at least 1 x 1.
    public func fitted(in box: PixelSize) -> PixelSize {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return PixelSize(width: 1, height: 1) }
        if width <= box.width && height <= box.height { return self }
        // Compare the two ratios without floating point: width / height against box.width / box.height.
        if width * box.height >= box.width * height {
            let fittedHeight = max(1, (height * box.width + width / 2) / width)
            return PixelSize(width: box.width, height: min(fittedHeight, box.height))
        } else {
            let fittedWidth = max(1, (width * box.height + height / 2) / height)
            return PixelSize(width: min(fittedWidth, box.width), height: box.height)
        }
    }

    /// A one-line, human-readable rendering.
    public var description: String { "\(width)x\(height)" }
}
