import Foundation

/// The file-sync tool whose naming a conflict copy follows.
public enum SyncTool: String, Sendable, Hashable {
    /// Syncthing: `<stem>.sync-conflict-<YYYYMMDD>-<HHMMSS>-<device>.<ext>`, where `<device>` is the first 7
    /// characters of the id of the device that made the change set aside, and the marker goes before the last
    /// extension (Syncthing documentation, "Understanding Synchronization", conflicting changes). Versions before
    /// device ids were added to the name write `<stem>.sync-conflict-<YYYYMMDD>-<HHMMSS>.<ext>`.
    case syncthing
    /// Dropbox, Nextcloud/ownCloud and similar: `<stem> (<who>'s conflicted copy <YYYY-MM-DD>[ ...]).<ext>` or
    /// `<stem> (conflicted copy <YYYY-MM-DD> <HHMMSS>).<ext>`.
    case conflictedCopy
}

/// A conflict copy a sync tool left inside a list directory: two devices changed one file before syncing, and the
/// tool kept one version under the original name and the other under a marked name. Found by name only; nothing is
/// read, merged or deleted here.
public struct ConflictCopy: Sendable, Hashable {
    /// The copy's path relative to the list directory, e.g. `items/<id>.sync-conflict-20261201-101500-ABCDEFG.json`.
    public let path: String
    /// The path of the file it is a copy of, relative to the list directory, e.g. `items/<id>.json`.
    public let originalPath: String
    /// Whose naming it follows.
    public let tool: SyncTool
    /// The device or person named in the copy (Syncthing's short device id, Dropbox's user name), when there is one.
    public let device: String?
    /// The date part of the marker as written (`20261201`, `2026-12-01`).
    public let date: String

    /// The conflict copy named `fileName` in folder `folder` (relative, "" for the list directory), or nil when the
    /// name has no conflict marker.
    public init?(fileName: String, folder: String = "") {
        guard let parsed = Self.parse(fileName) else { return nil }
        let prefix = folder.isEmpty ? "" : "\(folder)/"
        path = prefix + fileName
        originalPath = prefix + parsed.original
        tool = parsed.tool
        device = parsed.device
        date = parsed.date
    }

    private static func parse(_ name: String) -> (original: String, tool: SyncTool, device: String?, date: String)? {
        // Most names have no marker; a plain substring test spares them the (much slower) regular expressions.
        guard name.contains(".sync-conflict-") || name.contains("conflicted copy") else { return nil }
        if let match = name.wholeMatch(of: #/(.+)\.sync-conflict-([0-9]{8})-[0-9]{6}(?:-([A-Z0-9]+))?(\.[^.]*)?/#) {
            let original = String(match.output.1) + String(match.output.4 ?? "")
            return (original, .syncthing, match.output.3.map(String.init), String(match.output.2))
        }
        if let match = name.wholeMatch(
            of: #/(.+) \((?:(.+)'s )?conflicted copy ([0-9]{4}-[0-9]{2}-[0-9]{2})[^)]*(?:\([0-9]+\))?\)(\.[^.]*)?/#)
        {
            let original = String(match.output.1) + String(match.output.4 ?? "")
            return (original, .conflictedCopy, match.output.2.map(String.init), String(match.output.3))
        }
        return nil
    }
}

extension ListPackage {
    /// The conflict copies in the list directory and its `items/` folder, sorted by path.
    ///
    /// - Throws: `ListError.io` when a folder cannot be listed (a missing `items/` folder counts as empty).
    public func conflictCopies() throws -> [ConflictCopy] {
        var copies: [ConflictCopy] = []
        for folder in ["", Self.itemsDirectoryName] {
            let url = folder.isEmpty ? directory : directory.appendingPathComponent(folder, isDirectory: true)
            let names: [String]
            do {
                names = try FileManager().contentsOfDirectory(atPath: url.path)
            } catch let error as CocoaError where !folder.isEmpty && error.code == .fileReadNoSuchFile {
                continue
            } catch {
                throw ListError.io(path: url.path, operation: "list directory", reason: "\(error)")
            }
            copies += names.compactMap { ConflictCopy(fileName: $0, folder: folder) }
        }
        return copies.sorted { $0.path < $1.path }
    }
}
