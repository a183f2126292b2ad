import CCrypto
import Foundation

/// Computes git's blob ids (`git hash-object --no-filters`) in process: the SHA-1, or SHA-256 for a repository
/// of that object format, of `blob <size>\0` followed by the bytes, with OpenSSL's libcrypto (one `EVP_MD_CTX`
/// reset per id, the header and the bytes fed apart so nothing is copied), and reads files into one buffer that it
/// keeps between reads.
///
/// Not `Sendable`: one instance serves one task.
final class GitBlobHasher {
    private let algorithm: OpaquePointer?
    private let context: OpaquePointer?
    private var buffer: [UInt8] = Array(repeating: 0, count: 1 << 16)

    /// Creates a hasher for `sha256` (else SHA-1) ids.
    init(sha256: Bool) {
        algorithm = sha256 ? EVP_sha256() : EVP_sha1()
        context = EVP_MD_CTX_new()
    }

    deinit {
        EVP_MD_CTX_free(context)
    }

    /// The blob id of `bytes`, lowercase hexadecimal; empty when libcrypto cannot hash (no context could be
    /// allocated), which matches no id.
    func blobID(of bytes: UnsafeRawBufferPointer) -> String {
        guard let context, EVP_DigestInit_ex(context, algorithm, nil) == 1 else { return "" }
        var header = Array("blob \(bytes.count)".utf8)
        header.append(0)
        var succeeded = header.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) } == 1
        // NB: an empty buffer may have no base address; EVP_DigestUpdate reads nothing with a count of 0.
        if bytes.count > 0 {
            succeeded = succeeded && EVP_DigestUpdate(context, bytes.baseAddress, bytes.count) == 1
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard succeeded, EVP_DigestFinal_ex(context, &digest, &length) == 1 else { return "" }
        return Self.hex(digest.prefix(Int(length)))
    }

    /// The blob id of `bytes`.
    func blobID(of bytes: [UInt8]) -> String {
        bytes.withUnsafeBytes { blobID(of: $0) }
    }

    /// The blob id of the file at `path` (its bytes, a symbolic link followed), or `nil` when it cannot be opened
    /// or read.
    func blobID(ofFileAt path: String) -> String? {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var count = 0
        while true {
            if count == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: buffer.count))
            }
            let got = buffer.withUnsafeMutableBytes { bytes in
                read(descriptor, bytes.baseAddress.map { $0 + count }, bytes.count - count)
            }
            if got == 0 { break }
            if got < 0 {
                guard errno == EINTR else { return nil }
                continue
            }
            count += got
        }
        return buffer.withUnsafeBytes { blobID(of: UnsafeRawBufferPointer(rebasing: $0[0..<count])) }
    }

    private static let digits = Array("0123456789abcdef".utf8)

    /// `bytes` as lowercase hexadecimal digits.
    static func hex(_ bytes: some Collection<UInt8>) -> String {
        var text = [UInt8]()
        text.reserveCapacity(bytes.count * 2)
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
