/// Finds the lines of `import` declarations in Swift source text, to point an import finding at a line.
///
/// The compiler decides *whether* a file imports a module (`-emit-imported-modules` honours `#if` and
/// `canImport`); this only says *where*. Comments and the contents of string literals (plain, multi-line, raw,
/// with interpolations) are blanked first, so an `import X` inside them is never taken for a declaration.
public struct ImportLocator: Sendable {
    /// One `import` declaration found in the text.
    public struct Declaration: Sendable, Equatable {
        /// The module: the first component of the imported path (`import struct Models.Money` → `Models`).
        public var module: String
        /// The 1-based line of the `import` keyword.
        public var line: Int
    }

    /// Every `import` declaration outside comments and string literals, in source order (those in inactive `#if`
    /// branches included: the locator does not evaluate conditions).
    public let declarations: [Declaration]

    /// Reads `source`.
    public init(source: String) {
        declarations = Self.declarations(in: Self.code(of: source))
    }

    /// The first line that imports `module`, if any.
    public func line(of module: String) -> Int? {
        declarations.first { $0.module == module }?.line
    }

    private static let importKinds: Set<String> = [
        "typealias", "struct", "class", "enum", "protocol", "let", "var", "func", "actor",
    ]

    private static func declarations(in code: [Character]) -> [Declaration] {
        var tokens: [(text: String, line: Int, afterDot: Bool)] = []
        var line = 1
        var index = 0
        var previousSignificant: Character = " "
        while index < code.count {
            let character = code[index]
            if character == "\n" {
                line += 1
                index += 1
                continue
            }
            guard character.isLetter || character == "_" else {
                if !character.isWhitespace { previousSignificant = character }
                index += 1
                continue
            }
            let start = index
            while index < code.count, code[index].isLetter || code[index].isNumber || code[index] == "_" {
                index += 1
            }
            tokens.append((String(code[start..<index]), line, previousSignificant == "."))
            previousSignificant = "a"
        }
        var found: [Declaration] = []
        for (position, token) in tokens.enumerated() where token.text == "import" && !token.afterDot {
            var next = position + 1
            if next < tokens.count, importKinds.contains(tokens[next].text) {
                next += 1
            }
            guard next < tokens.count else { continue }
            found.append(Declaration(module: tokens[next].text, line: token.line))
        }
        return found
    }

    /// `source` with comments and string-literal contents replaced by spaces (line breaks kept).
    static func code(of source: String) -> [Character] {
        var scrubber = Scrubber(Array(source))
        scrubber.run()
        return scrubber.output
    }
}

/// Blanks comments and string literals, keeping every line break so line numbers stay right.
private struct Scrubber {
    let input: [Character]
    var output: [Character] = []
    var index = 0

    init(_ input: [Character]) {
        self.input = input
        output.reserveCapacity(input.count)
    }

    mutating func run() {
        code(untilClosingParenthesis: false)
    }

    private func peek(_ offset: Int = 0) -> Character? {
        index + offset < input.count ? input[index + offset] : nil
    }

    private mutating func blank() {
        output.append(input[index] == "\n" ? "\n" : " ")
        index += 1
    }

    private mutating func keep() {
        output.append(input[index])
        index += 1
    }

    /// Code, up to the end (or the `)` closing an interpolation).
    private mutating func code(untilClosingParenthesis: Bool) {
        var depth = 0
        while index < input.count {
            let character = input[index]
            if character == "/", peek(1) == "/" {
                while index < input.count, input[index] != "\n" { blank() }
            } else if character == "/", peek(1) == "*" {
                blockComment()
            } else if character == "\"" || character == "#" && rawStringStarts() {
                stringLiteral()
            } else if untilClosingParenthesis, character == "(" {
                depth += 1
                keep()
            } else if untilClosingParenthesis, character == ")" {
                if depth == 0 { return }
                depth -= 1
                keep()
            } else {
                keep()
            }
        }
    }

    private func rawStringStarts() -> Bool {
        var offset = 0
        while peek(offset) == "#" { offset += 1 }
        return peek(offset) == "\""
    }

    private mutating func blockComment() {
        var depth = 0
        while index < input.count {
            if input[index] == "/", peek(1) == "*" {
                depth += 1
                blank()
                blank()
            } else if input[index] == "*", peek(1) == "/" {
                depth -= 1
                blank()
                blank()
                if depth == 0 { return }
            } else {
                blank()
            }
        }
    }

    private mutating func stringLiteral() {
        var hashes = 0
        while index < input.count, input[index] == "#" {
            hashes += 1
            blank()
        }
        let multiline = peek() == "\"" && peek(1) == "\"" && peek(2) == "\""
        let quotes = multiline ? 3 : 1
        for _ in 0..<quotes where index < input.count { blank() }
        while index < input.count {
            let character = input[index]
            if character == "\\" && matches("#", count: hashes, from: index + 1) {
                for _ in 0...hashes where index < input.count { blank() }
                if peek() == "(" {
                    keep()
                    code(untilClosingParenthesis: true)
                    if index < input.count { keep() }
                } else if index < input.count {
                    blank()
                }
            } else if character == "\"", matches("\"", count: quotes, from: index),
                matches("#", count: hashes, from: index + quotes)
            {
                for _ in 0..<(quotes + hashes) { blank() }
                return
            } else if character == "\n", !multiline {
                return
            } else {
                blank()
            }
        }
    }

    private func matches(_ character: Character, count: Int, from start: Int) -> Bool {
        guard count > 0 else { return true }
        guard start + count <= input.count else { return false }
        return input[start..<(start + count)].allSatisfy { $0 == character }
    }
}
