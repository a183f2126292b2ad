import Foundation

/// An identifier kept as checked text: encoded as a JSON string, and decoded only when the text has the right form.
public protocol TextIdentifier: Sendable, Hashable, Codable, CustomStringConvertible {
    /// The text as written in files.
    var rawValue: String { get }
    /// What the text must look like, for error messages.
    static var expectedForm: String { get }
    /// The identifier, or nil when `rawValue` does not have the right form.
    init?(_ rawValue: String)
}

extension TextIdentifier {
    /// Decodes a JSON string.
    ///
    /// - Throws: `DecodingError.dataCorrupted` when the string does not have `expectedForm`.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let id = Self(text) else {
            throw DecodingError.dataCorruptedError(
                in: container, debugDescription: "\"\(text)\" is not \(Self.expectedForm)")
        }
        self = id
    }

    /// Encodes as a JSON string.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }

    /// The raw text.
    public var description: String { rawValue }
}

/// A device's stable identifier, written into every change stamp so that two changes made at the same millisecond
/// still have an order. Letters, digits and `-` only, 1...64 characters (so it is safe in file names and JSON).
public struct DeviceID: TextIdentifier, Comparable {
    /// What a device id looks like, for error messages.
    public static let expectedForm = "1...64 letters, digits or '-'"

    /// The identifier as written in files.
    public let rawValue: String

    /// The identifier, or nil when `rawValue` is empty, longer than 64 characters or has a character other than
    /// ASCII letters, digits and `-`.
    public init?(_ rawValue: String) {
        guard (1...64).contains(rawValue.utf8.count), rawValue.utf8.allSatisfy(Self.isAllowed) else { return nil }
        self.rawValue = rawValue
    }

    /// Orders by the raw text (byte order), the tie-breaker of `ChangeStamp`.
    public static func < (lhs: DeviceID, rhs: DeviceID) -> Bool {
        lhs.rawValue.utf8.lexicographicallyPrecedes(rhs.rawValue.utf8)
    }

    private static func isAllowed(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"):
            return true
        default:
            return false
        }
    }
}

/// An item's identifier: a lowercase UUID (RFC 9562 text form), which is also the item's file name stem, so it stays
/// the same on every device and never depends on where the folder is.
public struct ItemID: TextIdentifier, Comparable {
    /// What an item id looks like, for error messages.
    public static let expectedForm = "a lowercase UUID"

    /// The lowercase UUID text, 36 characters.
    public let rawValue: String

    /// A new random (version 4) identifier.
    public init() { rawValue = UUID().uuidString.lowercased() }

    /// The identifier, or nil unless `rawValue` is a UUID in lowercase text form.
    public init?(_ rawValue: String) {
        guard let uuid = UUID(uuidString: rawValue), uuid.uuidString.lowercased() == rawValue else { return nil }
        self.rawValue = rawValue
    }

    /// Orders by the raw text.
    public static func < (lhs: ItemID, rhs: ItemID) -> Bool { lhs.rawValue < rhs.rawValue }

}

/// When and where a field was last changed. Two changes of one field are ordered by time, then by device id; the
/// greater stamp wins a conflict (last writer wins, with a deterministic tie-break).
public struct ChangeStamp: Sendable, Hashable, Comparable, Codable {
    /// Milliseconds since 1970-01-01T00:00:00Z (Unix time, UTC) on the changing device's clock.
    public let milliseconds: Int64
    /// The device that made the change.
    public let device: DeviceID

    /// A stamp at `milliseconds` since the Unix epoch by `device`.
    public init(milliseconds: Int64, device: DeviceID) {
        self.milliseconds = milliseconds
        self.device = device
    }

    /// A stamp for `date` (rounded down to the millisecond) by `device`.
    public init(date: Date, device: DeviceID) {
        self.init(milliseconds: Int64((date.timeIntervalSince1970 * 1000).rounded(.down)), device: device)
    }

    private enum CodingKeys: String, CodingKey {
        case milliseconds = "at_ms"
        case device
    }

    /// Time first, then device id.
    public static func < (lhs: ChangeStamp, rhs: ChangeStamp) -> Bool {
        (lhs.milliseconds, lhs.device) < (rhs.milliseconds, rhs.device)
    }
}

/// A field's value with the stamp of its last change.
public struct Stamped<Value: Sendable & Hashable & Codable>: Sendable, Hashable, Codable {
    /// The value.
    public var value: Value
    /// The last change of `value`.
    public var changed: ChangeStamp

    /// `value` as changed at `changed`.
    public init(_ value: Value, changed: ChangeStamp) {
        self.value = value
        self.changed = changed
    }
}
