import Foundation

/// A store of `swift package dump-package` results, keyed by the manifest's content, the package's directory and
/// the toolchain, so that a command over a repository whose manifests did not change starts no `swift` process.
///
/// One JSON file per package directory under ``directory`` (which holds a `.gitignore` of `*`) (the name is a hash of the directory's path; the entry
/// itself records the path, so a collision is a miss, never a wrong manifest). An entry is used only when all of
/// these equal what is on disk now:
/// - the package's absolute directory (dump-package writes absolute paths of path dependencies);
/// - the text of `Package.swift` and of every `Package@swift-*.swift` beside it (SwiftPM picks one of them);
/// - the toolchain fingerprint (``Toolchain/fingerprint()``): a new toolchain may read a manifest differently.
///
/// A manifest whose result depends on anything else (environment variables through `Context.environment`, files
/// it reads itself) is not seen to change: `--no-cache` reads every manifest through `swift` again.
///
/// Entries are written to a temporary file and renamed into place, so several `modules` processes at once never
/// read half an entry; a damaged or unreadable entry is a miss and is overwritten. A failure to write (a full
/// disk, a read-only directory) loses nothing: the manifest was loaded, the next run loads it again.
public struct ManifestCache: Sendable {
    /// The directory holding the entries (`<repo>/.build/modules/cache/manifests` by default).
    public let directory: URL
    /// What identifies the toolchain; an entry written by another toolchain is a miss.
    public let toolchainFingerprint: String

    /// The entry format; an entry of another version is a miss.
    static let formatVersion = 1

    /// Creates a cache over `directory` (created on the first write).
    public init(directory: URL, toolchainFingerprint: String) {
        self.directory = directory
        self.toolchainFingerprint = toolchainFingerprint
    }

    /// What the cache needs to know about a package directory to decide whether an entry still holds.
    public struct Key: Sendable, Equatable, Codable {
        /// The package directory's absolute, standardized path.
        public var directory: String
        /// Every manifest file of the directory (`Package.swift`, `Package@swift-6.0.swift`) and its text.
        public var manifests: [String: String]
        /// ``ManifestCache/toolchainFingerprint``.
        public var toolchain: String
    }

    private struct Entry: Codable {
        var formatVersion: Int
        var key: Key
        /// SwiftPM's `dump-package` output, as it printed it.
        var dump: String
    }

    /// The key of the package in `packageDirectory`, from the manifests on disk now.
    /// - Returns: `nil` when no manifest of the directory can be read (then nothing is cached).
    public func key(forPackageIn packageDirectory: URL) -> Key? {
        let manager = FileManager()
        let names = ((try? manager.contentsOfDirectory(atPath: packageDirectory.path)) ?? []).filter {
            $0 == PackageDiscovery.manifestName || ($0.hasPrefix("Package@swift-") && $0.hasSuffix(".swift"))
        }
        guard names.contains(PackageDiscovery.manifestName) else { return nil }
        var manifests: [String: String] = [:]
        for name in names {
            guard let text = try? String(contentsOf: packageDirectory.appendingPathComponent(name), encoding: .utf8)
            else { return nil }
            manifests[name] = text
        }
        return Key(
            directory: packageDirectory.standardizedFileURL.path, manifests: manifests, toolchain: toolchainFingerprint)
    }

    /// The recorded `dump-package` output for `key`, or `nil` when there is none or it no longer holds.
    public func lookup(_ key: Key) -> Data? {
        guard let data = try? Data(contentsOf: entryURL(for: key.directory)),
            let entry = try? JSONDecoder().decode(Entry.self, from: data),
            entry.formatVersion == Self.formatVersion, entry.key == key
        else { return nil }
        return Data(entry.dump.utf8)
    }

    /// Records `dump` (SwiftPM's output) for `key`.
    /// - Throws: the file system's error when the entry cannot be written; the caller decides whether to say so.
    public func store(_ dump: Data, for key: Key) throws {
        let entry = Entry(formatVersion: Self.formatVersion, key: key, dump: String(decoding: dump, as: UTF8.self))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let data = try encoder.encode(entry)
        try Self.prepare(directory)
        try data.write(to: entryURL(for: key.directory), options: .atomic)
    }

    /// Creates `directory` with a `.gitignore` of `*` in it, so a repository that does not ignore `.build` never
    /// sees recorded results as new files (`affected` would report them as changes).
    static func prepare(_ directory: URL) throws {
        let ignore = directory.appendingPathComponent(".gitignore")
        guard !FileManager().fileExists(atPath: ignore.path) else { return }
        try FileManager().createDirectory(at: directory, withIntermediateDirectories: true)
        try Data("# Recorded by `modules`; never committed.\n*\n".utf8).write(to: ignore, options: .atomic)
    }

    /// Removes every entry.
    /// - Throws: the file system's error when the directory exists and cannot be removed.
    public func clear() throws {
        let manager = FileManager()
        if manager.fileExists(atPath: directory.path) {
            try manager.removeItem(at: directory)
        }
    }

    func entryURL(for packageDirectory: String) -> URL {
        directory.appendingPathComponent(Self.name(for: packageDirectory) + ".json")
    }

    /// A file name for a directory path: the last component (for people listing the folder) and a 64-bit FNV-1a
    /// hash of the whole path (to tell `Core/Shared` from `Features/Shared`).
    static func name(for path: String) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01b3
        }
        let last = path.split(separator: "/").last.map(String.init) ?? "root"
        let safe = String(last.map { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" ? $0 : "_" })
        let hex = String(hash, radix: 16)
        return safe + "-" + String(repeating: "0", count: 16 - hex.count) + hex
    }
}
