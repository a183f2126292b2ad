import Foundation

extension ModulesConfiguration {
    /// One entry of `quarantine` in modules.json: a test whose failure is a warning until `expires`, then an error
    /// again.
    ///
    /// ```json
    /// {"test": "Features/Checkout/CheckoutTests/SubmissionTests/requestInProgressIsRetried()",
    ///  "owner": "@ana", "reason": "hangs under load, #212", "expires": "2026-07-01"}
    /// ```
    public struct QuarantineEntry: Sendable, Equatable, Encodable {
        /// `Package/TestTarget/Suite/test()`: the package's repository-relative path (`.` or nothing for the root
        /// package), the test target, the suite (nested suites as `Outer/Inner` or `Outer.Inner`; none for a
        /// free test function, an XCTest class name for XCTest) and the test's name as Swift Testing's xunit file
        /// spells it (`levels()`, `param(x:)`; `testLevels` for XCTest).
        public var test: String
        /// Who is fixing it (a name, a handle, a team).
        public var owner: String
        /// Why it is quarantined (an issue, a symptom).
        public var reason: String
        /// `YYYY-MM-DD`: the day the quarantine ends (00:00 UTC); before it, a failure is a warning.
        public var expires: String
        /// The start of ``expires`` (00:00 UTC).
        public var expiry: Date

        /// Creates an entry; `expires` must be a `YYYY-MM-DD` date (``expiry(of:)``).
        public init(test: String, owner: String, reason: String, expires: String, expiry: Date) {
            self.test = test
            self.owner = owner
            self.reason = reason
            self.expires = expires
            self.expiry = expiry
        }

        /// Whether a failure is still a warning at `date`: before 00:00 UTC of ``expires``.
        public func isInForce(at date: Date) -> Bool {
            date < expiry
        }

        /// `quarantined until 2026-07-01 (owner @ana: hangs under load, #212)`, or when the entry is no longer in
        /// force, `its quarantine expired on 2026-07-01 (…)`.
        func describe(inForce: Bool) -> String {
            (inForce ? "quarantined until \(expires)" : "its quarantine expired on \(expires)")
                + " (owner \(owner): \(reason))"
        }

        private enum CodingKeys: String, CodingKey {
            case test, owner, reason, expires
        }

        /// Encodes the entry as modules.json holds it.
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(test, forKey: .test)
            try container.encode(owner, forKey: .owner)
            try container.encode(reason, forKey: .reason)
            try container.encode(expires, forKey: .expires)
        }

        /// 00:00 UTC of `text`, a `YYYY-MM-DD` date of the Gregorian calendar; `nil` for anything else
        /// (`2026-02-30`, `2026-7-1`, `1 July`).
        public static func expiry(of text: String) -> Date? {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts.map(\.count) == [4, 2, 2],
                parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) })
            else { return nil }
            var calendar = Calendar(identifier: .gregorian)
            guard let utc = TimeZone(identifier: "UTC") else { return nil }
            calendar.timeZone = utc
            let components = DateComponents(year: Int(parts[0]), month: Int(parts[1]), day: Int(parts[2]))
            guard let date = calendar.date(from: components) else { return nil }
            // NB: Calendar rolls 2026-02-30 over to March; a real date reads back the same.
            let back = calendar.dateComponents([.year, .month, .day], from: date)
            guard back.year == components.year, back.month == components.month, back.day == components.day else {
                return nil
            }
            return date
        }
    }
}

/// One `quarantine` entry as written in `modules.json`.
struct QuarantineFileEntry: Decodable {
    var test: String
    var owner: String
    var reason: String
    var expires: String

    enum CodingKeys: String, CodingKey, CaseIterable {
        case test, owner, reason, expires
    }

    init(from decoder: any Decoder) throws {
        try rejectUnknownKeys(decoder, CodingKeys.self)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        test = try container.decode(String.self, forKey: .test)
        owner = try container.decode(String.self, forKey: .owner)
        reason = try container.decode(String.self, forKey: .reason)
        expires = try container.decode(String.self, forKey: .expires)
    }

    /// The entries, validated: a test of at least a target and a name with no empty segment, an owner and a reason
    /// that are not blank, a real `YYYY-MM-DD` date, and no test named twice.
    /// - Throws: ``ConfigurationError`` naming the entry (`quarantine[2].expires`).
    static func entries(_ file: [QuarantineFileEntry], path: String) throws -> [ModulesConfiguration.QuarantineEntry] {
        var entries: [ModulesConfiguration.QuarantineEntry] = []
        for (index, entry) in file.enumerated() {
            let at = "quarantine[\(index)]"
            let test = entry.test.hasPrefix("./") ? String(entry.test.dropFirst(2)) : entry.test
            let segments = test.split(separator: "/", omittingEmptySubsequences: false)
            guard segments.count >= 2, !segments.contains(where: \.isEmpty) else {
                throw ConfigurationError(
                    path: path,
                    reason: "\(at).test must name Package/TestTarget/Suite/test() (at least a test target and a "
                        + "test, no empty part), not '\(entry.test)'")
            }
            for (key, value) in [("owner", entry.owner), ("reason", entry.reason)]
            where value.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty {
                throw ConfigurationError(path: path, reason: "\(at).\(key) must not be empty")
            }
            guard let expiry = ModulesConfiguration.QuarantineEntry.expiry(of: entry.expires) else {
                throw ConfigurationError(
                    path: path, reason: "\(at).expires must be a date as YYYY-MM-DD, not '\(entry.expires)'")
            }
            if let first = entries.firstIndex(where: { $0.test == entry.test }) {
                throw ConfigurationError(
                    path: path, reason: "\(at).test '\(entry.test)' is quarantined twice (also quarantine[\(first)])")
            }
            entries.append(
                .init(
                    test: entry.test, owner: entry.owner, reason: entry.reason, expires: entry.expires, expiry: expiry))
        }
        return entries
    }
}
