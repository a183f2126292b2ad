import FeatureKit
import Foundation
import Models
import Testing

/// The contract's erased forms: a command's handler runs on its own receiver only, capabilities are found by type,
/// and a parked action reads back from the text and JSON forms earlier versions wrote.
@MainActor
@Suite("feature entry contract v2", .timeLimit(.minutes(1)))
struct EntryContractV2Tests {
    final class Owner {
        var runs = 0
    }

    final class Stranger {}

    private func invocation(_ spec: CommandSpec, errors: Collected) throws -> CommandInvocation {
        let parsed = try CommandOptions([]).parse([])
        return CommandInvocation(
            spec: spec, arguments: parsed, operands: [], output: Collected(), errorOutput: errors,
            isInputTerminal: false, programName: "storefront", isSignedIn: false, sessionEndedMessage: nil,
            usageText: { "" })
    }

    @Test("a command runs its own handler on its owner; handed to another object it fails, naming both")
    func handlers() async throws {
        let spec = CommandSpec(
            ["wish"], help: "Wish.",
            run: .on(Owner.self) { owner, _ in
                owner.runs += 1
                return .success
            })
        let owner = Owner()
        let errors = Collected()
        #expect(await spec.handler.run(on: owner, try invocation(spec, errors: errors)) == .success)
        #expect(owner.runs == 1)
        #expect(await spec.handler.run(on: Stranger(), try invocation(spec, errors: errors)) == .failure)
        #expect(owner.runs == 1)
        #expect(errors.text.contains("belongs to Owner, not to Stranger"), "\(errors.text)")
    }

    @Test("capabilities are found by their type; a second provide replaces the first")
    func capabilities() throws {
        let capabilities = EntryCapabilities()
        #expect(capabilities.get(SessionAccess.self) == nil)
        capabilities.provide(SessionAccess { false })
        capabilities.provide(SessionAccess { true })
        let session = try #require(capabilities.get(SessionAccess.self))
        #expect(session.isSignedIn())
        #expect(capabilities.get(CartAccess.self) == nil, "another type is not provided by this one")
        #expect(capabilities.providedTypeNames == ["SessionAccess"])
    }

    @Test("a parked action reads back from the text and JSON forms, and prints the text form it was read from")
    func parkedForms() throws {
        let action = EntryAction(feature: "feed", name: "like", ids: ["post_7"])
        #expect(EntryAction(text: action.description) == action)
        #expect(EntryAction(text: "feed.like") == EntryAction(feature: "feed", name: "like"))
        #expect(EntryAction(text: "like post_7") == nil)
        #expect(EntryAction(text: ".like post_7") == nil)
        let written = try JSONEncoder().encode(action)
        #expect(try JSONDecoder().decode(EntryAction.self, from: written) == action)
        let withoutIDs = try JSONDecoder().decode(EntryAction.self, from: Data(#"{"feature":"a","name":"b"}"#.utf8))
        #expect(withoutIDs.ids.isEmpty)
    }

    @Test("a request wraps an entry's own value and compares by it")
    func requests() {
        enum Asks: Hashable, Sendable { case show(String) }
        enum Other: Hashable, Sendable { case show(String) }
        #expect(EntryRequest(Asks.show("a")) == EntryRequest(Asks.show("a")))
        #expect(EntryRequest(Asks.show("a")) != EntryRequest(Asks.show("b")))
        #expect(
            EntryRequest(Asks.show("a")) != EntryRequest(Other.show("a")), "another entry's value of the same shape")
    }
}
