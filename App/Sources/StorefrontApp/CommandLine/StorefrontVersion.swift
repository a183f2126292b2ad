/// The version of the Storefront app, following Semantic Versioning 2.0.0 (semver.org).
public enum StorefrontVersion {
    /// The version this build reports for `storefront --version`.
    public static let current = "0.1.0"

    /// `{"name": "storefront", "version": "0.1.0"}` and a newline: what `storefront --json version` prints.
    public static func json(programName: String) -> String {
        "{\"name\":\"\(programName)\",\"version\":\"\(current)\"}\n"
    }
}
