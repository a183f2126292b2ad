import CCrypto
import Foundation

/// A content digest as REAPI v2 names a blob: the SHA-256 of its bytes (lowercase hexadecimal) and its size.
///
/// SHA-256 comes from OpenSSL's libcrypto (`EVP_Digest` with `EVP_sha256`, FIPS 180-4); nothing here hashes by
/// hand.
public struct BlobDigest: Sendable, Hashable, Codable, CustomStringConvertible {
    /// 64 lowercase hexadecimal digits.
    public var hash: String
    /// The blob's size in bytes.
    public var sizeBytes: Int64

    /// Creates a digest from its parts (as decoded from an `ActionResult`).
    public init(hash: String, sizeBytes: Int64) {
        self.hash = hash
        self.sizeBytes = sizeBytes
    }

    /// The digest of `data`.
    public init(of data: Data) {
        self.init(hash: Self.sha256(data), sizeBytes: Int64(data.count))
    }

    /// `<hash>/<size>`, as Bazel prints digests.
    public var description: String { "\(hash)/\(sizeBytes)" }

    /// Whether `data` is the blob this digest names (same size, same SHA-256).
    public func matches(_ data: Data) -> Bool {
        Int64(data.count) == sizeBytes && Self.sha256(data) == hash
    }

    /// Whether `text` has the shape of a SHA-256 digest: 64 lowercase hexadecimal digits.
    public static func isWellFormed(_ text: String) -> Bool {
        text.utf8.count == 64 && text.utf8.allSatisfy { (48...57).contains($0) || (97...102).contains($0) }
    }

    /// The SHA-256 of `data`, 64 lowercase hexadecimal digits.
    public static func sha256(_ data: Data) -> String {
        hexDigest(data, EVP_sha256())
    }

    private static func hexDigest(_ data: Data, _ algorithm: OpaquePointer?) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let succeeded = data.withUnsafeBytes { bytes in
            // NB: an empty Data may have no base address; EVP_Digest reads nothing with a count of 0.
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, algorithm, nil)
        }
        // EVP_Digest fails only when libcrypto cannot allocate a context; an empty hash then never matches anything.
        guard succeeded == 1 else { return "" }
        let hex = Array("0123456789abcdef".utf8)
        var text = [UInt8]()
        text.reserveCapacity(Int(length) * 2)
        for byte in digest.prefix(Int(length)) {
            text.append(hex[Int(byte >> 4)])
            text.append(hex[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }

    /// Git's object id of a blob holding `data` (`git hash-object --no-filters`): the SHA-1 (or, for a repository
    /// in the SHA-256 object format, the SHA-256) of `blob <size>\0` followed by the bytes, lowercase hexadecimal.
    static func gitBlobID(of data: Data, sha256: Bool) -> String {
        data.withUnsafeBytes { GitBlobHasher(sha256: sha256).blobID(of: $0) }
    }

    /// The SHA-256 of `text`'s UTF-8 bytes.
    public static func sha256(_ text: String) -> String {
        sha256(Data(text.utf8))
    }
}
