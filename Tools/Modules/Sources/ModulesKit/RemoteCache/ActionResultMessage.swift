import Foundation

/// The few fields of REAPI v2's `build.bazel.remote.execution.v2.ActionResult` that an AC entry of `modules`
/// holds, in protobuf's wire format (https://protobuf.dev/programming-guides/encoding/): `output_files = 2`
/// (each an `OutputFile` with `path = 1` and `digest = 2`, a `Digest` of `hash = 1` and `size_bytes = 2`) and
/// `exit_code = 4`. Servers that validate action results (bazel-remote does by default) read them as such.
public struct ActionResultMessage: Sendable, Equatable {
    /// One `OutputFile`: a blob of the CAS under a name.
    public struct OutputFile: Sendable, Equatable {
        /// The name (`outcome.json`, `junit.xml`, `test.log`).
        public var path: String
        /// The blob's digest.
        public var digest: BlobDigest

        /// Creates an output file.
        public init(path: String, digest: BlobDigest) {
            self.path = path
            self.digest = digest
        }
    }

    /// The output files, in order.
    public var outputFiles: [OutputFile]
    /// The exit code: 0 for a passing test target, else non-zero.
    public var exitCode: Int32

    /// Creates a message.
    public init(outputFiles: [OutputFile], exitCode: Int32) {
        self.outputFiles = outputFiles
        self.exitCode = exitCode
    }

    /// The output file named `path`, if any.
    public func file(_ path: String) -> OutputFile? {
        outputFiles.first { $0.path == path }
    }

    /// Bytes that are not an `ActionResult` as written here: a truncated or malformed field, a digest that is not
    /// SHA-256, a wire type protobuf does not define.
    public struct DecodingError: Error, Equatable, CustomStringConvertible {
        /// What is wrong, with the byte offset.
        public var description: String
    }

    /// The message's wire-format bytes (fields in number order, defaults left out as protobuf does).
    public func encoded() -> Data {
        var out = ProtobufWriter()
        for file in outputFiles {
            var digest = ProtobufWriter()
            digest.string(1, file.digest.hash)
            digest.varint(2, UInt64(bitPattern: file.digest.sizeBytes))
            var entry = ProtobufWriter()
            entry.string(1, file.path)
            entry.bytes(2, digest.data)
            out.bytes(2, entry.data)
        }
        out.varint(4, UInt64(bitPattern: Int64(exitCode)))
        return out.data
    }

    /// Decodes `data`, skipping fields it does not know (a server may add `execution_metadata`).
    /// - Throws: ``DecodingError``.
    public static func decode(_ data: Data) throws(DecodingError) -> ActionResultMessage {
        var message = ActionResultMessage(outputFiles: [], exitCode: 0)
        var reader = ProtobufReader(data)
        while let (field, value) = try reader.next() {
            switch (field, value) {
            case (2, .bytes(let bytes)): message.outputFiles.append(try outputFile(bytes))
            case (4, .varint(let number)): message.exitCode = Int32(truncatingIfNeeded: Int64(bitPattern: number))
            case (2, _), (4, _): throw DecodingError(description: "field \(field) has the wrong wire type")
            default: continue
            }
        }
        return message
    }

    private static func outputFile(_ data: Data) throws(DecodingError) -> OutputFile {
        var path: String?
        var digest: BlobDigest?
        var reader = ProtobufReader(data)
        while let (field, value) = try reader.next() {
            switch (field, value) {
            case (1, .bytes(let bytes)): path = String(decoding: bytes, as: UTF8.self)
            case (2, .bytes(let bytes)):
                var hash = ""
                var size: Int64 = 0
                var inner = ProtobufReader(bytes)
                while let (innerField, innerValue) = try inner.next() {
                    switch (innerField, innerValue) {
                    case (1, .bytes(let text)): hash = String(decoding: text, as: UTF8.self)
                    case (2, .varint(let number)): size = Int64(bitPattern: number)
                    default: continue
                    }
                }
                guard BlobDigest.isWellFormed(hash), size >= 0 else {
                    throw DecodingError(description: "an output file's digest is not SHA-256 ('\(hash.prefix(80))')")
                }
                digest = BlobDigest(hash: hash, sizeBytes: size)
            default: continue
            }
        }
        guard let path, let digest else {
            throw DecodingError(description: "an output file without a path or a digest")
        }
        return OutputFile(path: path, digest: digest)
    }
}

/// Writes protobuf fields (wire types 0 and 2, the only ones an `ActionResult` here needs).
struct ProtobufWriter {
    private(set) var data = Data()

    private mutating func raw(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            data.append(UInt8(value & 0x7f) | 0x80)
            value >>= 7
        }
        data.append(UInt8(value))
    }

    /// A varint field (wire type 0); 0 is the default and is left out.
    mutating func varint(_ field: UInt64, _ value: UInt64) {
        guard value != 0 else { return }
        raw(field << 3)
        raw(value)
    }

    /// A length-delimited field (wire type 2).
    mutating func bytes(_ field: UInt64, _ value: Data) {
        raw(field << 3 | 2)
        raw(UInt64(value.count))
        data.append(value)
    }

    /// A string field: its UTF-8 bytes.
    mutating func string(_ field: UInt64, _ value: String) {
        bytes(field, Data(value.utf8))
    }
}

/// Reads protobuf fields one at a time; fixed-width fields are read and returned as their raw bytes.
struct ProtobufReader {
    enum Value {
        case varint(UInt64)
        case bytes(Data)
    }

    private let data: [UInt8]
    private var offset = 0

    init(_ data: Data) {
        self.data = [UInt8](data)
    }

    private mutating func varint() throws(ActionResultMessage.DecodingError) -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while offset < data.count, shift < 64 {
            let byte = data[offset]
            offset += 1
            result |= UInt64(byte & 0x7f) << shift
            if byte & 0x80 == 0 { return result }
            shift += 7
        }
        throw .init(description: "a varint runs past the end or beyond 10 bytes at byte \(offset)")
    }

    private mutating func take(_ count: Int) throws(ActionResultMessage.DecodingError) -> Data {
        guard count >= 0, count <= data.count - offset else {
            throw .init(description: "a field of \(count) bytes runs past the end at byte \(offset)")
        }
        defer { offset += count }
        return Data(data[offset..<offset + count])
    }

    /// The next field's number and value, or `nil` at the end.
    mutating func next() throws(ActionResultMessage.DecodingError) -> (UInt64, Value)? {
        guard offset < data.count else { return nil }
        let tag = try varint()
        let field = tag >> 3
        guard field > 0 else { throw .init(description: "field number 0 at byte \(offset)") }
        switch tag & 7 {
        case 0: return (field, .varint(try varint()))
        case 1: return (field, .bytes(try take(8)))
        case 2:
            let length = try varint()
            guard length <= UInt64(Int.max) else { throw .init(description: "a length of \(length) bytes") }
            return (field, .bytes(try take(Int(length))))
        case 5: return (field, .bytes(try take(4)))
        default: throw .init(description: "wire type \(tag & 7) at byte \(offset) is not protobuf's")
        }
    }
}
