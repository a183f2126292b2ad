/// The Windows module's name.
public let winName = "windows"
