/// Marks the Logging module.
public let loggingName = "Logging"
