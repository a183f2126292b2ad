import Foundation
import Networking

// Decodes a 50-post feed page with the shared decoder (`APIJSON.makeDecoder()`: snake_case keys, ISO 8601 dates,
// typed ids, lossy lists) and, in the same run, parses the same bytes with JSONSerialization into untyped objects, the
// reference. Prints pages per second for both and their ratio (how many times longer a typed page takes).
//
// Usage: swift run -c release --package-path Core/Networking NetworkingBenchmarks [--json]

struct Measurement {
    let pages: Int
    let seconds: Double
    var pagesPerSecond: Double { Double(pages) / seconds }
}

/// Runs `body` `pages` times per round, `rounds` times after one warm-up round, and keeps the fastest round.
func measure(pages: Int, rounds: Int, _ body: () throws -> Void) rethrows -> Measurement {
    let clock = ContinuousClock()
    var best = Duration.seconds(Int64.max)
    for round in 0...rounds {
        let start = clock.now
        for _ in 0..<pages {
            try body()
        }
        let elapsed = clock.now - start
        if round > 0, elapsed < best {
            best = elapsed
        }
    }
    let (seconds, attoseconds) = best.components
    return Measurement(pages: pages, seconds: Double(seconds) + Double(attoseconds) / 1e18)
}

let arguments = Array(CommandLine.arguments.dropFirst())
let wantsJSON = arguments == ["--json"]
guard arguments.isEmpty || wantsJSON else {
    FileHandle.standardError.write(Data("usage: NetworkingBenchmarks [--json]\n".utf8))
    exit(64)
}

let postCount = 50
let page = FeedPageFixture.json(count: postCount)
let decoder = APIJSON.makeDecoder()

// Check once that the page decodes completely, so the benchmark measures real work.
let checked = try decoder.decode(FeedPageDTO.self, from: page)
guard checked.posts.elements.count == postCount, checked.posts.dropped.isEmpty else {
    FileHandle.standardError.write(
        Data("the benchmark page did not decode completely: \(checked.posts.dropped)\n".utf8))
    exit(1)
}

let pagesPerRound = 400
let rounds = 5
var decodedPosts = 0
var parsedObjects = 0
let typed = try measure(pages: pagesPerRound, rounds: rounds) {
    decodedPosts += try decoder.decode(FeedPageDTO.self, from: page).posts.elements.count
}
let untyped = try measure(pages: pagesPerRound, rounds: rounds) {
    let object = try JSONSerialization.jsonObject(with: page) as? [String: Any]
    parsedObjects += (object?["posts"] as? [Any])?.count ?? 0
}
let ratio = untyped.pagesPerSecond / typed.pagesPerSecond

if wantsJSON {
    let report: [String: Any] = [
        "posts_per_page": postCount,
        "page_bytes": page.count,
        "pages_per_round": pagesPerRound,
        "rounds": rounds,
        "decoder_pages_per_second": typed.pagesPerSecond,
        "jsonserialization_pages_per_second": untyped.pagesPerSecond,
        "ratio_decoder_time_to_jsonserialization_time": ratio,
        "posts_decoded": decodedPosts,
        "posts_parsed": parsedObjects,
    ]
    let data = try JSONSerialization.data(withJSONObject: report, options: [.sortedKeys])
    print(String(decoding: data, as: UTF8.self))
} else {
    print("Networking: decoding a \(postCount)-post feed page (\(page.count) bytes), fastest of \(rounds) rounds")
    print(String(format: "shared decoder (typed DTOs):      %10.0f pages/s", typed.pagesPerSecond))
    print(String(format: "JSONSerialization (reference):    %10.0f pages/s", untyped.pagesPerSecond))
    print(String(format: "ratio decoder / JSONSerialization: %9.2fx the time per page", ratio))
}
