/// Marks the BaseTestSupport module.
public let baseTestSupportName = "BaseTestSupport"
