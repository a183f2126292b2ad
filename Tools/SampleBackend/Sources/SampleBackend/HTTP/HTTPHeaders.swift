/// An HTTP header list whose names compare without regard to case, as RFC 9110 §5.1 says they must.
///
/// Names keep the spelling they were added with (a response is sent as built); lookups lowercase both sides. A name
/// may appear more than once (`Set-Cookie`); `subscript(_:)` returns the first value, `values(for:)` all of them.
public struct HTTPHeaders: Sendable, Sequence, ExpressibleByDictionaryLiteral, CustomStringConvertible {
    /// The fields in the order they were added.
    public private(set) var fields: [(name: String, value: String)] = []

    /// An empty list.
    public init() {}

    /// A list with the given fields, in order.
    public init(dictionaryLiteral elements: (String, String)...) {
        for (name, value) in elements {
            add(name: name, value: value)
        }
    }

    /// The first value under `name` in any casing, or nil. Setting replaces every value under that name (nil
    /// removes them).
    public subscript(_ name: String) -> String? {
        get {
            let wanted = name.lowercased()
            return fields.first { $0.name.lowercased() == wanted }?.value
        }
        set {
            let wanted = name.lowercased()
            fields.removeAll { $0.name.lowercased() == wanted }
            if let newValue {
                fields.append((name, newValue))
            }
        }
    }

    /// Every value under `name` in any casing, in order.
    public func values(for name: String) -> [String] {
        let wanted = name.lowercased()
        return fields.filter { $0.name.lowercased() == wanted }.map(\.value)
    }

    /// Appends a field, keeping the ones already under that name.
    public mutating func add(name: String, value: String) {
        fields.append((name, value))
    }

    /// Iterates over the fields in order.
    public func makeIterator() -> IndexingIterator<[(name: String, value: String)]> {
        fields.makeIterator()
    }

    /// The fields as `Name: value` lines, for test output.
    public var description: String {
        fields.map { "\($0.name): \($0.value)" }.joined(separator: "\n")
    }
}
