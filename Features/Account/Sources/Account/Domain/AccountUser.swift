import Models
import Persistence

/// A user the server knows: the contract's `user` object (`{"id", "name"}`) and the server data set it belongs to
/// (`instance_id` of `POST /v1/session`), with the storage account whose directories hold the user's data on this
/// device (`accounts/<instance>-<id>/` under every XDG root, see `StorageAccount.init(instanceID:userID:)`).
///
/// Encodes as `{"id": "user_1", "name": "ada", "instance_id": "srv_…"}` (how the remembered account is kept in
/// preferences and how `storefront whoami --json` can print it); decoding checks both ids again, so a hand-edited
/// file cannot point the app at another directory. A remembered user written by an earlier version has no
/// `instance_id`: it decodes with `instanceID == nil` and names the old directory (`accounts/<id>/`), which
/// `AccountFeature` never opens as the current account (see its migration rules).
public struct AccountUser: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The server's id of the user (`user_1`).
    public let id: UserID
    /// The name the user signed in with, as the server spells it.
    public let name: String
    /// The server data set the user belongs to (`srv_…`); nil only for a user remembered by an earlier version.
    public let instanceID: String?
    /// Where the user's data lives on this device.
    public let storageAccount: StorageAccount

    /// Creates a user of the server data set `instanceID`; nil stands for a user remembered by an earlier version,
    /// whose data lives under the old name (`accounts/<id>/`).
    ///
    /// - Throws: `StorageLayoutError.invalidAccountID` when the id cannot name a directory (see
    ///   `StorageAccount.init(userID:)`): 1 to 128 of `A-Z a-z 0-9 . _ -`, not starting with `.`, not `guest`;
    ///   `StorageLayoutError.invalidInstanceID` for an instance id other than 1 to 64 of `A-Z a-z 0-9 _`.
    public init(id: UserID, name: String, instanceID: String?) throws(StorageLayoutError) {
        self.id = id
        self.name = name
        self.instanceID = instanceID
        if let instanceID {
            self.storageAccount = try StorageAccount(instanceID: instanceID, userID: id.rawValue)
        } else {
            self.storageAccount = try StorageAccount(userID: id.rawValue)
        }
    }

    /// The directory of this user's data under the layout before instance ids (`accounts/<id>/`), where an earlier
    /// version kept it.
    public var legacyStorageAccount: StorageAccount? {
        try? StorageAccount(userID: id.rawValue)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
        case instanceID = "instance_id"
    }

    /// Decodes `{"id", "name", "instance_id"?}`.
    ///
    /// - Throws: `DecodingError` when `id` or `name` is missing, or an id cannot name a directory.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(UserID.self, forKey: .id)
        let name = try container.decode(String.self, forKey: .name)
        let instanceID = try container.decodeIfPresent(String.self, forKey: .instanceID)
        do {
            try self.init(id: id, name: name, instanceID: instanceID)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{"id", "name", "instance_id"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
        try container.encodeIfPresent(instanceID, forKey: .instanceID)
    }

    /// `ada (user_1)`.
    public var description: String { "\(name) (\(id))" }
}
