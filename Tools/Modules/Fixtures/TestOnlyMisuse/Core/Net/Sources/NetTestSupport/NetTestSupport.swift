/// Marks the NetTestSupport module.
public let netTestSupportName = "NetTestSupport"
