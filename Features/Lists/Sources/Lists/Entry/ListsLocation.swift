import FeatureKit
import Foundation
import Persistence

/// Where an account's lists live, and where this device's id is kept.
///
/// The folder is, first match wins: the `--lists-dir DIR` option; the account's preference `lists.folder` (a folder
/// a sync tool replicates, saved with `storefront lists --lists-dir DIR --remember-lists-dir`); otherwise
/// `$XDG_DATA_HOME/storefront/accounts/<id>/lists/`, inside the account's data directory, so signing out deletes
/// it with the account (`StorageLayout.wipeAccount`). A folder the person chose is never inside the account's
/// directories and is never deleted by sign-out.
public struct ListsLocation: Sendable, Hashable {
    /// The account's preference naming a chosen lists folder (an absolute path), in the `lists` suite.
    public static let folderKey = PreferenceKey<String?>("lists.folder", default: nil)
    /// The preferences suite of Lists.
    public static let preferencesSuite = "lists"

    /// The folder.
    public let folder: URL
    /// Whether it is the account's default folder (deleted with the account at sign-out).
    public let isDefault: Bool

    /// The folder of the account in `context`, with `override` (`--lists-dir`) taking precedence over the
    /// preference; a relative `override` is resolved against `workingDirectory`.
    ///
    /// - Throws: `ListError.invalidValue` when the stored preference cannot be read.
    public init(context: FeatureContext, override: String?, workingDirectory: URL) throws {
        let defaultFolder = Self.defaultFolder(context: context)
        if let override {
            folder = URL(fileURLWithPath: override, relativeTo: workingDirectory).standardizedFileURL
        } else {
            let stored: String?
            do {
                stored = try context.preferences(suite: Self.preferencesSuite).value(for: Self.folderKey).value
            } catch {
                throw ListError.invalidValue(field: "preference \(Self.folderKey.name)", reason: "\(error)")
            }
            folder = stored.map { URL(fileURLWithPath: $0, isDirectory: true) } ?? defaultFolder
        }
        isDefault = folder.standardizedFileURL.path == defaultFolder.standardizedFileURL.path
    }

    /// `$XDG_DATA_HOME/storefront/accounts/<id>/lists/`.
    public static func defaultFolder(context: FeatureContext) -> URL {
        context.layout.accountDirectory(for: context.account, in: .data)
            .appendingPathComponent("lists", isDirectory: true)
    }

    /// This device's id file, `$XDG_STATE_HOME/storefront/device-id`: outside every account and every replicated
    /// folder, so one device keeps one id.
    public static func deviceIdentity(layout: StorageLayout) -> DeviceIdentityFile {
        DeviceIdentityFile(url: layout.url(of: .state).appendingPathComponent("device-id"))
    }

    /// What sign-out does to this folder, for people.
    public var signOutNote: String {
        isDefault
            ? "the account's own folder: signing out deletes it with the account's data"
            : "a folder you chose: signing out never deletes it"
    }
}
