/// A JSON array decoded element by element: an element that fails to decode is dropped and reported, and the rest
/// are kept, so one broken item never fails a whole page.
///
/// Use it for list fields of DTOs (`let posts: LossyArray<PostDTO>`); the repository maps `elements` to domain values
/// and logs `dropped`. The array itself must be present and be an array.
public struct LossyArray<Element: Decodable>: Decodable {
    /// The elements that decoded, in order.
    public var elements: [Element]
    /// The elements that did not, with their positions in the JSON array.
    public var dropped: [DroppedElement]

    /// An element left out of `elements`.
    public struct DroppedElement: Sendable, Hashable {
        /// The element's position in the JSON array, from 0.
        public var index: Int
        /// Why it did not decode.
        public var failure: DecodingFailure

        /// Creates the record of a dropped element.
        public init(index: Int, failure: DecodingFailure) {
            self.index = index
            self.failure = failure
        }
    }

    /// Creates the value from decoded elements.
    public init(elements: [Element], dropped: [DroppedElement] = []) {
        self.elements = elements
        self.dropped = dropped
    }

    /// Decodes each element of a JSON array on its own.
    ///
    /// - Throws: `DecodingError` when the value is not an array (or is null).
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var elements: [Element] = []
        var dropped: [DroppedElement] = []
        if let count = container.count {
            elements.reserveCapacity(count)
        }
        while !container.isAtEnd {
            let index = container.currentIndex
            do {
                elements.append(try container.decode(Element.self))
            } catch {
                dropped.append(DroppedElement(index: index, failure: DecodingFailure(error, decoding: Element.self)))
                _ = try container.decode(SkippedValue.self)
            }
        }
        self.elements = elements
        self.dropped = dropped
    }

    /// Accepts any JSON value without reading it, to move past an element that did not decode.
    private struct SkippedValue: Decodable {
        init(from decoder: any Decoder) throws {}
    }
}

extension LossyArray: Sendable where Element: Sendable {}
extension LossyArray: Equatable where Element: Equatable {}
