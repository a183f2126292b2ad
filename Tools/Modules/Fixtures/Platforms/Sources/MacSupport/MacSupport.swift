/// Support used on macOS only.
public let macName = "mac"
