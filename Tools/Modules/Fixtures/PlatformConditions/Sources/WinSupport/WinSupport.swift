public let winName = "windows"
