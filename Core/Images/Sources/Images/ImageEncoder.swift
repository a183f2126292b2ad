import CImageCodecs
import Foundation

/// Why pixels did not become a file.
public struct ImageEncodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The format being written.
    public let format: ImageFormat
    /// The library's message.
    public let reason: String

    /// An error writing `format`, for `reason`.
    public init(format: ImageFormat, reason: String) {
        self.format = format
        self.reason = reason
    }

    /// A one-line, human-readable rendering.
    public var description: String { "cannot encode \(format.rawValue.uppercased()): \(reason)" }
}

/// Encodes RGBA pixels as JPEG (libjpeg-turbo; alpha dropped) or PNG (libpng; alpha kept).
public struct ImageEncoder: Sendable {
    /// JPEG quality, 1...100 (libjpeg's `jpeg_set_quality` scale).
    public let jpegQuality: Int

    /// An encoder writing JPEGs at `jpegQuality` (clamped to 1...100).
    public init(jpegQuality: Int = 85) {
        self.jpegQuality = min(max(jpegQuality, 1), 100)
    }

    /// The file bytes of `image` in `format`.
    ///
    /// - Throws: `ImageEncodingError` with the library's message when it fails (memory, an impossible size).
    public func encode(_ image: DecodedImage, as format: ImageFormat) throws(ImageEncodingError) -> Data {
        var message = [CChar](repeating: 0, count: 256)
        var output: UnsafeMutablePointer<UInt8>?
        var length = 0
        let status = image.pixels.withUnsafeBufferPointer { pixels in
            message.withUnsafeMutableBufferPointer { buffer in
                let width = UInt32(image.size.width)
                let height = UInt32(image.size.height)
                return switch format {
                case .jpeg:
                    image_codecs_encode_jpeg(
                        pixels.baseAddress, width, height, Int32(jpegQuality), &output, &length, buffer.baseAddress,
                        buffer.count)
                case .png:
                    image_codecs_encode_png(
                        pixels.baseAddress, width, height, &output, &length, buffer.baseAddress, buffer.count)
                }
            }
        }
        guard status == Int32(IMAGE_CODECS_OK), let output else {
            let reason = codecMessage(message)
            throw ImageEncodingError(format: format, reason: reason.isEmpty ? "status \(status)" : reason)
        }
        defer { image_codecs_free(output) }
        return Data(bytes: output, count: length)
    }
}
