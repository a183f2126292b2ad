/// A value for the app.
public enum Small {
    /// One.
    public static let value = 1
}
