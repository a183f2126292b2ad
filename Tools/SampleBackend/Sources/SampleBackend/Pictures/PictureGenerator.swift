import Images

/// Draws the catalog's pictures: deterministic for a seed and a picture, with regions of known colour.
///
/// Layout (fractions of the size): a vertical gradient from `top` to `bottom`; a square badge in the top-left
/// quarter-by-quarter corner (`badge`); a disc of radius 0.3 x height in the centre (`disc`). PNG pictures have a
/// transparent background, an opaque disc and a half-transparent badge.
struct PictureGenerator: Sendable {
    /// The colours of one picture.
    struct Palette: Equatable, Sendable {
        let top: (UInt8, UInt8, UInt8)
        let bottom: (UInt8, UInt8, UInt8)
        let disc: (UInt8, UInt8, UInt8)
        let badge: (UInt8, UInt8, UInt8)

        static func == (lhs: Palette, rhs: Palette) -> Bool {
            [lhs.top, lhs.bottom, lhs.disc, lhs.badge].map { [$0.0, $0.1, $0.2] }
                == [rhs.top, rhs.bottom, rhs.disc, rhs.badge].map { [$0.0, $0.1, $0.2] }
        }
    }

    let seed: UInt64

    /// The size pictures of `format` are drawn at: JPEG 1600x1200, PNG 1200x900.
    static func size(of format: ImageFormat) -> PixelSize {
        format == .jpeg ? PixelSize(width: 1600, height: 1200) : PixelSize(width: 1200, height: 900)
    }

    /// The colours of `picture`, from the seed and the picture's id.
    func palette(of picture: PictureCatalog.Picture) -> Palette {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325 ^ seed
        for byte in (picture.kind.rawValue + "/" + picture.id).utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x100_0000_01b3
        }
        var generator = SeededGenerator(seed: hash)
        func colour() -> (UInt8, UInt8, UInt8) {
            (
                UInt8(generator.integer(in: 0...255)), UInt8(generator.integer(in: 0...255)),
                UInt8(generator.integer(in: 0...255))
            )
        }
        return Palette(top: colour(), bottom: colour(), disc: colour(), badge: colour())
    }

    /// The pixels of `picture` at its format's size.
    func draw(_ picture: PictureCatalog.Picture) -> DecodedImage? {
        let size = Self.size(of: picture.format)
        let palette = palette(of: picture)
        let transparent = picture.format == .png
        let (width, height) = (size.width, size.height)
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        let radius = height * 3 / 10
        let (centreX, centreY) = (width / 2, height / 2)
        pixels.withUnsafeMutableBufferPointer { buffer in
            for y in 0..<height {
                let mix = y * 255 / max(height - 1, 1)
                let background: (UInt8, UInt8, UInt8) = (
                    UInt8((Int(palette.top.0) * (255 - mix) + Int(palette.bottom.0) * mix) / 255),
                    UInt8((Int(palette.top.1) * (255 - mix) + Int(palette.bottom.1) * mix) / 255),
                    UInt8((Int(palette.top.2) * (255 - mix) + Int(palette.bottom.2) * mix) / 255)
                )
                let dy = y - centreY
                for x in 0..<width {
                    let index = (y * width + x) * 4
                    let dx = x - centreX
                    let colour: (UInt8, UInt8, UInt8)
                    let alpha: UInt8
                    if dx * dx + dy * dy <= radius * radius {
                        (colour, alpha) = (palette.disc, 255)
                    } else if x < width / 4 && y < height / 4 {
                        (colour, alpha) = (palette.badge, transparent ? 128 : 255)
                    } else {
                        (colour, alpha) = (background, transparent ? 0 : 255)
                    }
                    buffer[index] = colour.0
                    buffer[index + 1] = colour.1
                    buffer[index + 2] = colour.2
                    buffer[index + 3] = alpha
                }
            }
        }
        return DecodedImage(size: size, pixels: pixels)
    }
}
