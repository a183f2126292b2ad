import Foundation
import Images

/// Pictures with known colours in known regions, built in memory for the tests.
enum TestPictures {
    /// `size` split into four quadrants: red top left, green top right, blue bottom left, white bottom right.
    static func quadrants(_ size: PixelSize) -> DecodedImage? {
        var pixels = [UInt8](repeating: 255, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in 0..<size.width {
                let index = (y * size.width + x) * 4
                let colour: (UInt8, UInt8, UInt8) =
                    switch (x < size.width / 2, y < size.height / 2) {
                    case (true, true): (255, 0, 0)
                    case (false, true): (0, 255, 0)
                    case (true, false): (0, 0, 255)
                    case (false, false): (255, 255, 255)
                    }
                pixels[index] = colour.0
                pixels[index + 1] = colour.1
                pixels[index + 2] = colour.2
            }
        }
        return DecodedImage(size: size, pixels: pixels)
    }

    /// The left half fully transparent black, the right half opaque orange (255, 128, 0).
    static func halfTransparent(_ size: PixelSize) -> DecodedImage? {
        var pixels = [UInt8](repeating: 0, count: size.pixelCount * 4)
        for y in 0..<size.height {
            for x in size.width / 2..<size.width {
                let index = (y * size.width + x) * 4
                pixels[index] = 255
                pixels[index + 1] = 128
                pixels[index + 3] = 255
            }
        }
        return DecodedImage(size: size, pixels: pixels)
    }

    /// A JPEG whose SOF0 frame header declares `width` x `height` (patched into a real small JPEG).
    static func jpegDeclaring(width: Int, height: Int) throws -> Data {
        guard let small = quadrants(PixelSize(width: 16, height: 16)) else { throw PictureError.build }
        var bytes = [UInt8](try ImageEncoder().encode(small, as: .jpeg))
        // SOF0 is FF C0, then a 2-byte length, 1-byte precision, 2-byte height, 2-byte width.
        guard let marker = (0..<bytes.count - 9).first(where: { bytes[$0] == 0xFF && bytes[$0 + 1] == 0xC0 }) else {
            throw PictureError.build
        }
        bytes[marker + 5] = UInt8(height >> 8)
        bytes[marker + 6] = UInt8(height & 0xFF)
        bytes[marker + 7] = UInt8(width >> 8)
        bytes[marker + 8] = UInt8(width & 0xFF)
        return Data(bytes)
    }

    /// A PNG whose IHDR declares `width` x `height`, with a correct CRC, so only the size is wrong.
    static func pngDeclaring(width: UInt32, height: UInt32) throws -> Data {
        guard let small = quadrants(PixelSize(width: 4, height: 4)) else { throw PictureError.build }
        var bytes = [UInt8](try ImageEncoder().encode(small, as: .png))
        // Signature (8), IHDR length (4), "IHDR" (4) at 12, width at 16, height at 20, CRC over type+data at 29.
        for (offset, value) in [(16, width), (20, height)] {
            bytes[offset] = UInt8(value >> 24)
            bytes[offset + 1] = UInt8((value >> 16) & 0xFF)
            bytes[offset + 2] = UInt8((value >> 8) & 0xFF)
            bytes[offset + 3] = UInt8(value & 0xFF)
        }
        let crc = crc32(bytes[12..<29])
        bytes[29] = UInt8(crc >> 24)
        bytes[30] = UInt8((crc >> 16) & 0xFF)
        bytes[31] = UInt8((crc >> 8) & 0xFF)
        bytes[32] = UInt8(crc & 0xFF)
        return Data(bytes)
    }

    /// CRC-32 as PNG defines it (ISO 3309 polynomial, reflected).
    private static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in bytes {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = (crc & 1) != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return crc ^ 0xFFFF_FFFF
    }

    enum PictureError: Error { case build }
}
