import Upstream

/// Twice the upstream's number.
public func doubled() -> Int {
    2 * upstreamNumber
}
