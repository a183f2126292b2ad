import FeatureKit
import Foundation
import StorefrontApp

/// Collects what a command writes, for assertions.
final class OutputBuffer: TextOutput, @unchecked Sendable {
    // Sound because `text` is only read and written while `lock` is held.
    private let lock = NSLock()
    private var text = ""

    func write(_ text: String) {
        lock.withLock { self.text += text }
    }

    var contents: String {
        lock.withLock { text }
    }
}
