import NoTests
import Small

/// The fixture's app module.
public enum App {
    /// The sum of what its dependencies give.
    public static var total: Int { Small.value + NoTests.value }
}
