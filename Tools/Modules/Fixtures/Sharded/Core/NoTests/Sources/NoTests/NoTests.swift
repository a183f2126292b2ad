/// A value for the app.
public enum NoTests {
    /// Two.
    public static let value = 2
}
