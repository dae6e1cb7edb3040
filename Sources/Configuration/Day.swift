/// A calendar day as componentize.yml's `expires:` and `COMPONENTIZE_TODAY` write it (`YYYY-MM-DD`): read once where
/// it is written, compared as a day after that.
public struct Day: Comparable, Hashable, Sendable, CustomStringConvertible {
    public let year: Int
    public let month: Int
    public let day: Int

    /// Nil unless `text` is `YYYY-MM-DD` in ASCII digits, with a month of 1 to 12 and a day of 1 to 31.
    public init?(_ text: String) {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
              parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
              let year = Int(parts[0]), let month = Int(parts[1]), let day = Int(parts[2]) else { return nil }
        guard (1...12).contains(month), (1...31).contains(day) else { return nil }
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// A day from its numbers, as a calendar gives them or as a test writes it.
    public init(year: Int, month: Int, day: Int) {
        (self.year, self.month, self.day) = (year, month, day)
    }

    /// As it was written: `YYYY-MM-DD`.
    public var description: String {
        func padded(_ number: Int, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(year, 4))-\(padded(month, 2))-\(padded(day, 2))"
    }

    public static func < (lhs: Day, rhs: Day) -> Bool {
        (lhs.year, lhs.month, lhs.day) < (rhs.year, rhs.month, rhs.day)
    }
}
