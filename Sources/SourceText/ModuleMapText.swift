/// What a Clang module map (`module.modulemap`) declares, as far as importers are concerned: the names of its modules.
public enum ModuleMapText {
    /// The modules a module map declares, each line `[explicit] [framework] module Name …` in order (submodules
    /// included, as their lines are written).
    public static func modules(in text: String) -> [String] {
        text.split(whereSeparator: \.isNewline).compactMap { line in
            let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" }).map(String.init).drop { $0 == "explicit" || $0 == "framework" }
            guard words.first == "module", words.count > 1 else { return nil }
            let name = words[words.index(after: words.startIndex)]
            return name.allSatisfy { $0.isLetter || $0.isNumber || $0 == "_" } ? name : nil
        }
    }
}
