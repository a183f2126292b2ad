import Foundation

/// The support library's version.
public let supportVersion = "1"
