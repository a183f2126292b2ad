/// The core's name.
public let coreName = "core"
