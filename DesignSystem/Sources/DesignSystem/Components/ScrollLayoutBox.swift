/// Where a view keeps the `ScrollView.Layout` it drew last, for the next scroll and for hit-testing: a view is a
/// value rebuilt by nobody (the App keeps one per screen), so the layout it learns while rendering goes into this
/// reference it holds. Only the main actor, where views render and handle input, touches it.
@MainActor
public final class ScrollLayoutBox {
    /// The last layout drawn, or nil before the first frame.
    public var layout: ScrollView.Layout?

    /// An empty box.
    public init() {}
}
