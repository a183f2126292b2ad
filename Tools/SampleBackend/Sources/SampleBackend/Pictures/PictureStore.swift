import Foundation
import Images
import Logging
import Primitives

/// The encoded pictures the image route serves, each generated once: kept in memory up to `memoryLimit` bytes (the
/// oldest dropped first) and, with a data directory, in `<data-dir>/images/` across restarts.
final class PictureStore: Sendable {
    /// A picture's bytes and strong entity tag.
    struct Encoded: Sendable {
        let data: Data
        let entityTag: String
    }

    private struct Memory {
        var entries: [PictureCatalog.Picture: Encoded] = [:]
        var order: [PictureCatalog.Picture] = []
        var bytes = 0
    }

    let catalog: PictureCatalog
    private let generator: PictureGenerator
    private let directory: URL?
    private let memoryLimit: Int
    private let memory = Locked(Memory())
    private let logger: Logger

    /// A store for `catalog`, writing to `directory` when given.
    init(catalog: PictureCatalog, directory: URL?, memoryLimit: Int, logger: Logger) {
        self.catalog = catalog
        self.generator = PictureGenerator(seed: catalog.seed)
        self.directory = directory
        self.memoryLimit = memoryLimit
        self.logger = logger
    }

    /// The encoded bytes of `picture` (the corrupt one cut in half), from memory, disk, or drawn and encoded now.
    ///
    /// - Throws: `ImageEncodingError` when the encoder fails.
    func encoded(_ picture: PictureCatalog.Picture) throws -> Encoded {
        if let kept = memory.withLock({ $0.entries[picture] }) { return kept }
        let file = directory?.appendingPathComponent(
            "\(picture.kind.rawValue)-\(picture.id).\(picture.format.fileExtension)")
        let data: Data
        if let file, let stored = try? Data(contentsOf: file), !stored.isEmpty {
            data = stored
        } else {
            guard let pixels = generator.draw(picture) else {
                throw ImageEncodingError(format: picture.format, reason: "cannot draw \(picture.id)")
            }
            var encoded = try ImageEncoder(jpegQuality: 85).encode(pixels, as: picture.format)
            if picture.isCorrupt { encoded = encoded.prefix(encoded.count / 2) }
            data = encoded
            if let file { write(data, to: file) }
        }
        let answer = Encoded(
            data: data, entityTag: HTTPCaching.entityTag(for: data, policy: .publicAnswer(maxAgeSeconds: 0)))
        keep(answer, for: picture)
        return answer
    }

    private func keep(_ answer: Encoded, for picture: PictureCatalog.Picture) {
        let limit = memoryLimit
        memory.withLock { memory in
            guard memory.entries[picture] == nil, answer.data.count <= limit else { return }
            memory.entries[picture] = answer
            memory.order.append(picture)
            memory.bytes += answer.data.count
            while memory.bytes > limit, !memory.order.isEmpty {
                let oldest = memory.order.removeFirst()
                memory.bytes -= memory.entries.removeValue(forKey: oldest)?.data.count ?? 0
            }
        }
    }

    /// Writes `data` whole (a temporary file renamed into place); a failure is logged and only costs a regeneration.
    private func write(_ data: Data, to file: URL) {
        let manager = FileManager.default
        let temporary = file.deletingLastPathComponent().appendingPathComponent(".tmp-\(UUID().uuidString)")
        do {
            try manager.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            try data.write(to: temporary)
            if rename(temporary.path, file.path) != 0 {
                throw CocoaError(.fileWriteUnknown, userInfo: [NSFilePathErrorKey: file.path])
            }
        } catch {
            try? manager.removeItem(at: temporary)
            logger.warning(
                "cannot keep a picture on disk",
                metadata: ["path": .string(file.path), "error": .string(String(describing: error))])
        }
    }
}
