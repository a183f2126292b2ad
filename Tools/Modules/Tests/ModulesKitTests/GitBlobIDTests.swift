import Foundation
import Testing

@testable import ModulesKit

/// The content hash's blob ids are computed in process: they must equal `git hash-object --no-filters`.
@Suite(.timeLimit(.minutes(2))) struct GitBlobIDTests {
    @Test func blobIDsEqualGitsInBothObjectFormats() async throws {
        try await withTemporaryDirectory { directory in
            // NB: the large file first: one hasher reads every file into the buffer it keeps, which must not leak
            // a longer file's bytes into a shorter one's id.
            let contents = [
                Data((0..<200_000).map { UInt8(($0 * 7) % 251) }), Data(), Data("line\r\nwith crlf\n".utf8),
                Data((0..<3000).map { UInt8($0 % 256) }),
            ]
            for (format, sha256) in [("sha1", false), ("sha256", true)] {
                let repo = directory.appendingPathComponent(format, isDirectory: true)
                try FileManager().createDirectory(at: repo, withIntermediateDirectories: true)
                try git(["init", "-q", "--object-format=\(format)"], in: repo)
                let hasher = GitBlobHasher(sha256: sha256)
                for (index, data) in contents.enumerated() {
                    let file = repo.appendingPathComponent("file-\(index)")
                    try data.write(to: file)
                    let expected = try gitHashObject(file, in: repo)
                    #expect(BlobDigest.gitBlobID(of: data, sha256: sha256) == expected)
                    #expect(hasher.blobID(ofFileAt: file.path) == expected, "file \(index) read by the hasher")
                }
                #expect(hasher.blobID(ofFileAt: repo.appendingPathComponent("missing").path) == nil)
            }
        }
    }
}
