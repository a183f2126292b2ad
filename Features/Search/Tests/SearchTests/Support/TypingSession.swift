import Foundation
import Models
import Search
import TestSupport
import Testing

@testable import Search

/// One simulated typing session on virtual time: keystrokes at random intervals, each request answered after a
/// random latency, with a repository that either honours or swallows cancellation. The session is a discrete-event
/// simulation on a `ManualClock`: it advances the clock to the next event (a keystroke, the debounce, an answer)
/// and waits for what the feature does in response before going on, so every run is the same.
@MainActor
struct TypingSession {
    struct Outcome {
        /// Publications of results for a query other than the latest one typed at that moment.
        var stalePublications = 0
        /// Whether the session ended showing exactly the results of the final query (or none for a blank one).
        var endsOnFinalQuery = false
        /// How many requests the repository received.
        var requests = 0
    }

    private struct Keystroke {
        let time: Duration
        let text: String
    }

    private struct InFlight {
        let call: Int
        let query: String
        let due: Duration
        let task: Task<Void, Never>
    }

    private static let words = ["lamp", "desk lamp", "chair", "red sofa", "mug", "table", "linen", "oak shelf"]

    private let keystrokes: [Keystroke]
    private let latencies: [Duration]
    private let swallowsCancellation: Bool

    /// Draws a session from `generator`: a word typed letter by letter (sometimes with a typo fixed by
    /// backspace), sometimes cleared and followed by another word, with 0 to 600 ms between keystrokes; request
    /// latencies of 0 to 1.5 s.
    init(generator: inout SplitMix64) {
        var texts: [String] = []
        var text = ""
        for round in 0..<Int.random(in: 1...2, using: &generator) {
            if round > 0 {
                text = ""
                texts.append(text)
            }
            for character in Self.words.randomElement(using: &generator) ?? "lamp" {
                if Int.random(in: 0..<8, using: &generator) == 0 {
                    text.append("x")
                    texts.append(text)
                    text.removeLast()
                    texts.append(text)
                }
                text.append(character)
                texts.append(text)
            }
        }
        var time = Duration.zero
        keystrokes = texts.map { text in
            time += .milliseconds(Int.random(in: 0...600, using: &generator))
            return Keystroke(time: time, text: text)
        }
        latencies = (0..<texts.count).map { _ in .milliseconds(Int.random(in: 0...1_500, using: &generator)) }
        swallowsCancellation = Bool.random(using: &generator)
    }

    /// Types the session and returns what happened.
    func run() async throws -> Outcome {
        let clock = ManualClock()
        let repository = ControlledSearchRepository(swallowsCancellation: swallowsCancellation)
        let directory = try TemporaryDirectory()
        let feature = SearchFeature(
            repository: repository, recentSearches: TestValues.recentSearches(in: directory), clock: clock,
            logger: TestValues.logger)
        var outcome = Outcome()
        var latestTyped = ""
        feature.publicationObserver = { query in
            let ownResults = feature.results.allSatisfy { $0.title.hasPrefix("\(query) result") }
            if query != SearchText.normalized(latestTyped) || !ownResults { outcome.stalePublications += 1 }
        }

        var nextKeystroke = 0
        var current: Task<Void, Never>?
        var inFlight: [InFlight] = []
        // NB: a stale publication ends the session at once: what follows it is undefined.
        while outcome.stalePublications == 0 {
            let candidates = [
                nextKeystroke < keystrokes.count ? keystrokes[nextKeystroke].time : nil,
                clock.pendingDeadlines.first?.offset,
                inFlight.map(\.due).min(),
            ]
            guard let time = candidates.compactMap({ $0 }).min() else { break }
            if time > clock.now.offset { clock.advance(to: ManualClock.Instant(offset: time)) }

            // Answers that are due, oldest request first; each is published or discarded before going on.
            for answer in inFlight.filter({ $0.due <= time }).sorted(by: { $0.call < $1.call }) {
                repository.resolve(answer.call, with: .success(TestValues.page(for: answer.query)))
                try await answer.task.finish()
                inFlight.removeAll { $0.call == answer.call }
                if outcome.stalePublications > 0 { return outcome }
            }
            // The debounce of the current search passed: its request goes out.
            if let deadline = candidates[1], deadline <= time, let task = current {
                let call = repository.calls.count
                try await repository.waitForCalls(count: call + 1)
                let query = repository.calls[call].query
                inFlight.append(InFlight(call: call, query: query, due: time + latencies[call], task: task))
            }
            // A keystroke: the previous search is cancelled, a new one starts its debounce.
            if nextKeystroke < keystrokes.count, keystrokes[nextKeystroke].time <= time {
                latestTyped = keystrokes[nextKeystroke].text
                nextKeystroke += 1
                let previous = current
                current = feature.updateQuery(latestTyped)
                guard current != previous else { continue }
                if let previous { try await settleCancelled(previous, inFlight: &inFlight, repository: repository) }
                if current != nil { try await clock.waitForSleepers(count: 1) }
            }
        }

        outcome.requests = repository.calls.count
        let final = SearchText.normalized(latestTyped)
        outcome.endsOnFinalQuery =
            final.isEmpty
            ? feature.results.isEmpty && feature.resultsQuery == nil
            : feature.resultsQuery == final && feature.results.allSatisfy { $0.title.hasPrefix("\(final) result") }
                && !feature.results.isEmpty && !feature.isSearching
        return outcome
    }

    /// Waits for a cancelled search to end, unless its request is still out with a repository that swallows
    /// cancellation (then it ends when its answer is due).
    private func settleCancelled(
        _ task: Task<Void, Never>, inFlight: inout [InFlight], repository: ControlledSearchRepository
    ) async throws {
        if let request = inFlight.first(where: { $0.task == task }) {
            guard !repository.isPending(request.call) else { return }
            inFlight.removeAll { $0.call == request.call }
        }
        try await task.finish()
    }
}
