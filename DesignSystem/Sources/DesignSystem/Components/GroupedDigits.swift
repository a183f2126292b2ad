extension Int {
    /// The number with its thousands grouped by commas, as counts show them: `10,000`, `1,234,567`, `-2,500`.
    var groupedDigits: String {
        let digits = String(magnitude)
        var result = self < 0 ? "-" : ""
        for (index, digit) in digits.enumerated() {
            if index > 0 && (digits.count - index) % 3 == 0 { result.append(",") }
            result.append(digit)
        }
        return result
    }
}
