import Foundation

/// A store of import scans (``ImportScanner``'s answers), keyed by the content of the files read, so a warm
/// `modules lint` starts no compiler for a target whose files did not change.
///
/// One file per scan under ``directory`` (`<repo>/.build/modules/cache/imports` by default, with a `.gitignore` of
/// `*`), named by the SHA-256 of the key: this format's version, the compiler's path and the toolchain fingerprint
/// (``Toolchain/fingerprint()``), every ``ImportScanner/Settings`` field (module, conditions, language mode,
/// upcoming features, target triple), and each file's path and the SHA-256 of its bytes, in the order given. A
/// file that cannot be read makes no key (the scan runs, and its failure is not recorded). Failed scans are never
/// recorded. Entries are written to a temporary file and renamed, so several `modules` at once never read half an
/// entry; a damaged entry is a miss; a failure to write loses nothing but the next run's time.
public struct ImportScanCache: Sendable {
    /// The folder of the cache directory the entries go in.
    static let folder = "imports"
    /// The entry format; a new version is a miss for every entry.
    static let formatVersion = 1
    private static let header = "modules import scan \(formatVersion)"

    /// The directory holding the entries.
    public let directory: URL
    /// What identifies the toolchain; an entry of another toolchain is a miss.
    public let toolchainFingerprint: String

    /// Creates a cache over `directory` (created on the first write).
    public init(directory: URL, toolchainFingerprint: String) {
        self.directory = directory
        self.toolchainFingerprint = toolchainFingerprint
    }

    /// The key of one scan: 64 hexadecimal digits, or `nil` when a file cannot be read.
    /// - Parameters:
    ///   - files: the absolute paths of the files, in the order the compiler gets them.
    ///   - settings: the scan's settings.
    ///   - swiftc: the compiler that reads them.
    public func key(files: [URL], settings: ImportScanner.Settings, swiftc: String) -> String? {
        var lines = [
            Self.header, "swiftc \(swiftc)", "toolchain \(toolchainFingerprint)", "module \(settings.module)",
            "defines \(settings.defines.joined(separator: " "))", "language \(settings.languageMode)",
            "features \(settings.upcomingFeatures.joined(separator: " "))", "triple \(settings.targetTriple ?? "-")",
        ]
        for file in files {
            guard let data = FileManager().contents(atPath: file.path) else { return nil }
            lines.append("file \(file.path) \(BlobDigest.sha256(data))")
        }
        return BlobDigest.sha256(lines.joined(separator: "\n"))
    }

    /// The recorded modules of the scan `key`, or `nil` when none is recorded (or the entry is damaged).
    public func modules(for key: String) -> [String]? {
        guard let data = FileManager().contents(atPath: entryURL(key).path) else { return nil }
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first == Substring(Self.header), lines.last == "end" else { return nil }
        return lines.dropFirst().dropLast().map(String.init)
    }

    /// Records the modules of the scan `key`.
    /// - Throws: the file system's error when the directory or the entry cannot be written.
    public func store(_ modules: [String], for key: String) throws {
        try ManifestCache.prepare(directory)
        let text = ([Self.header] + modules + ["end"]).joined(separator: "\n")
        try Data(text.utf8).write(to: entryURL(key), options: .atomic)
    }

    private func entryURL(_ key: String) -> URL {
        directory.appendingPathComponent(key + ".txt")
    }
}
