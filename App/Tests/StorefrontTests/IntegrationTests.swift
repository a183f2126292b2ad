import FeatureKit
import Testing

/// The tests that run the real thing: the built binary, the embedded backend over HTTP on loopback, tmux. They run
/// one at a time (each starts servers or processes, and the deadline tests measure time), beside the unit suites.
@Suite("integration", .serialized)
enum IntegrationTests {}
