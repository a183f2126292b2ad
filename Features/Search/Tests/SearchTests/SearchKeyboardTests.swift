import DesignSystem
import Foundation
import Models
import Networking
import TerminalUI
import TestSupport
import Testing

@testable import Search

/// The search screen's keyboard, driven through `SearchView` with decoded key events.
@MainActor
@Suite("Search keyboard")
struct SearchKeyboardTests {
    private func view(_ harness: FeatureHarness) -> SearchView {
        SearchView(
            viewModel: SearchViewModel(feature: harness.feature, locale: Locale(identifier: "en_US")), theme: .unicode)
    }

    @Test("a burst of 10,000 typed keys fills the field to the API's 200 characters, says so, and sends one search")
    func burst() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        let view = view(harness)
        var decoder = KeyDecoder()
        let keys = decoder.decode(Array(String(repeating: "lamp ", count: 2_000).utf8)) + decoder.flush()
        #expect(keys.count == 10_000)
        for key in keys { #expect(view.handle(key) == .handled) }

        let model = view.viewModel
        #expect(model.input.count == SearchViewModel.maximumQueryLength)
        #expect(model.input.limitReached)
        let plain = view.render(size: TerminalSize(columns: 80, rows: 24)).map(\.plainText)
        #expect(plain.contains { $0.contains("Up to 200 characters") })

        try await harness.clock.waitForSleepers(count: 1)
        harness.clock.advance(by: .milliseconds(300))
        try await harness.repository.waitForCalls(count: 1)
        try await waitUntil("the results") { !harness.feature.isSearching }
        #expect(harness.repository.calls.count <= 2)
        #expect(harness.repository.calls.last?.query == SearchText.normalized(String(repeating: "lamp ", count: 40)))
    }

    @Test("Tab is left to the App, q is typed, Escape leaves the field with its text, Ctrl-U clears it")
    func fieldNeverTraps() throws {
        let harness = try FeatureHarness()
        let view = view(harness)
        for character in "quilt" { _ = view.handle(.character(character)) }
        #expect(view.viewModel.input.text == "quilt")
        #expect(view.handle(KeyEvent(.tab)) == .ignored)
        #expect(view.handle(KeyEvent(.tab, modifiers: .shift)) == .ignored)
        #expect(view.handle(KeyEvent(.escape)) == .handled)
        #expect(view.viewModel.focus == .list)
        #expect(view.viewModel.input.text == "quilt")
        #expect(view.handle(.character("a")) == .handled, "a means add on this screen, even with nothing to add")
        for key in ["q", "1", "?"] {
            #expect(view.handle(.character(Character(key))) == .ignored, "\(key) is the App's outside the field")
        }
        #expect(view.handle(.character("/")) == .handled)
        #expect(view.handle(.control("u")) == .handled)
        #expect(view.viewModel.input.isEmpty)
    }

    @Test("the keys listed for help are the ones that work: the field's while typing, the list's after")
    func keyHelpFollowsFocus() async throws {
        let harness = try FeatureHarness(
            repository: ControlledSearchRepository(responder: { .success(TestValues.page(for: $0.query)) }))
        let view = view(harness)
        #expect(view.keyHelp.map(\.key) == ["type", "enter", "esc", "ctrl-u"])
        for character in "mug" { _ = view.handle(.character(character)) }
        _ = view.handle(KeyEvent(.enter))
        try await waitUntil("the results") { !harness.feature.isSearching }
        #expect(view.keyHelp.map(\.key) == ["type", "enter", "↓", "esc", "ctrl-u"])
        _ = view.handle(KeyEvent(.down))
        #expect(view.keyHelp.map(\.key) == ["enter", "a", "↑↓", "/"])
        for item in view.keyHelp where item.key.count == 1 {
            #expect(view.handle(.character(Character(item.key))) == .handled, "\(item.key) is listed and works")
            _ = view.handle(KeyEvent(.down))
        }
    }

    @Test("an out-of-stock result is not added, and the screen says so")
    func outOfStock() async throws {
        let harness = try FeatureHarness()
        var added: [ProductID] = []
        harness.feature.onAddToCart = { added.append($0.id) }
        let page = SearchPage(
            results: OffsetPage(
                items: [TestValues.product("sold", title: "Brass lamp", availability: .outOfStock)], offset: 0,
                total: 1),
            source: .server)
        try await harness.search("lamp", call: 0, answer: page)
        let view = view(harness)
        _ = view.handle(KeyEvent(.down))
        #expect(view.handle(.character("a")) == .handled)
        #expect(added.isEmpty)
        let plain = view.render(size: TerminalSize(columns: 80, rows: 20)).map(\.plainText)
        #expect(plain.contains { $0.contains("\u{201C}Brass lamp\u{201D} is out of stock, so it wasn't added") })
    }

    @Test("a search the server rejects shows the server's reason")
    func rejectionReason() async throws {
        let harness = try FeatureHarness()
        let rejection = APIError.http(
            status: 400, body: APIErrorBody(code: "invalid_parameter", message: "q must be at most 200 characters."),
            retryAfter: nil)
        try await harness.submit("lamp", call: 0, answer: .failure(SearchError.api(rejection)))
        let view = view(harness)
        #expect(
            view.viewModel.notice?.message
                == "Couldn't search. The store didn't accept the request: q must be at most 200 characters.")
    }
}
