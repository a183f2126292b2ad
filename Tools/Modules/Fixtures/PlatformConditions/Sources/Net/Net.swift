import Logging

public let netName = logName + " net"
