import Foundation

/// Why a fault rule could not be read: the rule as written and what is wrong with it.
public struct FaultRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    /// The rule as written.
    public let rule: String
    /// What is wrong, and what was expected.
    public let reason: String

    /// `invalid fault rule "GET /v1/feed rate=5": rate must be N/s or N/m, such as rate=5/s`.
    public var description: String { "invalid fault rule \"\(rule)\": \(reason)" }
}

extension FaultRule {
    /// The grammar, as `--help` and the README show it.
    public static let syntax = """
        METHOD PATH[?NAME=VALUE&...] ACTION...
          METHOD             GET, POST, PUT, DELETE, PATCH or * (any; GET rules also match HEAD)
          PATH               /v1/... with * or {name} for one segment and a final ** for any rest
          ?NAME=VALUE        the query must have NAME with this decoded value (* for any value)
          latency=DURATION   wait first: 250ms, 2s, 1.5s, 1m
          status=CODE        answer CODE (400-599) in the error shape without running the route
          rate=N/s | N/m     let N requests through per second (minute); the rest get 429
          drop-after-commit  run the route; on success close the connection instead of answering
          cut-after=N        end an event stream (GET /v1/events) after N events
          share=P            affect only this share of matching requests: 0.5 or 50%
          times=N            affect at most N requests
          retry-after=S      Retry-After seconds for status=429/503 (default 1)
        """

    /// Parses one rule, such as `GET /v1/search?q=ab latency=2s` or `POST /v1/orders status=503 share=0.5`.
    ///
    /// The grammar is `FaultRule.syntax`: a method, a path pattern with optional query conditions, then one or more
    /// actions. A rule needs at least one of `latency`, `status`, `rate`, `drop-after-commit`, and at most one of
    /// the last three.
    /// - Throws: `FaultRuleError` naming the rule and the first problem found.
    public init(parsing text: String) throws(FaultRuleError) {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        let words = trimmed.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init)
        func failure(_ reason: String) -> FaultRuleError { FaultRuleError(rule: trimmed, reason: reason) }
        guard words.count >= 3 else {
            throw failure("expected METHOD PATH ACTION..., such as \"GET /v1/feed latency=2s\"")
        }
        let method = try Self.parseMethod(words[0], failure)
        let (pattern, query) = try Self.parseTarget(words[1], failure)
        var actions = ParsedActions()
        for word in words.dropFirst(2) {
            try actions.read(word, failure)
        }
        let outcome = try actions.outcome(failure)
        self.init(
            method: method, pathPattern: pattern, query: query, latency: actions.latency, outcome: outcome,
            share: actions.share ?? 1, times: actions.times, text: trimmed)
    }

    /// Parses each rule in order.
    ///
    /// - Throws: the `FaultRuleError` of the first rule that cannot be read.
    public static func parseAll(_ texts: [String]) throws(FaultRuleError) -> [FaultRule] {
        var rules: [FaultRule] = []
        for text in texts {
            rules.append(try FaultRule(parsing: text))
        }
        return rules
    }

    private static func parseMethod(_ word: String, _ failure: (String) -> FaultRuleError) throws(FaultRuleError)
        -> String?
    {
        if word == "*" { return nil }
        let known = ["GET", "HEAD", "POST", "PUT", "DELETE", "PATCH"]
        guard known.contains(word) else {
            throw failure("unknown method \"\(word)\"; expected one of \(known.joined(separator: ", ")) or *")
        }
        return word
    }

    private static func parseTarget(_ word: String, _ failure: (String) -> FaultRuleError) throws(FaultRuleError)
        -> (String, [String: String])
    {
        let parts = word.split(separator: "?", maxSplits: 1, omittingEmptySubsequences: false).map(String.init)
        let path = parts[0]
        guard path.hasPrefix("/") else { throw failure("the path \"\(path)\" must start with /") }
        let segments = path.split(separator: "/").map(String.init)
        if let misplaced = segments.dropLast().firstIndex(of: "**") {
            throw failure("** may only end the path, not stand at segment \(misplaced + 1)")
        }
        var query: [String: String] = [:]
        if parts.count == 2 {
            for pair in parts[1].split(separator: "&") {
                let nameAndValue = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
                guard nameAndValue.count == 2, !nameAndValue[0].isEmpty else {
                    throw failure("query condition \"\(pair)\" must be NAME=VALUE")
                }
                query[PercentDecoding.decodeQueryComponent(String(nameAndValue[0]))] =
                    PercentDecoding.decodeQueryComponent(String(nameAndValue[1]))
            }
        }
        return (path, query)
    }
}

/// The actions of a rule while they are read.
private struct ParsedActions {
    var latency: Duration?
    var status: Int?
    var rate: (Int, Duration)?
    var dropsAfterCommit = false
    var cutAfter: Int?
    var share: Double?
    var times: Int?
    var retryAfter: Int?

    mutating func read(_ word: String, _ failure: (String) -> FaultRuleError) throws(FaultRuleError) {
        if word == "drop-after-commit" {
            dropsAfterCommit = true
            return
        }
        let parts = word.split(separator: "=", maxSplits: 1).map(String.init)
        guard parts.count == 2 else {
            throw failure(
                "unknown action \"\(word)\"; expected latency=, status=, rate=, drop-after-commit, cut-after=, "
                    + "share=, times= or retry-after=")
        }
        let (name, value) = (parts[0], parts[1])
        switch name {
        case "latency":
            guard let duration = Self.duration(value) else {
                throw failure("latency \"\(value)\" must be a duration such as 250ms, 2s or 1m")
            }
            latency = duration
        case "status":
            guard let code = Int(value), (400...599).contains(code) else {
                throw failure("status \"\(value)\" must be an HTTP error status from 400 to 599")
            }
            status = code
        case "rate":
            guard let limit = Self.rate(value) else {
                throw failure("rate \"\(value)\" must be N/s or N/m with N at least 1, such as rate=5/s")
            }
            rate = limit
        case "cut-after":
            guard let count = Int(value), count >= 1 else {
                throw failure("cut-after \"\(value)\" must be a number of events, at least 1")
            }
            cutAfter = count
        case "share":
            guard let fraction = Self.fraction(value) else {
                throw failure("share \"\(value)\" must be a number from 0 to 1 (0.5) or a percentage (50%)")
            }
            share = fraction
        case "times":
            guard let count = Int(value), count >= 1 else { throw failure("times \"\(value)\" must be at least 1") }
            times = count
        case "retry-after":
            guard let seconds = Int(value), seconds >= 0 else {
                throw failure("retry-after \"\(value)\" must be whole seconds, 0 or more")
            }
            retryAfter = seconds
        default:
            throw failure(
                "unknown action \"\(name)\"; expected latency, status, rate, drop-after-commit, cut-after, "
                    + "share, times or retry-after")
        }
    }

    func outcome(_ failure: (String) -> FaultRuleError) throws(FaultRuleError) -> FaultRule.Outcome? {
        let chosen = [status != nil, rate != nil, dropsAfterCommit, cutAfter != nil].filter { $0 }.count
        guard chosen <= 1 else {
            throw failure("use only one of status=, rate=, drop-after-commit and cut-after= in a rule")
        }
        guard chosen == 1 || latency != nil else {
            throw failure("a rule needs latency=, status=, rate=, drop-after-commit or cut-after=")
        }
        if retryAfter != nil, status.map({ $0 != 429 && $0 != 503 }) ?? true {
            throw failure("retry-after goes with status=429 or status=503 (rate= computes its own)")
        }
        if let status {
            return .status(status, retryAfterSeconds: retryAfter ?? 1)
        }
        if let (requests, period) = rate {
            return .rateLimit(requests: requests, period: period)
        }
        if let cutAfter {
            return .cutStream(afterEvents: cutAfter)
        }
        return dropsAfterCommit ? .dropAfterCommit : nil
    }

    private static func duration(_ text: String) -> Duration? {
        let units: [(suffix: String, seconds: Double)] = [("ms", 0.001), ("s", 1), ("m", 60)]
        for unit in units where text.hasSuffix(unit.suffix) {
            guard let number = Double(text.dropLast(unit.suffix.count)), number >= 0, number.isFinite,
                number * unit.seconds <= 3600
            else { return nil }
            return .milliseconds(Int64((number * unit.seconds * 1000).rounded()))
        }
        return nil
    }

    private static func rate(_ text: String) -> (Int, Duration)? {
        let parts = text.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2, let count = Int(parts[0]), count >= 1 else { return nil }
        switch parts[1] {
        case "s": return (count, .seconds(1))
        case "m": return (count, .seconds(60))
        default: return nil
        }
    }

    private static func fraction(_ text: String) -> Double? {
        if text.hasSuffix("%") {
            guard let percent = Double(text.dropLast()), (0...100).contains(percent) else { return nil }
            return percent / 100
        }
        guard let value = Double(text), (0...1).contains(value) else { return nil }
        return value
    }
}
