import Models
import Persistence

/// A user the server knows: the contract's `user` object (`{"id", "name"}`), with the storage account whose
/// directories hold the user's data on this device (`accounts/<id>/` under every XDG root).
///
/// Encodes as `{"id": "user_1", "name": "ada"}` (how the remembered account is kept in preferences and how
/// `storefront whoami --json` can print it); decoding checks the id again, so a hand-edited file cannot point the
/// app at another directory.
public struct AccountUser: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The server's id of the user (`user_1`).
    public let id: UserID
    /// The name the user signed in with, as the server spells it.
    public let name: String
    /// Where the user's data lives on this device.
    public let storageAccount: StorageAccount

    /// Creates a user.
    ///
    /// - Throws: `StorageLayoutError.invalidAccountID` when the id cannot name a directory (see
    ///   `StorageAccount.init(userID:)`): 1 to 128 of `A-Z a-z 0-9 . _ -`, not starting with `.`, not `guest`.
    public init(id: UserID, name: String) throws(StorageLayoutError) {
        self.id = id
        self.name = name
        self.storageAccount = try StorageAccount(userID: id.rawValue)
    }

    private enum CodingKeys: String, CodingKey {
        case id, name
    }

    /// Decodes `{"id", "name"}`.
    ///
    /// - Throws: `DecodingError` when a key is missing or the id cannot name a directory.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let id = try container.decode(UserID.self, forKey: .id)
        let name = try container.decode(String.self, forKey: .name)
        do {
            try self.init(id: id, name: name)
        } catch {
            throw DecodingError.dataCorruptedError(
                forKey: .id, in: container, debugDescription: error.description)
        }
    }

    /// Encodes `{"id", "name"}`.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(name, forKey: .name)
    }

    /// `ada (user_1)`.
    public var description: String { "\(name) (\(id))" }
}
