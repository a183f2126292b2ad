/// Whose data a directory holds: a signed-in user of one server data set, or the guest (signed out).
///
/// The value is the name of the account's directory under every root (`accounts/<name>/`). A signed-in account is
/// named `<instance>-<user>` (`srv_3f2a…-user_1`): the server's `instance_id` from `POST /v1/session` (API contract,
/// `Session.instance_id`) and the user id. User ids are unique only within one server data set (a server whose data
/// was reset hands `user_1` to someone else), so the instance id keeps one person's cart, drafts and outbox away from
/// the next. The instance id cannot contain `-`, so the first `-` separates the two parts.
///
/// Versions before the instance id named the directory by the user id alone (`accounts/user_1/`, `init(userID:)`);
/// `StorageLayout.adoptLegacyAccount(_:as:)` moves such a directory to its keyed name once it is known to belong to
/// the instance.
public struct StorageAccount: Sendable, Hashable, CustomStringConvertible {
    /// The directory name: `<instance>-<user>`, a legacy user id, or `guest`.
    public let directoryName: String

    /// The data kept while signed out.
    public static let guest = StorageAccount(directoryName: "guest")

    private init(directoryName: String) {
        self.directoryName = directoryName
    }

    /// The account of the user `userID` on the server data set `instanceID`: `accounts/<instance>-<user>/`.
    ///
    /// - Throws: `StorageLayoutError.invalidInstanceID` unless `instanceID` is 1 to 64 ASCII letters, digits or `_`
    ///   (the contract's ids are `srv_` and 32 hex digits); `StorageLayoutError.invalidAccountID` when `userID` is not
    ///   a valid user id (see `init(userID:)`).
    public init(instanceID: String, userID: String) throws(StorageLayoutError) {
        let instance = Array(instanceID.utf8)
        guard (1...64).contains(instance.count),
            instance.allSatisfy({ Self.isLetterOrDigit($0) || $0 == UInt8(ascii: "_") })
        else { throw .invalidInstanceID(instanceID) }
        let user = try StorageAccount(userID: userID)
        self.directoryName = "\(instanceID)-\(user.directoryName)"
    }

    /// The account named by the user id alone: the layout before instance ids (`accounts/user_1/`), kept to find
    /// and migrate such data, and for tests that need any one account.
    ///
    /// - Throws: `StorageLayoutError.invalidAccountID` unless `userID` is 1 to 128 ASCII letters, digits, `.`, `_`
    ///   or `-`, does not start with `.`, and is not `guest` (the signed-out account's name): anything else could
    ///   escape the `accounts` directory or share another account's.
    public init(userID: String) throws(StorageLayoutError) {
        let bytes = Array(userID.utf8)
        let isSafe = bytes.allSatisfy { byte in
            Self.isLetterOrDigit(byte) || byte == UInt8(ascii: ".") || byte == UInt8(ascii: "_")
                || byte == UInt8(ascii: "-")
        }
        guard isSafe, (1...128).contains(bytes.count), bytes.first != UInt8(ascii: "."), userID != "guest" else {
            throw .invalidAccountID(userID)
        }
        self.directoryName = userID
    }

    /// The directory name.
    public var description: String { directoryName }

    private static func isLetterOrDigit(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
            || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }
}

/// Why a storage location could not be worked out or used.
public enum StorageLayoutError: Error, Sendable, Equatable, CustomStringConvertible {
    /// `HOME` is unset, empty or relative, and an XDG variable that would replace it is unset too.
    case missingHome
    /// A user id that cannot be a directory name (see `StorageAccount.init(userID:)`).
    case invalidAccountID(String)
    /// A server instance id that cannot be part of a directory name (see `StorageAccount.init(instanceID:userID:)`).
    case invalidInstanceID(String)
    /// A relative path that is empty, absolute, or steps out of its root (see `RelativePath`).
    case invalidRelativePath(String)
    /// A preferences suite name that cannot be a file name.
    case invalidSuiteName(String)
    /// `wipeAccount` found files left after removing the account's directories.
    case accountNotWiped(paths: [String])

    /// One sentence naming the value concerned.
    public var description: String {
        switch self {
        case .missingHome:
            return "HOME is not an absolute path, so the XDG base directories cannot be found "
                + "(set HOME or the XDG_*_HOME variables, or pass a data directory)"
        case .invalidAccountID(let id):
            return "account id '\(id)' cannot name a directory (use 1-128 of A-Z a-z 0-9 . _ -, not 'guest')"
        case .invalidInstanceID(let id):
            return "server instance id '\(id)' cannot name a directory (use 1-64 of A-Z a-z 0-9 _)"
        case .invalidRelativePath(let path):
            return "'\(path)' is not a relative path inside its root (no leading '/', no '.' or '..' parts)"
        case .invalidSuiteName(let name):
            return "preferences suite '\(name)' cannot name a file (use A-Z a-z 0-9 . _ -)"
        case .accountNotWiped(let paths):
            return "the account's files could not all be removed: \(paths.joined(separator: ", "))"
        }
    }
}

/// A path below a storage root, as stored in a database or preferences instead of an absolute path (the roots
/// move: another `HOME`, another `--data-dir`, a restored backup), resolved against the root when used.
public struct RelativePath: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The path, `/`-separated (`"images/p_12.jpg"`).
    public let path: String

    /// Validates `path`.
    ///
    /// - Throws: `StorageLayoutError.invalidRelativePath` when it is empty, starts with `/`, or has an empty,
    ///   `.` or `..` component or a NUL byte.
    public init(_ path: String) throws(StorageLayoutError) {
        let components = path.split(separator: "/", omittingEmptySubsequences: false)
        guard !path.isEmpty, !path.contains("\0"),
            components.allSatisfy({ !$0.isEmpty && $0 != "." && $0 != ".." })
        else { throw .invalidRelativePath(path) }
        self.path = path
    }

    /// Decodes and validates a stored path.
    public init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        try self.init(text)
    }

    /// Encodes the path as a string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(path)
    }

    /// The path.
    public var description: String { path }
}

extension RelativePath: DatabaseValueConvertible {
    /// The path, as text.
    public var databaseValue: DatabaseValue { .text(path) }

    /// Text that is a valid relative path.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> RelativePath? {
        String.fromDatabaseValue(databaseValue).flatMap { try? RelativePath($0) }
    }
}
