import Foundation
import Testing

@testable import ModulesKit

/// The content hash's blob ids are computed in process: they must equal `git hash-object --no-filters`.
@Suite(.timeLimit(.minutes(2))) struct GitBlobIDTests {
    private func gitHashObject(_ file: URL, in directory: URL) throws -> String {
        let process = Process()
        let pipe = Pipe()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["git", "hash-object", "--no-filters", "--", file.path]
        process.currentDirectoryURL = directory
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    @Test func blobIDsEqualGitsInBothObjectFormats() async throws {
        try await withTemporaryDirectory { directory in
            let contents = [Data(), Data("line\r\nwith crlf\n".utf8), Data((0..<3000).map { UInt8($0 % 256) })]
            for (format, sha256) in [("sha1", false), ("sha256", true)] {
                let repo = directory.appendingPathComponent(format, isDirectory: true)
                try FileManager().createDirectory(at: repo, withIntermediateDirectories: true)
                try git(["init", "-q", "--object-format=\(format)"], in: repo)
                for (index, data) in contents.enumerated() {
                    let file = repo.appendingPathComponent("file-\(index)")
                    try data.write(to: file)
                    #expect(BlobDigest.gitBlobID(of: data, sha256: sha256) == (try gitHashObject(file, in: repo)))
                }
            }
        }
    }
}
