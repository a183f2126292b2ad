/// A widget.
public struct Widget {
    /// Its name.
    public var name: String

    /// Creates a widget.
    public init(name: String) { self.name = name }
}
