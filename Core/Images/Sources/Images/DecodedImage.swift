/// A decoded picture: RGBA pixels, 8 bits per channel, straight (not premultiplied) alpha, rows top to bottom with
/// no padding.
public struct DecodedImage: Sendable, Equatable {
    /// The size of `pixels`.
    public let size: PixelSize
    /// `size.width * size.height * 4` bytes: red, green, blue, alpha for each pixel, row by row.
    public let pixels: [UInt8]
    /// The size the file declared, before any reduction.
    public let sourceSize: PixelSize

    /// Wraps `pixels`; returns nil when their count is not `size.width * size.height * 4`.
    public init?(size: PixelSize, pixels: [UInt8], sourceSize: PixelSize? = nil) {
        guard size.width > 0, size.height > 0, pixels.count == size.pixelCount * 4 else { return nil }
        self.size = size
        self.pixels = pixels
        self.sourceSize = sourceSize ?? size
    }

    /// What the image costs in a memory cache, in bytes: width x height x 4.
    public var byteCost: Int { size.pixelCount * 4 }

    /// The pixel at column `x`, row `y` as (red, green, blue, alpha).
    public func pixel(x: Int, y: Int) -> (red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        let index = (y * size.width + x) * 4
        return (pixels[index], pixels[index + 1], pixels[index + 2], pixels[index + 3])
    }
}
