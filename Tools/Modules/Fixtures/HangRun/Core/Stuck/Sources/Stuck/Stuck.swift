/// Waits for an answer that never comes: a continuation nobody resumes.
public func waitForever() async {
    await withCheckedContinuation { (_: CheckedContinuation<Void, Never>) in }
}

/// Twice `value`.
public func double(_ value: Int) -> Int {
    value * 2
}
