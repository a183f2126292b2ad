import Foundation

/// Why the disk cache could not store an entry (a full disk, a read-only directory) or delete one. Reading never
/// throws: an unreadable entry is a miss.
public struct DiskImageCacheError: Error, Sendable, CustomStringConvertible {
    /// What the cache was doing.
    public enum Operation: String, Sendable {
        /// Writing an entry or making the directory.
        case write
        /// Deleting an entry (`removeAll`).
        case delete
    }

    /// The file or directory involved.
    public let path: String
    /// What the file system said.
    public let reason: String
    /// What failed.
    public let operation: Operation

    /// An error of `operation` on `path`.
    public init(path: String, reason: String, operation: Operation = .write) {
        self.path = path
        self.reason = reason
        self.operation = operation
    }

    /// A one-line, human-readable rendering.
    public var description: String { "image cache: cannot \(operation.rawValue) \(path): \(reason)" }
}

/// The original bytes of downloaded images, one file per image in one directory shared by every process of the
/// app (`$XDG_CACHE_HOME/storefront/images/` in the app; the composition root passes it), with the server's ETag
/// for revalidation with `If-None-Match` (RFC 9110 §13.1.2) and the time until which the bytes are fresh by the
/// server's `Cache-Control` (RFC 9111 §4.2), so a fresh picture is reused without asking the server.
///
/// - Keys are URLs relative to the API base (`ImageLocation`), so entries survive the embedded server's port change.
/// - Each entry is written whole to a temporary file and renamed into place, so a reader in another process sees
///   the old entry or the new one, never half of one. A file that is missing, truncated, not in this format or
///   whose body no longer has the checksum it was stored with (a damaged disk, a stray write) is a miss (and is
///   removed), so the picture is downloaded again instead of a 304 confirming bad bytes for good: the directory may
///   be deleted at any time.
/// - Total size is capped: after each store the least recently used entries (by file modification time, which a
///   hit refreshes) are deleted until the total is within `capacity`.
public final class DiskImageCache: Sendable {
    /// One cached image.
    public struct Entry: Sendable, Equatable {
        /// The file bytes as the server sent them.
        public let data: Data
        /// The server's entity tag, sent back in `If-None-Match`; nil when the answer had none.
        public let entityTag: String?
        /// Until when the bytes may be used without asking the server (by the cache's clock); nil when they must be
        /// revalidated before every use (no `max-age`, `no-cache`, or an entry stored before freshness was kept).
        public let freshUntil: Date?

        /// An entry of `data` with `entityTag`, fresh until `freshUntil`.
        public init(data: Data, entityTag: String?, freshUntil: Date? = nil) {
            self.data = data
            self.entityTag = entityTag
            self.freshUntil = freshUntil
        }
    }

    private struct Header: Codable {
        var path: String
        var etag: String?
        var length: Int
        /// `checksum(of:)` of the body, in hexadecimal.
        var fnv1a64: String
        /// Milliseconds since 1970 until which the body is fresh; absent in entries written before it was kept
        /// (which read as stale, and which the versions before it read as they always did).
        var freshUntilMilliseconds: Int64?
    }

    /// Version 2 added the body's checksum; entries of version 1 are misses.
    private static let magic = Data("storefront-image 2\n".utf8)
    private static let suffix = ".img"

    /// The cache directory (created on the first store).
    public let directory: URL
    /// The most the entries may take together, in bytes of file size.
    public let capacity: Int
    private let now: @Sendable () -> Date

    /// A cache in `directory` holding at most `capacity` bytes; `now` stamps entries for LRU order (tests pass a
    /// controlled clock).
    public init(directory: URL, capacity: Int, now: @escaping @Sendable () -> Date) {
        self.directory = directory
        self.capacity = max(0, capacity)
        self.now = now
    }

    /// The entry for `path` (a URL relative to the API base), which becomes the most recently used; nil on a miss.
    public func entry(for path: String) -> Entry? {
        let file = fileURL(for: path)
        guard let contents = try? Data(contentsOf: file) else { return nil }
        guard let entry = Self.parse(contents, path: path) else {
            try? FileManager.default.removeItem(at: file)
            return nil
        }
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: file.path)
        return entry
    }

    /// Marks the entry for `path` as just used (after a 304 confirmed it).
    public func touch(_ path: String) {
        try? FileManager.default.setAttributes([.modificationDate: now()], ofItemAtPath: fileURL(for: path).path)
    }

    /// Whether `entry` may be used now without asking the server: it has a `freshUntil` still ahead of the cache's
    /// clock.
    public func isFresh(_ entry: Entry) -> Bool {
        guard let freshUntil = entry.freshUntil else { return false }
        return now() < freshUntil
    }

    /// Stores `data` with `entityTag` for `path`, fresh for `freshness` seconds from now by the cache's clock (0 or
    /// less: revalidated before every use), replacing any entry, then trims the cache to `capacity`.
    ///
    /// - Throws: `DiskImageCacheError` when the directory or file cannot be written (nothing half-written stays).
    public func store(
        _ data: Data, entityTag: String?, freshFor freshness: TimeInterval = 0, for path: String
    ) throws(DiskImageCacheError) {
        let manager = FileManager()
        do {
            try manager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DiskImageCacheError(path: directory.path, reason: error.localizedDescription)
        }
        var contents = Self.magic
        let freshUntil = freshness > 0 ? Int64((now().timeIntervalSince1970 + freshness) * 1000) : nil
        let header = Header(
            path: path, etag: entityTag, length: data.count, fnv1a64: String(Self.checksum(of: data), radix: 16),
            freshUntilMilliseconds: freshUntil)
        guard let headerJSON = try? JSONEncoder().encode(header) else {
            throw DiskImageCacheError(path: path, reason: "cannot encode the entry header")
        }
        contents.append(headerJSON)
        contents.append(0x0A)
        contents.append(data)
        let file = fileURL(for: path)
        do {
            try write(contents, to: file, manager: manager)
        } catch {
            // A full disk (or quota) below the cache's own cap: make room by dropping the least recently used
            // entries the size of this one, then try once more, so the cache keeps taking new pictures.
            guard makeRoom(bytes: contents.count, manager: manager) > 0 else { throw error }
            try write(contents, to: file, manager: manager)
        }
        trim()
    }

    /// Writes `contents` whole to a temporary file and renames it to `file`; nothing half-written stays.
    private func write(_ contents: Data, to file: URL, manager: FileManager) throws(DiskImageCacheError) {
        let temporary = directory.appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try contents.write(to: temporary)
            try manager.setAttributes([.modificationDate: now()], ofItemAtPath: temporary.path)
            if rename(temporary.path, file.path) != 0 {
                throw DiskImageCacheError(path: file.path, reason: String(cString: strerror(errno)))
            }
        } catch let error as DiskImageCacheError {
            try? manager.removeItem(at: temporary)
            throw error
        } catch {
            try? manager.removeItem(at: temporary)
            throw DiskImageCacheError(path: file.path, reason: error.localizedDescription)
        }
    }

    /// Deletes least recently used entries until at least `bytes` are freed (or none is left); returns the bytes
    /// freed.
    private func makeRoom(bytes: Int, manager: FileManager) -> Int {
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return 0
        }
        let entries = files.filter { $0.lastPathComponent.hasSuffix(Self.suffix) }.compactMap {
            file -> (url: URL, modified: Date, size: Int)? in
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { return nil }
            return (file, values.contentModificationDate ?? .distantPast, values.fileSize ?? 0)
        }
        var freed = 0
        for entry in entries.sorted(by: { $0.modified < $1.modified }) where freed < bytes {
            guard (try? manager.removeItem(at: entry.url)) != nil else { continue }
            freed += entry.size
        }
        return freed
    }

    /// Deletes least recently used entries until the total size is within `capacity`; also removes temporary files
    /// a killed writer left more than an hour ago.
    public func trim() {
        let manager = FileManager()
        let keys: [URLResourceKey] = [.contentModificationDateKey, .fileSizeKey]
        guard let files = try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: keys) else {
            return
        }
        var entries: [(url: URL, modified: Date, size: Int)] = []
        let staleTemporary = now().addingTimeInterval(-3600)
        for file in files {
            guard let values = try? file.resourceValues(forKeys: Set(keys)) else { continue }
            let modified = values.contentModificationDate ?? .distantPast
            if file.lastPathComponent.hasPrefix(".tmp-") {
                if modified < staleTemporary { try? manager.removeItem(at: file) }
                continue
            }
            guard file.lastPathComponent.hasSuffix(Self.suffix) else { continue }
            entries.append((file, modified, values.fileSize ?? 0))
        }
        var total = entries.reduce(0) { $0 + $1.size }
        guard total > capacity else { return }
        for entry in entries.sorted(by: { $0.modified < $1.modified }) where total > capacity {
            try? manager.removeItem(at: entry.url)
            total -= entry.size
        }
    }

    /// The total size of the entries, in bytes.
    public func totalBytes() -> Int {
        let files =
            (try? FileManager.default.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey]))
            ?? []
        return files.filter { $0.lastPathComponent.hasSuffix(Self.suffix) }.reduce(0) {
            $0 + ((try? $1.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0)
        }
    }

    /// Deletes every entry; returns how many files and bytes were removed. A missing directory is an empty cache.
    ///
    /// - Throws: `DiskImageCacheError` when an entry cannot be deleted.
    @discardableResult
    public func removeAll() throws(DiskImageCacheError) -> (files: Int, bytes: Int) {
        let manager = FileManager()
        guard
            let files = try? manager.contentsOfDirectory(at: directory, includingPropertiesForKeys: [.fileSizeKey])
        else { return (0, 0) }
        var removed = (files: 0, bytes: 0)
        for file in files
        where file.lastPathComponent.hasSuffix(Self.suffix) || file.lastPathComponent.hasPrefix(".tmp-") {
            let size = (try? file.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0
            do {
                try manager.removeItem(at: file)
            } catch {
                if manager.fileExists(atPath: file.path) {
                    throw DiskImageCacheError(path: file.path, reason: error.localizedDescription, operation: .delete)
                }
                continue
            }
            removed.files += 1
            removed.bytes += size
        }
        return removed
    }

    /// The file of `path`: its characters outside `[A-Za-z0-9._-]` percent-encoded; a long path is shortened and
    /// given a 64-bit FNV-1a hash of the whole so names stay under the 255-byte limit of common file systems.
    func fileURL(for path: String) -> URL {
        var name = ""
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."):
                name.append(Character(Unicode.Scalar(byte)))
            default:
                name += "%" + String(byte, radix: 16, uppercase: true).leftPadded(to: 2)
            }
        }
        if name.hasPrefix(".") { name = "%2E" + name.dropFirst() }
        if name.utf8.count > 200 {
            name = String(name.prefix(180)) + "-" + String(Self.checksum(of: Data(path.utf8)), radix: 16)
        }
        return directory.appendingPathComponent(name + Self.suffix)
    }

    private static func parse(_ contents: Data, path: String) -> Entry? {
        guard contents.starts(with: magic) else { return nil }
        let afterMagic = contents.index(contents.startIndex, offsetBy: magic.count)
        guard let newline = contents[afterMagic...].firstIndex(of: 0x0A),
            let header = try? JSONDecoder().decode(Header.self, from: contents[afterMagic..<newline]),
            header.path == path
        else { return nil }
        let body = contents[contents.index(after: newline)...]
        guard body.count == header.length, UInt64(header.fnv1a64, radix: 16) == checksum(of: body) else { return nil }
        let freshUntil = header.freshUntilMilliseconds.map { Date(timeIntervalSince1970: Double($0) / 1000) }
        return Entry(data: Data(body), entityTag: header.etag, freshUntil: freshUntil)
    }

    /// The 64-bit FNV-1a hash of `bytes`: any change of one byte changes it (each step is a bijection of the state),
    /// so it catches damage on disk; it is no defence against a deliberate forgery, which the cache does not need.
    static func checksum(of bytes: some DataProtocol) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for region in bytes.regions {
            hash = region.withUnsafeBytes { buffer in
                var value = hash
                for byte in buffer {
                    value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
                }
                return value
            }
        }
        return hash
    }
}

extension String {
    fileprivate func leftPadded(to length: Int) -> String {
        count >= length ? self : String(repeating: "0", count: length - count) + self
    }
}
