import Logging

/// The network module's name.
public let netName = logName + " net"
