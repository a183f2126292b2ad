/// One mouse report from the terminal: a button pressed or released, a drag, a move or a wheel step, at a cell.
///
/// The session asks for reports only when its configuration says so (`TerminalSession.Configuration.mouse`);
/// they arrive as `TerminalEvent.mouse` beside the keys, in the order they were sent. Positions count cells from
/// 0 at the top left of the screen (the terminal reports from 1), with no upper bound: SGR reports (xterm mode
/// 1006) carry any column, past the 223 of the old X10 encoding.
///
/// A view that draws a component below its own top row turns a screen position into the component's own with
/// `translated(byColumns:rows:)`, then asks the component what is there (`List.Layout.rowIndex(atLine:)`,
/// `ScrollView.Layout.element(atLine:)`).
public struct MouseEvent: Hashable, Sendable, CustomStringConvertible {
    /// What happened.
    public var action: MouseAction
    /// The column of the cell, from 0 at the left.
    public var column: Int
    /// The row of the cell, from 0 at the top.
    public var row: Int
    /// The modifiers held, as the terminal reports them (Shift, Alt, Control; many terminals keep Shift-clicks for
    /// their own text selection and never report them).
    public var modifiers: KeyModifiers

    /// Creates a report.
    public init(_ action: MouseAction, column: Int, row: Int, modifiers: KeyModifiers = []) {
        self.action = action
        self.column = column
        self.row = row
        self.modifiers = modifiers
    }

    /// The same report with its position relative to a region whose top left cell is at (`columns`, `rows`) on
    /// the screen: a click on screen row 5 is on row 3 of a component drawn from row 2.
    public func translated(byColumns columns: Int = 0, rows: Int) -> MouseEvent {
        var moved = self
        moved.column -= columns
        moved.row -= rows
        return moved
    }

    /// Whether this is a press of the left (primary) button: what selects a row or a tab.
    public var isPrimaryPress: Bool { action == .press(.left) }

    /// The wheel's direction, for a wheel step.
    public var wheelDirection: WheelDirection? {
        if case .wheel(let direction) = action { return direction }
        return nil
    }

    /// A readable form: `"press left 250,3"`, `"wheel down 0,9 ctrl"` (column, then row, from 0).
    public var description: String {
        var parts = [action.description, "\(column),\(row)"]
        if modifiers.contains(.control) { parts.append("ctrl") }
        if modifiers.contains(.option) { parts.append("alt") }
        if modifiers.contains(.shift) { parts.append("shift") }
        return parts.joined(separator: " ")
    }
}

/// What a mouse report says happened.
public enum MouseAction: Hashable, Sendable, CustomStringConvertible {
    /// A button went down.
    case press(MouseButton)
    /// A button came up; `nil` when the terminal does not say which (the X10 encoding never does).
    case release(MouseButton?)
    /// The pointer moved with a button held (reported only with drags asked for, `MouseReporting.drags`).
    case drag(MouseButton)
    /// The pointer moved with no button held (not asked for by any `MouseReporting`; decoded when it comes).
    case move
    /// One step of the wheel (or of a touchpad's scroll gesture).
    case wheel(WheelDirection)

    /// `press left`, `release`, `drag right`, `move`, `wheel up`.
    public var description: String {
        switch self {
        case .press(let button): return "press \(button)"
        case .release(let button): return button.map { "release \($0)" } ?? "release"
        case .drag(let button): return "drag \(button)"
        case .move: return "move"
        case .wheel(let direction): return "wheel \(direction)"
        }
    }
}

/// A mouse button.
public enum MouseButton: Hashable, Sendable, CustomStringConvertible {
    /// The primary button.
    case left
    /// The middle button (a wheel press).
    case middle
    /// The secondary button.
    case right
    /// Buttons 8 to 11 of xterm's numbering (back, forward and the like), by that number.
    case extra(Int)

    /// `left`, `middle`, `right`, `button8`.
    public var description: String {
        switch self {
        case .left: return "left"
        case .middle: return "middle"
        case .right: return "right"
        case .extra(let number): return "button\(number)"
        }
    }
}

/// Which way a wheel step goes: up and down are the wheel itself, left and right a tilt wheel or a touchpad.
public enum WheelDirection: Hashable, Sendable, CustomStringConvertible {
    /// Towards the top of the content (the wheel rolled away from the user).
    case up
    /// Towards the bottom of the content.
    case down
    /// Towards the left.
    case left
    /// Towards the right.
    case right

    /// `up`, `down`, `left`, `right`.
    public var description: String {
        switch self {
        case .up: return "up"
        case .down: return "down"
        case .left: return "left"
        case .right: return "right"
        }
    }
}

extension MouseEvent {
    /// The report an xterm button code stands for (the `Cb` of "XTerm Control Sequences", "Mouse Tracking"): the
    /// low two bits are the button (0 left, 1 middle, 2 right, 3 none or released), 4 Shift, 8 Meta, 16
    /// Control, 32 motion, 64 the wheel (its low bits 0 up, 1 down, 2 left, 3 right) and 128 buttons 8 to 11.
    ///
    /// - Parameters:
    ///   - code: The button code, with the offset of 32 of the X10 encoding already taken off.
    ///   - released: Whether the SGR report ended in `m` (a release of the button the code names).
    ///   - column: The reported column, from 1.
    ///   - row: The reported row, from 1.
    /// - Returns: `nil` for a position below 1 or a code that names nothing.
    init?(buttonCode code: Int, released: Bool, column: Int, row: Int) {
        guard column >= 1, row >= 1, code >= 0, code < 256 else { return nil }
        var modifiers: KeyModifiers = []
        if code & 4 != 0 { modifiers.insert(.shift) }
        if code & 8 != 0 { modifiers.insert(.option) }
        if code & 16 != 0 { modifiers.insert(.control) }
        let low = code & 3
        let button: MouseButton?
        switch code & (64 | 128) {
        case 0: button = low < 3 ? [MouseButton.left, .middle, .right][low] : nil
        case 128: button = .extra(8 + low)
        case 64:
            guard !released else { return nil }
            let direction: [WheelDirection] = [.up, .down, .left, .right]
            self.init(.wheel(direction[low]), column: column - 1, row: row - 1, modifiers: modifiers)
            return
        default: return nil
        }
        let action: MouseAction
        if released {
            action = .release(button)
        } else if code & 32 != 0 {
            action = button.map { .drag($0) } ?? .move
        } else if let button {
            action = .press(button)
        } else {
            // Code 3 without motion: the X10 encoding's release, which does not say which button.
            action = .release(nil)
        }
        self.init(action, column: column - 1, row: row - 1, modifiers: modifiers)
    }
}
