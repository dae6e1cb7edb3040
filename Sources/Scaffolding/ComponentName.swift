import Diagnostics

/// Checks that a new component's name is a usable Swift module name that the repository does not use yet.
public enum ComponentName {
    static let keywords: Set<String> = [
        "associatedtype", "class", "deinit", "enum", "extension", "fileprivate", "func", "import", "init", "inout",
        "internal", "let", "open", "operator", "private", "precedencegroup", "protocol", "public", "rethrows",
        "static", "struct", "subscript", "typealias", "var", "break", "case", "catch", "continue", "default", "defer",
        "do", "else", "fallthrough", "for", "guard", "if", "in", "repeat", "return", "throw", "switch", "where",
        "while", "Any", "as", "await", "false", "is", "nil", "self", "Self", "super", "throws", "true", "try", "_",
        "Type", "Protocol", "Swift", "Foundation", "XCTest", "UIKit", "AppKit", "SwiftUI",
    ]

    /// Throws the reason `name` cannot be a component; `taken` are the package and target names in use.
    public static func validate(_ name: String, taken: Set<String>) throws(InputError) {
        if name.isEmpty { throw InputError("the component needs a name, e.g. 'componentize new ComponentVideo'") }
        if name.contains("/") || name.contains("\\") || name.contains("..") {
            throw InputError("'\(name)' is a name, not a path: path separators and '..' are refused (the layout in componentize.yml decides the folder)")
        }
        if name.contains(where: \.isWhitespace) { throw InputError("'\(name)' contains a space; a module name cannot") }
        guard let first = name.unicodeScalars.first, first.isASCII, first.properties.isAlphabetic || first == "_" else {
            throw InputError("'\(name)' must start with an ASCII letter or '_' to be a Swift module name")
        }
        if let bad = name.unicodeScalars.first(where: { !($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "_")) }) {
            throw InputError("'\(name)' contains '\(bad)'; a module name uses ASCII letters, digits and '_' only")
        }
        if keywords.contains(name) { throw InputError("'\(name)' is a Swift keyword or a system module; choose another name") }
        if taken.contains(name) {
            throw InputError("'\(name)' is already a package or target in this repository; choose another name")
        }
    }
}
