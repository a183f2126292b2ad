/// Why bytes did not become a picture. Decoding returns these as values; nothing traps.
public enum ImageDecodingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The bytes start with neither a JPEG nor a PNG signature (an HTML error page, an empty body).
    case unknownFormat
    /// The declared size is above the decoder's cap; refused before any pixel memory was allocated.
    case tooLarge(declared: PixelSize, maximumPixels: Int)
    /// The file is damaged or truncated; `reason` is the library's own message.
    case corrupt(format: ImageFormat, reason: String)
    /// A valid file the streaming decoder does not handle (an interlaced PNG, a CMYK JPEG).
    case unsupported(format: ImageFormat, reason: String)
    /// Memory for the reduced image could not be allocated.
    case outOfMemory

    /// A one-line, human-readable rendering.
    public var description: String {
        switch self {
        case .unknownFormat: "not a JPEG or PNG file"
        case .tooLarge(let declared, let maximum):
            "declared size \(declared) (\(declared.pixelCount) pixels) is above the limit of \(maximum) pixels"
        case .corrupt(let format, let reason): "corrupt \(format.rawValue.uppercased()) file: \(reason)"
        case .unsupported(let format, let reason): "unsupported \(format.rawValue.uppercased()) file: \(reason)"
        case .outOfMemory: "out of memory while decoding"
        }
    }
}
