/// Swift identifiers from file names and string keys: `lowerCamelCase`, keywords escaped, leading digits
/// prefixed, collisions numbered in a stable order.
public enum IdentifierNaming {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows", "static",
        "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer", "do", "else",
        "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where", "while", "Any", "as",
        "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "Type", "Protocol",
    ]

    /// `hero-banner@2x` → `heroBanner2x`, `1x1` → `_1x1`, `default` → `` `default` ``, `café au lait` → `caféAuLait`.
    public static func lowerCamelCase(_ text: String) -> String {
        var words: [String] = []
        var current = ""
        var previousWasLower = false
        let characters = Array(text)
        for (index, character) in characters.enumerated() {
            if character.isLetter || character.isNumber {
                let nextIsLower = index + 1 < characters.count && characters[index + 1].isLowercase
                let endsAcronym = character.isUppercase && nextIsLower && current.count > 1 && current.last?.isUppercase == true
                if (character.isUppercase && previousWasLower && !current.isEmpty) || endsAcronym {
                    words.append(current)
                    current = ""
                }
                current.append(character)
                previousWasLower = character.isLowercase || character.isNumber
            } else {
                if !current.isEmpty { words.append(current) }
                current = ""
                previousWasLower = false
            }
        }
        if !current.isEmpty { words.append(current) }
        guard !words.isEmpty else { return "_" }
        var result = ""
        for (index, word) in words.enumerated() {
            if index == 0 {
                let isAcronym = word.count > 1 && word.allSatisfy { $0.isUppercase || $0.isNumber }
                result += isAcronym ? word.lowercased() : word.prefix(1).lowercased() + word.dropFirst()
            } else {
                result += word.prefix(1).uppercased() + word.dropFirst()
            }
        }
        if let first = result.unicodeScalars.first, !(first.properties.isXIDStart || first == "_") { result = "_" + result }
        return escaped(result)
    }

    /// `` `default` `` for keywords, the name itself otherwise.
    public static func escaped(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    /// Gives every item a distinct identifier: the first (in the given order) keeps the plain name, the others
    /// get `2`, `3`, ... appended; returns the names and the collisions for warnings.
    public static func unique(_ names: [String]) -> (names: [String], collisions: [(name: String, indices: [Int])]) {
        var result: [String] = []
        var taken: [String: Int] = [:]
        var groups: [String: [Int]] = [:]
        for (index, name) in names.enumerated() {
            groups[name, default: []].append(index)
            guard taken[name] != nil else {
                taken[name] = 1
                result.append(name)
                continue
            }
            var number = (taken[name] ?? 1) + 1
            var candidate = numbered(name, number)
            while taken[candidate] != nil || names.contains(candidate) {
                number += 1
                candidate = numbered(name, number)
            }
            taken[name] = number
            taken[candidate] = 1
            result.append(candidate)
        }
        let collisions = groups.filter { $0.value.count > 1 }.map { (name: $0.key, indices: $0.value) }.sorted { $0.indices[0] < $1.indices[0] }
        return (result, collisions)
    }

    private static func numbered(_ name: String, _ number: Int) -> String {
        if name.hasPrefix("`") && name.hasSuffix("`") { return String(name.dropFirst().dropLast()) + "\(number)" }
        return name + "\(number)"
    }
}
