import Foundation

/// Decodes a `Decodable` value from a row: keyed by column name, or from the only column for a single value.
///
/// A property whose type is `DatabaseValueConvertible` (`String`, `Int`, `Date`, `UUID`, raw-value enums …) reads
/// its column directly; another `Decodable` type reads its column through its own `init(from:)`, and a nested
/// struct or array reads its column as JSON text or blob.
struct RowDecoder: Decoder {
    let row: Row
    var codingPath: [any CodingKey] = []
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        KeyedDecodingContainer(RowKeyedContainer<Key>(row: row))
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw RowDecodingError(column: nil, reason: "a row decodes as a keyed value or a single column, not a list")
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        guard row.values.count == 1 else {
            throw RowDecodingError(
                column: nil, reason: "a single value needs exactly one column, the row has \(row.values.count)")
        }
        return ColumnDecoder(column: row.columnNames[0], value: row.values[0])
    }

    /// Decodes `type` from one column's value.
    static func decode<Value: Decodable>(_ type: Value.Type, column: String, value: DatabaseValue) throws -> Value {
        if let convertible = type as? any DatabaseValueConvertible.Type {
            guard let converted = convertible.fromDatabaseValue(value) as? Value else {
                throw RowDecodingError(column: column, reason: "cannot read \(value) as \(type)")
            }
            return converted
        }
        do {
            return try Value(from: ColumnDecoder(column: column, value: value))
        } catch is NeedsJSON {
            guard let data = Data.fromDatabaseValue(value) else {
                throw RowDecodingError(column: column, reason: "cannot read \(value) as JSON for \(type)")
            }
            do {
                return try JSONDecoder().decode(type, from: data)
            } catch {
                throw RowDecodingError(column: column, reason: "the JSON does not decode as \(type)")
            }
        }
    }
}

/// Thrown by `ColumnDecoder` when a type asks for a keyed or unkeyed container: the column holds JSON.
private struct NeedsJSON: Error {}

private struct RowKeyedContainer<Key: CodingKey>: KeyedDecodingContainerProtocol {
    let row: Row
    var codingPath: [any CodingKey] { [] }

    var allKeys: [Key] { row.columnNames.compactMap { Key(stringValue: $0) } }

    func contains(_ key: Key) -> Bool {
        row[key.stringValue] != nil
    }

    func decodeNil(forKey key: Key) throws -> Bool {
        row[key.stringValue]?.isNull ?? true
    }

    func decode<T: Decodable>(_ type: T.Type, forKey key: Key) throws -> T {
        guard let value = row[key.stringValue] else {
            throw RowDecodingError(
                column: key.stringValue,
                reason: "no such column (columns: \(row.columnNames.joined(separator: ", ")))")
        }
        return try RowDecoder.decode(type, column: key.stringValue, value: value)
    }

    func nestedContainer<NestedKey: CodingKey>(keyedBy type: NestedKey.Type, forKey key: Key) throws
        -> KeyedDecodingContainer<NestedKey>
    {
        throw RowDecodingError(column: key.stringValue, reason: "nested containers are read as JSON columns")
    }

    func nestedUnkeyedContainer(forKey key: Key) throws -> any UnkeyedDecodingContainer {
        throw RowDecodingError(column: key.stringValue, reason: "nested containers are read as JSON columns")
    }

    func superDecoder() throws -> any Decoder {
        RowDecoder(row: row)
    }

    func superDecoder(forKey key: Key) throws -> any Decoder {
        RowDecoder(row: row)
    }
}

/// Decodes a single value from one column; asking for a container means the column holds JSON.
private struct ColumnDecoder: Decoder, SingleValueDecodingContainer {
    let column: String
    let value: DatabaseValue
    var codingPath: [any CodingKey] { [] }
    var userInfo: [CodingUserInfoKey: Any] { [:] }

    func container<Key: CodingKey>(keyedBy type: Key.Type) throws -> KeyedDecodingContainer<Key> {
        throw NeedsJSON()
    }

    func unkeyedContainer() throws -> any UnkeyedDecodingContainer {
        throw NeedsJSON()
    }

    func singleValueContainer() throws -> any SingleValueDecodingContainer {
        self
    }

    func decodeNil() -> Bool {
        value.isNull
    }

    func decode<T: Decodable>(_ type: T.Type) throws -> T {
        try RowDecoder.decode(type, column: column, value: value)
    }
}
