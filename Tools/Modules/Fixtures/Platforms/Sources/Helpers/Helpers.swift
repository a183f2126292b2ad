/// A helper.
public let helperName = "helper"
