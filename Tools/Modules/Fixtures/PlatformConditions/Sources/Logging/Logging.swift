/// The logging module's name.
public let logName = "logging"
