public let logName = "logging"
