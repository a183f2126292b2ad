import AppSupport
import Store
import Widgets

#if canImport(UIKit)
    import UIKit  // Not on Linux; an SDK module wherever it is.
#endif

print(Widget(name: storeName).name, supportVersion)
