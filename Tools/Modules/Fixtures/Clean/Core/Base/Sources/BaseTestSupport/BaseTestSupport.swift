import Base
import Kit

/// Marks the BaseTestSupport module.
public let baseTestSupportName = "BaseTestSupport \(baseName) \(kitName)"
