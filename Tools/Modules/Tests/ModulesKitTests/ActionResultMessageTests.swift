import Foundation
import Testing

@testable import ModulesKit

/// The AC entry: REAPI v2 `ActionResult` in protobuf's wire format, written here and read back by `protoc`.
@Suite(.timeLimit(.minutes(5))) struct ActionResultMessageTests {
    static let sample = ActionResultMessage(
        outputFiles: [
            .init(path: "outcome.json", digest: BlobDigest(of: Data("{}".utf8))),
            .init(path: "test.log", digest: BlobDigest(of: Data(repeating: 7, count: 300))),
        ],
        exitCode: 1)

    @Test func encodesAndDecodesTheFieldsItWrites() throws {
        let bytes = Self.sample.encoded()
        #expect(try ActionResultMessage.decode(bytes) == Self.sample)
        let negative = ActionResultMessage(outputFiles: [], exitCode: -6)
        #expect(try ActionResultMessage.decode(negative.encoded()) == negative)
        // Unknown fields (a server's execution_metadata = 9) are skipped.
        var extended = bytes
        extended.append(contentsOf: [0x4a, 0x02, 0x08, 0x01])
        #expect(try ActionResultMessage.decode(extended) == Self.sample)
    }

    @Test func malformedBytesAreErrorsNeverCrashes() {
        let bytes = Self.sample.encoded()
        for cut in [1, 5, bytes.count / 2, bytes.count - 1] {
            #expect(throws: ActionResultMessage.DecodingError.self) {
                try ActionResultMessage.decode(bytes.prefix(cut))
            }
        }
        #expect(throws: ActionResultMessage.DecodingError.self) { try ActionResultMessage.decode(Data("<html>".utf8)) }
        var badDigest = ProtobufWriter()
        var digest = ProtobufWriter()
        digest.string(1, "not-a-sha256")
        var file = ProtobufWriter()
        file.string(1, "outcome.json")
        file.bytes(2, digest.data)
        badDigest.bytes(2, file.data)
        #expect(throws: ActionResultMessage.DecodingError.self) { try ActionResultMessage.decode(badDigest.data) }
    }

    @Test func protocDecodesItAsAnActionResult() async throws {
        try await withTemporaryDirectory { directory in
            let text = try await ProtocDecoder.decode(Self.sample.encoded(), in: directory)
            #expect(text.contains("path: \"outcome.json\""))
            #expect(text.contains("hash: \"\(BlobDigest.sha256(Data("{}".utf8)))\""))
            #expect(text.contains("size_bytes: 300"))
            #expect(text.contains("exit_code: 1"))
        }
    }
}

/// `protoc --decode build.bazel.remote.execution.v2.ActionResult` (Debian's protobuf-compiler) with the
/// message's schema as REAPI v2 defines it (remote_execution.proto, the fields an AC entry of `modules` uses).
enum ProtocDecoder {
    static let schema = """
        syntax = "proto3";
        package build.bazel.remote.execution.v2;
        message Digest { string hash = 1; int64 size_bytes = 2; }
        message OutputFile { string path = 1; Digest digest = 2; bool is_executable = 4; bytes contents = 5; }
        message ActionResult {
          reserved 1;
          repeated OutputFile output_files = 2;
          int32 exit_code = 4;
          bytes stdout_raw = 5;
          Digest stdout_digest = 6;
        }
        """

    /// The text format of `bytes` decoded as an `ActionResult`.
    static func decode(_ bytes: Data, in directory: URL) async throws -> String {
        try Data(schema.utf8).write(to: directory.appendingPathComponent("action_result.proto"))
        let input = directory.appendingPathComponent("entry.bin")
        try bytes.write(to: input)
        let result = try await liveRunner(directory).run(
            ProcessInvocation(
                executable: "sh",
                arguments: [
                    "-c",
                    "protoc --decode build.bazel.remote.execution.v2.ActionResult -I. action_result.proto < entry.bin",
                ],
                workingDirectory: directory))
        #expect(result.succeeded, "\(result.standardErrorText)")
        return result.standardOutputText
    }
}
