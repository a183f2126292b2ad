import FeatureKit
import Foundation
import Logging
import TestSupport
import Testing

@testable import StorefrontApp

@Suite("storefront command line", .timeLimit(.minutes(3)))
@MainActor
struct CommandLineTests {
    @Test("--help and -h print the usage to standard output and succeed")
    func help() async throws {
        for arguments in [["--help"], ["-h"], ["help"], ["--log-level", "debug", "--help"]] {
            let harness = try CommandHarness()
            #expect(await harness.run(arguments) == .success)
            #expect(harness.output.contents.hasPrefix("Storefront: "))
            #expect(harness.output.contents.contains("Usage: storefront [OPTIONS] [COMMAND]"))
            #expect(harness.output.contents.contains("--version"))
            #expect(harness.output.contents.contains("cart add ID [--quantity N]"))
            #expect(harness.errors.contents.isEmpty)
        }
    }

    @Test("--version prints the semantic version")
    func version() async throws {
        for arguments in [["--version"], ["version"]] {
            let harness = try CommandHarness()
            #expect(await harness.run(arguments) == .success)
            #expect(harness.output.contents == "storefront \(StorefrontVersion.current)\n")
        }
        #expect(StorefrontVersion.current.split(separator: ".").count == 3)
    }

    @Test(
        "usage errors print one line and where the usage is to standard error, and exit 64",
        arguments: [
            (["frobnicate"], "storefront: unknown command 'frobnicate'"),
            (["--colour"], "storefront: unknown option '--colour'"),
            (["-x"], "storefront: unknown option '-x'"),
            (["--log-level"], "storefront: option '--log-level' needs a value"),
            (["--log-level", "loud"], "storefront: invalid log level 'loud'"),
            (["--no-color=yes"], "storefront: option '--no-color' takes no value"),
            (["version", "extra"], "storefront: 'version' takes no arguments"),
            (["cart"], "storefront: 'cart' needs one of: add, remove, list"),
            (["post"], "storefront: 'post' needs ID"),
            (["feed", "--quantity", "2"], "storefront: option '--quantity' does not apply to 'feed'"),
            (["feed", "--limit", "0"], "storefront: option '--limit' needs a whole number from 1 to 50"),
            (["--api-url", "ftp://x"], "storefront: invalid API URL 'ftp://x': the scheme 'ftp' is not http or https"),
            (["--api-url", "http://h/v1?x=1"], "storefront: invalid API URL 'http://h/v1?x=1': a query ('?…')"),
            (["--api-url", "http://h/#top"], "storefront: invalid API URL 'http://h/#top': a fragment ('#…')"),
            (["--api-url", "http://ada:pw@h"], "storefront: invalid API URL 'http://ada:pw@h': user info"),
            (["--api-url", "http://ada@h"], "storefront: invalid API URL 'http://ada@h': user info"),
            (["--api-url", "http:///v1"], "storefront: invalid API URL 'http:///v1': it has no host"),
            (["--api-url", "http://h:0"], "storefront: invalid API URL 'http://h:0': the port '0' is not a number"),
            (["--api-url", "http://h:99999"], "storefront: invalid API URL 'http://h:99999': the port '99999'"),
            (["--api-url", "http://h:x8"], "storefront: invalid API URL 'http://h:x8': the port 'x8'"),
            (["--api-url", "h:8080"], "storefront: invalid API URL 'h:8080': the scheme 'h' is not http or https"),
            (
                ["--flag", "expres_shipping=on"],
                "storefront: unknown flag 'expres_shipping' in '--flag expres_shipping=on' (known flags: "
            ),
            (["--flag", "express_shipping"], "storefront: invalid flag 'express_shipping'"),
            (["--flag", "express_shipping=maybe"], "storefront: invalid value in 'express_shipping=maybe'"),
            (["--ca-file", "/nonexistent/ca.pem"], "storefront: --ca-file '/nonexistent/ca.pem': no such file"),
            (["--ca-file", "/"], "storefront: --ca-file '/': is a directory, not a file"),
            (["--server-fault", "GET /v1/feed explode"], "storefront: invalid fault rule"),
            (["--request-timeout", "0"], "storefront: invalid request timeout '0'"),
            (["--request-timeout", "1.5"], "storefront: invalid request timeout '1.5'"),
            (["checkout", "--name", "Ada"], "storefront: 'checkout' needs --street"),
            (["login", "  "], "storefront: Enter a user name."),
            (["product", ".."], "storefront: '..' is not a valid ID for 'product'"),
            (["product", "."], "storefront: '.' is not a valid ID for 'product'"),
            (["product", ""], "storefront: an empty ID is not valid for 'product'"),
            (["orders", "show", "."], "storefront: '.' is not a valid ID for 'orders show'"),
            (["cart", "add", "sku/1"], "storefront: 'sku/1' is not a valid ID (it contains '/') for 'cart add'"),
            (["lists", "add", "Party", ".."], "storefront: '..' is not a valid PRODUCT_ID for 'lists add'"),
            (["accounts", "delete", ".."], "storefront: '..' is not a valid ID for 'accounts delete'"),
            (["like", "../x"], "storefront: '../x' is not a valid ID (it contains '/') for 'like'"),
            (
                ["lists", "shwo"],
                "storefront: unknown subcommand 'shwo' of 'lists'; did you mean 'show'? (valid: new, rename, delete, "
            ),
            (["accounts", "dleete"], "storefront: unknown subcommand 'dleete' of 'accounts'; did you mean 'delete'?"),
            (["accounts", "zzzzzz"], "storefront: unknown subcommand 'zzzzzz' of 'accounts' (valid: delete)"),
            (["cart", "ad", "x"], "storefront: unknown subcommand 'ad' of 'cart'; did you mean 'add'?"),
            (["help", "nonsense"], "storefront: unknown command 'nonsense'"),
            (["nonsense", "--help"], "storefront: unknown command 'nonsense'"),
            (["lists", "shwo", "--help"], "storefront: unknown subcommand 'shwo' of 'lists'"),
        ]
    )
    func usageErrors(arguments: [String], firstLine: String) async throws {
        let harness = try CommandHarness()
        #expect(await harness.run(arguments) == .usage)
        #expect(ExitCode.usage.rawValue == 64)
        let lines = harness.errors.contents.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "one line and the pointer, not the whole usage: \(harness.errors.contents)")
        #expect(lines.first?.hasPrefix(firstLine) == true, "\(harness.errors.contents)")
        #expect(lines.last == "Run 'storefront --help' for usage.")
        #expect(harness.output.contents.isEmpty)
    }

    @Test("COMMAND --help prints that command's help: synopsis, what it does, its options; a group lists its commands")
    func commandHelp() async throws {
        let harness = try CommandHarness()
        #expect(await harness.run(["cart", "add", "--help"]) == .success)
        let help = harness.output.contents
        #expect(help.hasPrefix("Usage: storefront cart add ID [--quantity N]"), "\(help)")
        #expect(help.contains("--quantity N"))
        #expect(!help.contains("Commands:"), "not the whole usage: \(help)")
        #expect(help.split(separator: "\n").count < 15)
        let group = try CommandHarness()
        #expect(await group.run(["help", "cart"]) == .success)
        #expect(group.output.contents.contains("storefront cart remove"), "\(group.output.contents)")
        #expect(!group.output.contents.contains("storefront feed"))
        let lists = try CommandHarness()
        #expect(await lists.run(["lists", "--help"]) == .success)
        #expect(lists.output.contents.contains("Related commands:"), "\(lists.output.contents)")
        #expect(lists.output.contents.contains("storefront lists add LIST PRODUCT_ID"))
    }

    @Test("--json errors carry the server's request id for a 4xx answer, whichever feature met it")
    func requestIDOn4xx() async throws {
        for arguments in [["product", "nope"], ["cart", "add", "nope"], ["post", "nope"]] {
            let harness = try CommandHarness()
            #expect(await harness.run(["--json"] + arguments) == .failure)
            let document = try JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: Any]
            let error = try #require(document?["error"] as? [String: Any], "\(arguments): \(harness.output.contents)")
            #expect(error["code"] as? String == "not_found", "\(arguments)")
            let requestID = error["request_id"] as? String
            #expect(requestID?.isEmpty == false, "\(arguments): \(harness.output.contents)")
        }
    }

    @Test("--json version prints the version as JSON")
    func versionAsJSON() async throws {
        for arguments in [["--json", "version"], ["version", "--json"], ["--json", "--version"]] {
            let harness = try CommandHarness()
            #expect(await harness.run(arguments) == .success)
            let object = try JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: String]
            #expect(
                object == ["name": "storefront", "version": StorefrontVersion.current], "\(harness.output.contents)")
        }
    }

    @Test("an unknown --flag name lists every flag the entries declared; a known one with a port and path URL is fine")
    func unknownFlagListsKnownNames() async throws {
        let harness = try CommandHarness()
        #expect(await harness.run(["--flag", "made_up=on", "version"]) == .usage)
        let first = harness.errors.contents.split(separator: "\n").first.map(String.init) ?? ""
        let names = try TestGraph.registry().flags.map(\.name).sorted()
        #expect(!names.isEmpty)
        #expect(first.hasSuffix("(known flags: \(names.joined(separator: ", ")))"), "\(first)")
        let url = try AppConfiguration.parseAPIURL("https://api.example.test:8443/prefix/")
        #expect(url.absoluteString == "https://api.example.test:8443/prefix/")
        #expect(try AppConfiguration.parseAPIURL("http://[::1]:9").port == 9)
    }

    @Test("--ca-file and STOREFRONT_CA_FILE name a readable PEM file, resolved against the current directory")
    func certificateAuthorityFile() async throws {
        let directory = try TemporaryDirectory()
        let pem = directory.url.appending(path: "ca.pem")
        try Data("-----BEGIN CERTIFICATE-----\n".utf8).write(to: pem)
        let catalog = try TestGraph.catalog()
        let relative = try AppConfiguration(
            arguments: try catalog.allOptions.parse(["--ca-file", "ca.pem"]), environment: [:],
            currentDirectory: directory.url)
        #expect(relative.certificateAuthorities?.path(percentEncoded: false) == pem.path(percentEncoded: false))
        let fromEnvironment = try AppConfiguration(
            arguments: try catalog.allOptions.parse([]), environment: ["STOREFRONT_CA_FILE": pem.path],
            currentDirectory: URL(filePath: "/"))
        #expect(fromEnvironment.certificateAuthorities != nil)
        let missing = try CommandHarness()
        #expect(await missing.run(["whoami"], environment: ["STOREFRONT_CA_FILE": "/nonexistent/ca.pem"]) == .usage)
        #expect(
            missing.errors.contents.hasPrefix("storefront: STOREFRONT_CA_FILE '/nonexistent/ca.pem': no such file"))
    }

    @Test("an invalid STOREFRONT_LOG_LEVEL is a usage error; a flag wins over the variable")
    func logLevelFromEnvironment() async throws {
        let bad = try CommandHarness()
        #expect(await bad.run(["whoami"], environment: ["STOREFRONT_LOG_LEVEL": "chatty"]) == .usage)

        let parsed = try TestGraph.catalog().allOptions.parse(["--log-level", "error"])
        let configuration = try AppConfiguration(
            arguments: parsed, environment: ["STOREFRONT_LOG_LEVEL": "trace"], currentDirectory: URL(filePath: "/"))
        #expect(configuration.logLevel == .error)
    }

    @Test("the composition root receives the configured log level")
    func logLevelReachesHandler() async throws {
        let quiet = try CommandHarness()
        #expect(await quiet.run(["whoami"]) == .success)
        #expect(!quiet.logs.records.contains { $0.level == .debug })

        let chatty = try CommandHarness()
        #expect(await chatty.run(["--log-level", "debug", "whoami"]) == .success)
        #expect(chatty.logs.records.contains { $0.message.description == "command" })
    }

    @Test("configuration: relative data directory, API URL from the environment, flags and fault rules")
    func configuration() throws {
        let parsed = try TestGraph.catalog().allOptions.parse([
            "--data-dir", "sub/dir", "--flag", "express_shipping=on", "--flag", "feed_likes=0",
            "--server-fault", "POST /v1/orders drop-after-commit times=1",
        ])
        let configuration = try AppConfiguration(
            arguments: parsed, environment: [:], currentDirectory: URL(filePath: "/work/", directoryHint: .isDirectory))
        #expect(configuration.dataDirectory?.path == "/work/sub/dir")
        #expect(configuration.flagOverrides == ["express_shipping": true, "feed_likes": false])
        #expect(configuration.serverFaults == ["POST /v1/orders drop-after-commit times=1"])
        #expect(configuration.apiURL == nil)

        let remote = try AppConfiguration(
            arguments: ParsedArguments(), environment: ["STOREFRONT_API_URL": "https://api.example.com/base"],
            currentDirectory: URL(filePath: "/"))
        #expect(remote.apiURL?.absoluteString == "https://api.example.com/base")
        let withFaults = try TestGraph.catalog().allOptions.parse(["--api-url", "http://h", "--server-fault", "x"])
        #expect(throws: UsageError.self) {
            try AppConfiguration(arguments: withFaults, environment: [:], currentDirectory: URL(filePath: "/"))
        }
    }

    @Test("a search the server cannot answer, with nothing saved, fails with the reason; --json prints the error")
    func searchFailureIsHonest() async throws {
        let harness = try CommandHarness()
        let status = await harness.run(["--api-url", "http://127.0.0.1:9", "--json", "search", "leather"])
        #expect(status == .failure)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: [String: String]])
        #expect(document["error"]?["code"] == "offline")
        #expect(document["error"]?["message"]?.contains("no products saved on this device match") == true)
        #expect(harness.errors.contents.hasPrefix("storefront: the search failed"))
    }

    @Test("a product the server cannot answer, not saved here: the offline code and sentence, never a URLError")
    func productFailureInWords() async throws {
        let harness = try CommandHarness()
        let status = await harness.run(["--api-url", "http://127.0.0.1:9", "--json", "product", "sku_77"])
        #expect(status == .failure)
        let document = try #require(
            JSONSerialization.jsonObject(with: Data(harness.output.contents.utf8)) as? [String: [String: String]])
        #expect(document["error"]?["code"] == "offline")
        let message = try #require(document["error"]?["message"])
        #expect(message.contains("could not be loaded: You're offline. (offline)"))
        #expect(message.contains("not saved on this device"))
        #expect(!message.contains("URLError"))
    }

    @Test("with --json a usage error prints the error document on standard output too")
    func usageErrorAsJSON() async throws {
        let harness = try CommandHarness()
        #expect(await harness.run(["--json", "cart", "add", "sku_1", "--quantity", "500"]) == .usage)
        #expect(
            harness.output.contents
                == #"{"error":{"code":"usage","message":"option '--quantity' needs a whole number from 1 to 99"}}"#
                + "\n")
    }

    @Test("a data directory that is a file is one line naming it and why, before anything is sent")
    func unusableDataDirectory() async throws {
        let harness = try CommandHarness()
        let file = harness.directory.url.appending(path: "not-a-directory")
        try Data("x".utf8).write(to: file)
        // The harness's own --data-dir comes first; the last one given wins.
        #expect(await harness.run(["--data-dir", file.path, "feed"]) == .failure)
        #expect(
            harness.errors.contents
                == "storefront: cannot use the data directory (--data-dir) \(file.path): it is a file, not a directory\n"
        )
    }
}
