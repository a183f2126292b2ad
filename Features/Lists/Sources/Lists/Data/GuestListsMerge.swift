import Foundation

/// Hands a guest's lists to the account that signs in (DESIGN.md: at sign-in the guest's data joins the account's,
/// as the guest cart joins the account's cart): every list in the guest's folder ends up in the account's folder and
/// leaves the guest's.
///
/// A list whose name the account's folder lacks is moved there whole (`rename(2)`; across file systems it is copied
/// into a hidden staging directory and renamed into place, so no reader sees half a list), conflict copies included.
/// A list the account's folder has under the same name is merged into it, item by item (`ListMerge` against a base
/// with no items, so every item of either side is kept, an item on both sides takes each field's later change, and
/// the account's title stays), under the account list's exclusive lock; then the guest's copy is removed.
///
/// Idempotent: the guest's list is removed only after the account's folder holds all of it, and merging a list
/// whose items the account already has changes nothing, so a run that stopped half way is finished by the next one
/// and a second run finds nothing to do. A list that fails stays in the guest's folder and is reported.
public enum GuestListsMerge {
    /// What one run did.
    public struct Outcome: Sendable, Hashable {
        /// The titles of the lists moved whole, by list name order.
        public var moved: [String] = []
        /// The titles of the lists merged into the account's list of the same name.
        public var merged: [String] = []
        /// The lists that could not be handed over: the list's directory name and why.
        public var failed: [String: String] = [:]

        /// Whether nothing was handed over and nothing failed.
        public var isEmpty: Bool { moved.isEmpty && merged.isEmpty && failed.isEmpty }
    }

    /// Hands every list of `guestFolder` to `accountFolder` (see the type); nothing when they are the same folder or
    /// `guestFolder` does not exist. Blocks on list locks (up to their timeout): call it off the main actor.
    public static func run(from guestFolder: URL, into accountFolder: URL) -> Outcome {
        var outcome = Outcome()
        let manager = FileManager()
        guard guestFolder.standardizedFileURL.path != accountFolder.standardizedFileURL.path,
            let entries = try? manager.contentsOfDirectory(atPath: guestFolder.path)
        else { return outcome }
        let suffix = "." + ListPackage.directoryExtension
        for entry in entries.sorted() where entry.hasSuffix(suffix) && !entry.hasPrefix(".") {
            let source = ListPackage(directory: guestFolder.appendingPathComponent(entry, isDirectory: true))
            let target = ListPackage(directory: accountFolder.appendingPathComponent(entry, isDirectory: true))
            do {
                if manager.fileExists(atPath: target.directory.path) {
                    let theirs = try source.load().document
                    let title = try target.update { document in
                        document =
                            ListMerge.merge(
                                base: ListDocument(manifest: theirs.manifest), mine: document, theirs: theirs
                            ).document
                        return document.manifest.title.value
                    }
                    try remove(source.directory)
                    outcome.merged.append(title)
                } else {
                    let title = try source.readManifest().title.value
                    try move(source.directory, to: target.directory, in: accountFolder)
                    outcome.moved.append(title)
                }
            } catch {
                outcome.failed[source.name] = "\(error)"
            }
        }
        return outcome
    }

    /// Renames `source` to `target`; across file systems, copies it to a hidden staging directory beside `target`,
    /// renames that into place and removes `source`.
    private static func move(_ source: URL, to target: URL, in folder: URL) throws {
        let manager = FileManager()
        do {
            try manager.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw ListError.io(path: folder.path, operation: "create directory", reason: "\(error)")
        }
        if rename(source.path, target.path) == 0 { return }
        let code = errno
        guard code == EXDEV else {
            throw ListError.io(path: target.path, operation: "rename", reason: String(cString: strerror(code)))
        }
        let staging = folder.appendingPathComponent(
            ".\(target.lastPathComponent).\(getpid()).\(UInt32.random(in: 0...UInt32.max)).tmp", isDirectory: true)
        do {
            try manager.copyItem(at: source, to: staging)
        } catch {
            try? manager.removeItem(at: staging)
            throw ListError.io(path: staging.path, operation: "copy", reason: "\(error)")
        }
        guard rename(staging.path, target.path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? manager.removeItem(at: staging)
            throw ListError.io(path: target.path, operation: "rename", reason: reason)
        }
        try remove(source)
    }

    private static func remove(_ directory: URL) throws {
        do {
            try FileManager().removeItem(at: directory)
        } catch {
            throw ListError.io(path: directory.path, operation: "remove", reason: "\(error)")
        }
    }
}
