import Foundation

/// A value as SQLite stores it: one of its five storage classes.
///
/// Source: "Datatypes In SQLite" (sqlite.org/datatype3.html), section 2.
public enum DatabaseValue: Sendable, Hashable, CustomStringConvertible {
    /// SQL `NULL`.
    case null
    /// A signed 64-bit integer.
    case integer(Int64)
    /// An IEEE 754 64-bit floating-point number.
    case real(Double)
    /// UTF-8 text.
    case text(String)
    /// Bytes, stored as they are.
    case blob(Data)

    /// Whether the value is SQL `NULL`.
    public var isNull: Bool {
        if case .null = self { return true }
        return false
    }

    /// The storage class and a short description, never the content of text or blobs (`text(12 characters)`), so a
    /// value can be mentioned in an error or a log without leaking what it holds.
    public var description: String {
        switch self {
        case .null: return "NULL"
        case .integer: return "integer"
        case .real: return "real"
        case .text(let text): return "text(\(text.count) characters)"
        case .blob(let data): return "blob(\(data.count) bytes)"
        }
    }
}

/// A Swift type that is stored as one SQLite value: it can be bound to a `?` placeholder and read from a column.
///
/// The library provides conformances for `Int`, `Int64`, `Int32`, `Double`, `Bool`, `String`, `Data`, `Date`,
/// `UUID`, `URL`, `DatabaseValue` and `Optional` of any of them. A `RawRepresentable` type whose raw value conforms
/// (an enum with `String` or `Int` raw values) gets the two requirements for free: declare the conformance.
public protocol DatabaseValueConvertible: Sendable {
    /// The value to bind.
    var databaseValue: DatabaseValue { get }

    /// The Swift value stored as `databaseValue`, or nil when that storage class or content does not convert.
    static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Self?
}

extension DatabaseValue: DatabaseValueConvertible {
    /// The value itself.
    public var databaseValue: DatabaseValue { self }

    /// The value itself: every stored value converts.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> DatabaseValue? {
        databaseValue
    }
}

extension Int64: DatabaseValueConvertible {
    /// The integer.
    public var databaseValue: DatabaseValue { .integer(self) }

    /// An integer, or a real with an integral value in range.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int64? {
        switch databaseValue {
        case .integer(let value): return value
        case .real(let value): return Int64(exactly: value)
        default: return nil
        }
    }
}

extension Int: DatabaseValueConvertible {
    /// The integer, as a 64-bit integer.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer (or integral real) that fits in `Int`.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int? {
        Int64.fromDatabaseValue(databaseValue).flatMap { Int(exactly: $0) }
    }
}

extension Int32: DatabaseValueConvertible {
    /// The integer, as a 64-bit integer.
    public var databaseValue: DatabaseValue { .integer(Int64(self)) }

    /// An integer (or integral real) that fits in `Int32`.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Int32? {
        Int64.fromDatabaseValue(databaseValue).flatMap { Int32(exactly: $0) }
    }
}

extension Double: DatabaseValueConvertible {
    /// The number, as a real.
    public var databaseValue: DatabaseValue { .real(self) }

    /// A real, or an integer converted to the nearest `Double`.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Double? {
        switch databaseValue {
        case .real(let value): return value
        case .integer(let value): return Double(value)
        default: return nil
        }
    }
}

extension Bool: DatabaseValueConvertible {
    /// 1 for true, 0 for false (SQLite has no boolean storage class; `TRUE` and `FALSE` are 1 and 0).
    public var databaseValue: DatabaseValue { .integer(self ? 1 : 0) }

    /// Any non-zero integer is true, 0 is false.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Bool? {
        Int64.fromDatabaseValue(databaseValue).map { $0 != 0 }
    }
}

extension String: DatabaseValueConvertible {
    /// The string, as text.
    public var databaseValue: DatabaseValue { .text(self) }

    /// Text only: numbers are not turned into strings.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> String? {
        if case .text(let value) = databaseValue { return value }
        return nil
    }
}

extension Data: DatabaseValueConvertible {
    /// The bytes, as a blob.
    public var databaseValue: DatabaseValue { .blob(self) }

    /// A blob, or the UTF-8 bytes of text.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Data? {
        switch databaseValue {
        case .blob(let value): return value
        case .text(let value): return Data(value.utf8)
        default: return nil
        }
    }
}

extension UUID: DatabaseValueConvertible {
    /// The canonical lowercase text form (`"6ba7b810-9dad-11d1-80b4-00c04fd430c8"`), as RFC 9562 section 4 writes it.
    public var databaseValue: DatabaseValue { .text(uuidString.lowercased()) }

    /// Text in either case, or a 16-byte blob.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> UUID? {
        switch databaseValue {
        case .text(let value):
            return UUID(uuidString: value)
        case .blob(let data) where data.count == 16:
            let bytes = [UInt8](data)
            return UUID(
                uuid: (
                    bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7],
                    bytes[8], bytes[9], bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
                ))
        default:
            return nil
        }
    }
}

extension URL: DatabaseValueConvertible {
    /// The absolute string, as text.
    public var databaseValue: DatabaseValue { .text(absoluteString) }

    /// Text that parses as a URL.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> URL? {
        String.fromDatabaseValue(databaseValue).flatMap { URL(string: $0) }
    }
}

extension Optional: DatabaseValueConvertible where Wrapped: DatabaseValueConvertible {
    /// The wrapped value, or `NULL`.
    public var databaseValue: DatabaseValue {
        switch self {
        case .none: return .null
        case .some(let value): return value.databaseValue
        }
    }

    /// `.some(nil)` for `NULL`; otherwise the wrapped conversion, or nil when it fails.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Wrapped?? {
        if databaseValue.isNull { return .some(nil) }
        return Wrapped.fromDatabaseValue(databaseValue).map { .some($0) }
    }
}

extension DatabaseValueConvertible where Self: RawRepresentable, RawValue: DatabaseValueConvertible {
    /// The raw value.
    public var databaseValue: DatabaseValue { rawValue.databaseValue }

    /// The case whose raw value is stored, or nil for an unknown raw value.
    public static func fromDatabaseValue(_ databaseValue: DatabaseValue) -> Self? {
        RawValue.fromDatabaseValue(databaseValue).flatMap { Self(rawValue: $0) }
    }
}
