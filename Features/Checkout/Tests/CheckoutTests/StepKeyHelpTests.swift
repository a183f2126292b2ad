import DesignSystem
import TerminalUI
import Testing

@testable import Checkout

/// Each checkout step handles only keys its help lists: every printable character, every Ctrl-letter and the named
/// keys are pressed on the flow at each step, and each handled one must be in the help shown when it was pressed.
/// A key that moves the flow to another step ends that screen: the rest are pressed on a step walked to afresh.
/// While a field has the focus, the keys a text field takes are the field's, not actions, and are left out.
@MainActor
@Suite("Checkout steps: every handled key is in the help", .timeLimit(.minutes(2)))
struct StepKeyHelpTests {
    private static let keys: [KeyEvent] = {
        let named: [Key] = [
            .enter, .tab, .backspace, .delete, .escape, .up, .down, .left, .right, .home, .end, .pageUp, .pageDown,
            .insert,
        ]
        return (33...126).map { KeyEvent.character(Character(UnicodeScalar(UInt8($0)))) }
            + named.map { KeyEvent($0) } + [KeyEvent(.tab, modifiers: .shift)]
            + "abcdefghijklmnopqrstuvwxyz".map { KeyEvent.control($0) }
    }()

    /// Whether a row of `help` names `key` (rows list their keys split by ` / ` or spaces; `↑↓` is two keys).
    private static func names(_ help: [KeyHelpItem], _ key: KeyEvent) -> Bool {
        let label = KeyChord(key.key, modifiers: key.modifiers).label
        return help.contains { row in
            row.key.split(whereSeparator: { $0 == " " || $0 == "/" }).contains { part in
                part == label || (part.allSatisfy { "↑↓←→".contains($0) } && part.contains { String($0) == label })
            }
        }
    }

    @Test("each step, its handled keys listed", arguments: CheckoutStep.allCases)
    func step(_ step: CheckoutStep) async throws {
        func fresh() async throws -> (Harness, CheckoutCoordinator, CheckoutFlowView) {
            let harness = try Harness()
            try await harness.fillCart()
            let coordinator = try await harness.coordinator(at: step)
            return (harness, coordinator, CheckoutFlowView(coordinator: coordinator, theme: .ascii, keyMap: .defaults))
        }
        var (harness, coordinator, flow) = try await fresh()
        var handled = 0
        for key in Self.keys {
            var field = TextFieldState(text: "ab", cursor: 1)
            if flow.isEditingText, field.handle(key) == .handled { continue }
            let help = flow.keyHelp
            guard flow.handle(key) == .handled else { continue }
            handled += 1
            #expect(Self.names(help, key), "\(step): \(key) is handled but not in \(help)")
            if coordinator.step != step || coordinator.stage != .inProgress {
                (harness, coordinator, flow) = try await fresh()
            }
        }
        #expect(handled > 0)
        _ = harness
    }
}
