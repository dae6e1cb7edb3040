import Foundation
import SwiftParser
import SwiftSyntax

/// Lists the longest functions (functions, initializers, subscripts and accessors, by the lines they span) of the Swift
/// files under the folders given, and fails when one is longer than the limit and not on the allowed list: parser
/// dispatch (a lexer's or interpreter's switch over every construct) may be long; nothing else should.
///
/// Usage: function-lengths [--limit 80] [--allowed FILE] [--top 10] FOLDER...
struct FunctionLength {
    var file: String
    var line: Int
    var name: String
    var lines: Int
    var key: String { "\(file):\(name)" }
}

final class FunctionFinder: SyntaxVisitor {
    let file: String
    let converter: SourceLocationConverter
    var found: [FunctionLength] = []
    private var types: [String] = []

    init(file: String, tree: SourceFileSyntax) {
        self.file = file
        converter = SourceLocationConverter(fileName: file, tree: tree)
        super.init(viewMode: .sourceAccurate)
    }

    private func record(_ node: some SyntaxProtocol, name: String, hasBody: Bool) {
        guard hasBody else { return }
        let start = converter.location(for: node.positionAfterSkippingLeadingTrivia).line
        let end = converter.location(for: node.endPositionBeforeTrailingTrivia).line
        let qualified = (types + [name]).joined(separator: ".")
        found.append(FunctionLength(file: file, line: start, name: qualified, lines: end - start + 1))
    }

    override func visit(_ node: StructDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: StructDeclSyntax) { types.removeLast() }
    override func visit(_ node: ClassDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: ClassDeclSyntax) { types.removeLast() }
    override func visit(_ node: EnumDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.name.text); return .visitChildren }
    override func visitPost(_ node: EnumDeclSyntax) { types.removeLast() }
    override func visit(_ node: ExtensionDeclSyntax) -> SyntaxVisitorContinueKind { types.append(node.extendedType.trimmedDescription); return .visitChildren }
    override func visitPost(_ node: ExtensionDeclSyntax) { types.removeLast() }

    override func visit(_ node: FunctionDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: node.name.text, hasBody: node.body != nil)
        return .visitChildren
    }

    override func visit(_ node: InitializerDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: "init", hasBody: node.body != nil)
        return .visitChildren
    }

    override func visit(_ node: SubscriptDeclSyntax) -> SyntaxVisitorContinueKind {
        record(node, name: "subscript", hasBody: node.accessorBlock != nil)
        return .visitChildren
    }

    override func visit(_ node: VariableDeclSyntax) -> SyntaxVisitorContinueKind {
        for binding in node.bindings where binding.accessorBlock != nil {
            record(binding, name: binding.pattern.trimmedDescription, hasBody: true)
        }
        return .visitChildren
    }
}

func swiftFiles(under folder: String) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: folder) else { return [] }
    return enumerator.compactMap { $0 as? String }.filter { $0.hasSuffix(".swift") }.map { folder + "/" + $0 }.sorted()
}

var arguments = Array(CommandLine.arguments.dropFirst())
var limit = 80, top = 10
var allowed: Set<String> = []
var folders: [String] = []
while !arguments.isEmpty {
    let argument = arguments.removeFirst()
    switch argument {
    case "--limit": limit = Int(arguments.removeFirst()) ?? limit
    case "--top": top = Int(arguments.removeFirst()) ?? top
    case "--allowed":
        let text = (try? String(contentsOfFile: arguments.removeFirst(), encoding: .utf8)) ?? ""
        allowed = Set(text.split(separator: "\n").map { $0.split(separator: "#")[0].trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
    default: folders.append(argument)
    }
}
var all: [FunctionLength] = []
for file in folders.flatMap(swiftFiles(under:)) {
    guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
    let tree = Parser.parse(source: text)
    let finder = FunctionFinder(file: file, tree: tree)
    finder.walk(tree)
    all += finder.found
}
all.sort { ($0.lines, $1.key) > ($1.lines, $0.key) }
print("The \(top) longest of \(all.count) functions:")
for function in all.prefix(top) {
    print("  \(function.lines) lines  \(function.file):\(function.line)  \(function.name)\(allowed.contains(function.key) ? "  (parser dispatch: allowed)" : "")")
}
let tooLong = all.filter { $0.lines > limit && !allowed.contains($0.key) }
for function in tooLong {
    print("\(function.file):\(function.line): error: \(function.name) is \(function.lines) lines, over \(limit): split it into steps")
}
exit(tooLong.isEmpty ? 0 : 1)
