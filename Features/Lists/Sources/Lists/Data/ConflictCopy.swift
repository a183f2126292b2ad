import Foundation

/// The file-sync tool whose naming a conflict copy follows, told by the name alone.
///
/// The forms, as each tool's source writes them (the marker always goes before the last extension, so the copy
/// still opens in the same program):
/// - Syncthing (`lib/model/folder_sendrecv.go`, `conflictName`): `<stem>.sync-conflict-<YYYYMMDD>-<HHMMSS>-<device>
///   <.ext>`, where `<device>` is the short id (7 base32 characters) of the device that made the change set aside,
///   and empty when that device is unknown (its `ShortID` is 0); older versions wrote no `-<device>` at all. The
///   extension is Go's `filepath.Ext`, so `.stignore` becomes `.sync-conflict-<…>.stignore`.
/// - Nextcloud's desktop client (`Utility::makeConflictFileName`, since 2.5): `<stem> (conflicted copy [<user> ]
///   <YYYY-MM-DD> <HHMMSS>)<.ext>`; ownCloud's client writes the same form since its 2.5.
/// - ownCloud's client before 2.5 (and Nextcloud's, forked from it): `<stem>_conflict-<YYYYMMDD>-<HHMMSS><.ext>`.
/// - Dropbox (help center, "What's a conflicted copy?"): `<stem> (<who>'s conflicted copy <YYYY-MM-DD>[ (<n>)])<.ext>`,
///   `<who>` the person's or computer's name; no time of day.
public enum SyncTool: String, Sendable, Hashable, CaseIterable {
    /// `<stem>.sync-conflict-<YYYYMMDD>-<HHMMSS>[-<device>]<.ext>`.
    case syncthing
    /// `<stem> (conflicted copy [<user> ]<YYYY-MM-DD> <HHMMSS>)<.ext>`.
    case nextcloud
    /// `<stem>_conflict-<YYYYMMDD>-<HHMMSS><.ext>`.
    case ownCloud = "owncloud"
    /// `<stem> (<who>'s conflicted copy <YYYY-MM-DD>[ (<n>)])<.ext>`.
    case dropbox

    /// The tool's name as people write it: `Syncthing`, `Nextcloud`, `ownCloud`, `Dropbox`.
    public var displayName: String {
        switch self {
        case .syncthing: "Syncthing"
        case .nextcloud: "Nextcloud"
        case .ownCloud: "ownCloud"
        case .dropbox: "Dropbox"
        }
    }
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
    /// The device or person named in the copy (Syncthing's short device id, Nextcloud's user, Dropbox's person or
    /// computer), or nil when the name carries none (an empty Syncthing device part included).
    public let device: String?
    /// The date part of the marker as written (`20261201`, `2026-12-01`).
    public let date: String

    /// The conflict copy named `fileName` in folder `folder` (relative, "" for the list directory), or nil when the
    /// name has no conflict marker of a known tool, or one whose date or time is not a real one (month 13, 25 h).
    public init?(fileName: String, folder: String = "") {
        guard let parsed = ConflictName(fileName) else { return nil }
        let prefix = folder.isEmpty ? "" : "\(folder)/"
        path = prefix + fileName
        originalPath = prefix + parsed.original
        tool = parsed.tool
        device = parsed.device
        date = parsed.date
    }
}

/// A file name split at a sync tool's conflict marker; the outermost marker wins for a copy of a copy.
private struct ConflictName {
    let original: String
    let tool: SyncTool
    let device: String?
    let date: String

    init?(_ name: String) {
        // Most names have no marker; a plain substring test spares them the (much slower) regular expressions.
        guard name.contains(".sync-conflict-") || name.contains("conflicted copy") || name.contains("_conflict-")
        else { return nil }
        if let match = name.wholeMatch(
            of: #/(.*)\.sync-conflict-([0-9]{8})-([0-9]{6})(?:-([A-Za-z0-9]*))?(\.[^.]*)?/#),
            Self.isDate(match.output.2, dashed: false), Self.isTime(match.output.3)
        {
            self.init(
                stem: match.output.1, extension: match.output.5, tool: .syncthing, device: match.output.4,
                date: match.output.2)
        } else if let match = name.wholeMatch(
            of: #/(.+) \(conflicted copy (?:([^()]+) )?([0-9]{4}-[0-9]{2}-[0-9]{2}) ([0-9]{6})\)(\.[^.]*)?/#),
            Self.isDate(match.output.3, dashed: true), Self.isTime(match.output.4)
        {
            self.init(
                stem: match.output.1, extension: match.output.5, tool: .nextcloud, device: match.output.2,
                date: match.output.3)
        } else if let match = name.wholeMatch(
            of: #/(.+) \(([^()]+)'s conflicted copy ([0-9]{4}-[0-9]{2}-[0-9]{2})(?: \([0-9]+\))?\)(\.[^.]*)?/#),
            Self.isDate(match.output.3, dashed: true)
        {
            self.init(
                stem: match.output.1, extension: match.output.4, tool: .dropbox, device: match.output.2,
                date: match.output.3)
        } else if let match = name.wholeMatch(of: #/(.+)_conflict-([0-9]{8})-([0-9]{6})(\.[^.]*)?/#),
            Self.isDate(match.output.2, dashed: false), Self.isTime(match.output.3)
        {
            self.init(
                stem: match.output.1, extension: match.output.4, tool: .ownCloud, device: nil, date: match.output.2)
        } else {
            return nil
        }
    }

    private init?(stem: Substring, extension: Substring?, tool: SyncTool, device: Substring?, date: Substring) {
        let original = String(stem) + String(`extension` ?? "")
        // Syncthing's marker may open the name (`.sync-conflict-….stignore`), never be all of it.
        guard !original.isEmpty, original != "." else { return nil }
        self.original = original
        self.tool = tool
        self.device = device.flatMap { $0.isEmpty ? nil : String($0) }
        self.date = String(date)
    }

    /// `YYYYMMDD` or `YYYY-MM-DD` naming a day of the Gregorian calendar (month 1–12, day 1–31).
    private static func isDate(_ text: Substring, dashed: Bool) -> Bool {
        let digits = dashed ? text.filter { $0 != "-" } : text
        guard digits.count == 8, let month = Int(digits.dropFirst(4).prefix(2)), let day = Int(digits.suffix(2))
        else { return false }
        return (1...12).contains(month) && (1...31).contains(day)
    }

    /// `HHMMSS` within a day (a leap second allowed).
    private static func isTime(_ text: Substring) -> Bool {
        guard text.count == 6, let hour = Int(text.prefix(2)), let minute = Int(text.dropFirst(2).prefix(2)),
            let second = Int(text.suffix(2))
        else { return false }
        return hour < 24 && minute < 60 && second <= 60
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
