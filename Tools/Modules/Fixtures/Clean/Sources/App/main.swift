import Base
import Feed

/// The name shown at start.
let appName = "App \(feedName) \(baseName)"
print(appName)
