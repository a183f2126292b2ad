/// The file formats the decoder reads and the encoder writes.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// JPEG (ITU T.81 / JFIF), decoded through libjpeg-turbo.
    case jpeg
    /// PNG (ISO/IEC 15948), decoded through libpng.
    case png

    /// The format the first bytes of a file announce (JPEG's SOI marker FF D8 FF, PNG's 8-byte signature), or nil.
    public static func sniff<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> ImageFormat? {
        let head = Array(bytes.prefix(8))
        if head.count >= 3 && head[0] == 0xFF && head[1] == 0xD8 && head[2] == 0xFF { return .jpeg }
        if head == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] { return .png }
        return nil
    }

    /// The file name extension used in image URLs (`jpg`, `png`).
    public var fileExtension: String {
        switch self {
        case .jpeg: "jpg"
        case .png: "png"
        }
    }

    /// The media type sent as `Content-Type` (RFC 2046 registrations `image/jpeg`, `image/png`).
    public var mediaType: String {
        switch self {
        case .jpeg: "image/jpeg"
        case .png: "image/png"
        }
    }
}
