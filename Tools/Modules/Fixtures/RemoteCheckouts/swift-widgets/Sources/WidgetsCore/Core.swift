/// The core's version.
public let coreVersion = 1
