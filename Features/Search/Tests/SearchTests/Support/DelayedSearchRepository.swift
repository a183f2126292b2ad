import Models
import Search
import TestSupport

/// A `SearchRepository` whose answer takes a time that depends on the query, on a manual clock: the answer for a
/// query is `TestValues.page(for:)` after `delay(query)`. With `swallowsCancellation`, it waits out its delay and
/// answers even when its task is cancelled, like an API that ignores cancellation.
struct DelayedSearchRepository: SearchRepository {
    let clock: ManualClock
    let delay: @Sendable (String) -> Duration
    let swallowsCancellation: Bool

    func search(_ request: SearchRequest) async throws -> SearchPage {
        let deadline = clock.now.advanced(by: delay(request.query))
        if swallowsCancellation {
            // NB: an unstructured task does not inherit the caller's cancellation.
            await Task { [clock] in try? await clock.sleep(until: deadline) }.value
        } else {
            try await clock.sleep(until: deadline)
        }
        return TestValues.page(for: request.query)
    }

    func product(id: ProductID) async throws -> ProductDetail {
        throw SearchError.unexpected(reason: "not used")
    }
}
