import Persistence

/// Reads a row's columns in order: rows are mapped by position, which costs far less per row than a keyed
/// `Decodable` pass on the feed and search paths.
struct ColumnReader {
    private let row: Row
    private var index = 0

    init(_ row: Row) {
        self.row = row
    }

    /// The next column converted to `Value`.
    ///
    /// - Throws: `RowDecodingError` when the row has no more columns or the value does not convert.
    mutating func next<Value: DatabaseValueConvertible>(_ type: Value.Type = Value.self) throws -> Value {
        defer { index += 1 }
        guard index < row.values.count else {
            throw RowDecodingError(column: nil, reason: "the row has only \(row.values.count) columns")
        }
        guard let value = Value.fromDatabaseValue(row.values[index]) else {
            let name = index < row.columnNames.count ? row.columnNames[index] : "#\(index)"
            throw RowDecodingError(column: name, reason: "cannot read \(row.values[index]) as \(Value.self)")
        }
        return value
    }
}

/// A post row with the reader's like, read from the columns of `ServerStore.postColumns` in order.
struct PostRow: Sendable {
    let seq: Int64
    let id: String
    let authorName: String
    let caption: String?
    let imageURL: String?
    let likeCount: Int
    let createdAt: String
    let createdMilliseconds: Int64
    let kind: String
    let productID: String?
    let likedByMe: Bool

    init(_ row: Row) throws {
        var columns = ColumnReader(row)
        seq = try columns.next()
        id = try columns.next()
        authorName = try columns.next()
        caption = try columns.next(String?.self)
        imageURL = try columns.next(String?.self)
        likeCount = try columns.next()
        createdAt = try columns.next()
        createdMilliseconds = try columns.next()
        kind = try columns.next()
        productID = try columns.next(String?.self)
        likedByMe = try columns.next()
    }
}

/// A product row, read from the columns of `ServerStore.productColumns` in order.
struct ProductRow: Sendable {
    let seq: Int64
    let id: String
    let title: String
    let description: String?
    let priceMinor: Int64
    let imageURL: String?
    let availability: String?
    let stock: Int
    let rating: Double?

    init(_ row: Row) throws {
        var columns = ColumnReader(row)
        seq = try columns.next()
        id = try columns.next()
        title = try columns.next()
        description = try columns.next(String?.self)
        priceMinor = try columns.next()
        imageURL = try columns.next(String?.self)
        availability = try columns.next(String?.self)
        stock = try columns.next()
        rating = try columns.next(Double?.self)
    }

    /// The availability the API shows: a stored value (preorder, or an unknown one) wins, otherwise it follows
    /// the stock (none: out_of_stock; under 5: low_stock).
    var shownAvailability: String {
        if let availability { return availability }
        return stock == 0 ? "out_of_stock" : stock < 5 ? "low_stock" : "in_stock"
    }
}

/// A signed-in user.
struct UserRow: Decodable, Sendable, Hashable {
    let id: String
    let name: String
}
