/// The number this package exports.
public let upstreamNumber = 1
