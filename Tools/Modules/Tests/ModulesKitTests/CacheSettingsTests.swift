import Foundation
import Testing

@testable import ModulesKit

/// The `cache` object of modules.json and where a run takes its URL and credentials from.
@Suite(.timeLimit(.minutes(10))) struct CacheSettingsTests {
    @Test func readsTheCacheObjectAndRejectsWhatItDoesNotKnow() throws {
        let json = #"""
            {"cache": {"url": "https://cache.example.com/storefront", "environment": ["B_FLAG", "A_FLAG"],
                       "credentials": {"variable": "MODULES_CACHE_TOKEN", "scheme": "basic"},
                       "timeoutSeconds": 2.5, "readOnly": true}}
            """#
        let cache = try ModulesConfiguration.parse(Data(json.utf8), path: "modules.json").cache
        #expect(cache.url == "https://cache.example.com/storefront")
        #expect(cache.environment == ["A_FLAG", "B_FLAG"])
        #expect(cache.credentialsVariable == "MODULES_CACHE_TOKEN")
        #expect(cache.credentialsScheme == .basic)
        #expect(cache.timeoutSeconds == 2.5)
        #expect(cache.readOnly)
        #expect(try ModulesConfiguration.parse(Data("{}".utf8), path: "m").cache == .init())

        for (bad, reason) in [
            (#"{"cache": {"url": "ftp://x"}}"#, "cache.url: it must start with http:// or https://"),
            (
                #"{"cache": {"url": "http://u:pw@cache"}}"#,
                "cache.url: it must not carry credentials ('http://u:***@cache')"
            ),
            (#"{"cache": {"credentials": {"variable": "T", "scheme": "digest"}}}"#, "is not bearer or basic"),
            (#"{"cache": {"timeoutSeconds": 0}}"#, "cache.timeoutSeconds must be above 0"),
            (#"{"cache": {"token": "secret"}}"#, "unknown key 'token' in cache"),
        ] {
            #expect(throws: ConfigurationError.self, "\(bad)") {
                try ModulesConfiguration.parse(Data(bad.utf8), path: "modules.json")
            }
            do {
                _ = try ModulesConfiguration.parse(Data(bad.utf8), path: "modules.json")
            } catch {
                #expect("\(error)".contains(reason), "\(error)")
            }
        }
    }

    @Test func cacheOptionsNeedChangedSinceGreenAndAValidURLAndTimeout() async throws {
        try await withTemporaryDirectory { directory in
            let repo = try Fixtures.copy("SharedCache", into: directory)
            let swift = FakeSwift([:])
            for bad in [
                ["--cache-url", "http://127.0.0.1:1"], ["--cache-read-only"],
                ["--changed-since-green", "--cache-url", "cache.example.com"],
                ["--changed-since-green", "--cache-url", "http://127.0.0.1:1", "--cache-timeout", "0"],
                ["--changed-since-green", "--cache-url", "http://127.0.0.1:99999"],
                ["--changed-since-green", "--cache-url", "http://[::1"],
                ["--changed-since-green", "--cache-url", "http://127.0.0.1:1/some path"],
                ["--changed-since-green", "--cache-url", "http://"],
                ["--changed-since-green", "--cache-url", "http://user:s3cret@127.0.0.1:1/"],
            ] {
                let run = await runModules(["test", "--repo", repo.path] + bad, in: repo, runner: swift.runner)
                #expect(run.status == 64, "\(bad): \(run.errorOutput)")
                #expect(!run.errorOutput.contains("s3cret"), "\(bad): \(run.errorOutput)")
            }
        }
    }
}
