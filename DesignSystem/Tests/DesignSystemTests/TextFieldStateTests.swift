import DesignSystem
import TerminalUI
import Testing

@Suite("Text field state", .timeLimit(.minutes(1)))
struct TextFieldStateTests {
    @Test("a field with a maximum length takes text up to it, says so, and clears the note on deleting")
    func maximumLength() {
        var state = TextFieldState(maximumLength: 5)
        for character in "abcdefg" { _ = state.handle(.character(character)) }
        #expect(state.text == "abcde")
        #expect(state.limitReached)
        _ = state.handle(KeyEvent(.backspace))
        #expect(state.text == "abcd")
        #expect(!state.limitReached)
        _ = state.handle(KeyEvent(.paste("xyz")))
        #expect(state.text == "abcdx")
        #expect(state.limitReached)
        let cut = TextFieldState(text: "too long", maximumLength: 3)
        #expect(cut.text == "too" && cut.cursor == 3 && cut.limitReached)
    }

    @Test("count and cursor follow characters that join: a combining accent typed after a letter")
    func combiningMarks() {
        var state = TextFieldState(text: "cafe")
        _ = state.handle(.character("\u{301}"))
        #expect(state.text == "caf\u{E9}")
        #expect(state.count == 4 && state.cursor == 4)
        _ = state.handle(KeyEvent(.backspace))
        #expect(state.text == "caf")
        _ = state.handle(.character("e"))
        _ = state.handle(KeyEvent(.left))
        _ = state.handle(KeyEvent(.delete))
        #expect(state.text == "caf" && state.cursor == 3 && state.count == 3)
    }

    @Test("after a long mixed edit, the kept count and cursor agree with the text")
    func longEditAgrees() {
        var state = TextFieldState()
        var keys: [KeyEvent] = []
        for index in 0..<3000 {
            switch index % 11 {
            case 3: keys.append(KeyEvent(.left))
            case 5: keys.append(KeyEvent(.backspace))
            case 7: keys.append(.character("東"))
            case 9: keys.append(index % 2 == 0 ? .control("w") : KeyEvent(.right))
            case 10: keys.append(.character(" "))
            default: keys.append(.character("a"))
            }
        }
        for key in keys { _ = state.handle(key) }
        #expect(state.count == state.text.count)
        #expect(state.cursor <= state.count)
        _ = state.handle(.control("k"))
        #expect(state.count == state.text.count && state.cursor == state.count)
        _ = state.handle(.control("u"))
        #expect(state.isEmpty && state.cursor == 0)
    }

    @Test("a masked field shows bullets, the last four of a card number, and the limit note")
    func maskAndNote() {
        let card = TextField(
            label: "Card number", state: TextFieldState(text: "4242424242424242"), mask: .allButLast(4))
        #expect(plain(card, width: 22) == ["Card number", "[••••••••••••4242    ]"])
        let cvc = TextField(label: "CVC", state: TextFieldState(text: "123"), mask: .all)
        #expect(plain(cvc, width: 7) == ["CVC", "[•••  ]"])
        var full = TextFieldState(maximumLength: 2)
        full.insert("abc")
        let field = TextField(label: "Code", state: full)
        #expect(plain(field, width: 60).last == "ℹ Up to 2 characters; the rest was not typed.")
    }

    @Test("a placeholder is dim and italic; a value is not")
    func placeholderLooksDifferent() {
        let empty = TextField(label: "Name", state: TextFieldState(), placeholder: "Ada").render(
            width: 10, theme: .unicode)
        let placeholder = empty[1].spans.first { $0.text.contains("Ada") }
        #expect(placeholder?.style.attributes.contains(.italic) == true)
        let filled = TextField(label: "Name", state: TextFieldState(text: "Ada")).render(width: 10, theme: .unicode)
        let value = filled[1].spans.first { $0.text.contains("Ada") }
        #expect(value?.style.attributes.contains(.italic) == false)
    }

    private func plain(_ field: TextField, width: Int) -> [String] {
        field.render(width: width, theme: .unicode).map(\.plainText)
    }
}
