import Diagnostics
import Files
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif
import Paths

/// Reads `X.xcworkspace/contents.xcworkspacedata` (XML, with Foundation's parser): the projects and folders it names,
/// as paths relative to the folder that holds the workspace.
public struct XcodeWorkspaceReader: Sendable {
    public init() {}

    /// The `FileRef` locations, resolved through their `Group`s: `group:` and `container:` paths; `self:` (the project
    /// a `project.xcworkspace` belongs to) and `absolute:` ones made relative too.
    public func read(workspacePath: String, fileSystem: any FileSystem) throws -> [String] {
        let file = PathArithmetic.join(workspacePath, "contents.xcworkspacedata")
        guard let bytes = fileSystem.contents(of: file, upTo: 16 << 20) else {
            throw InputError("cannot read the workspace file", at: FileLocation(path: file))
        }
        let collector = Collector(folder: fileSystem.realPath(PathArithmetic.join(workspacePath, "..")))
        let parser = XMLParser(data: Data(bytes))
        parser.delegate = collector
        guard parser.parse() else {
            throw InputError("Foundation cannot read this workspace file: \(parser.parserError.map { "\($0.localizedDescription)" } ?? "not XML")",
                             at: FileLocation(path: file, line: parser.lineNumber))
        }
        return collector.paths
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let folder: String
        var groups: [String] = []
        var paths: [String] = []

        init(folder: String) {
            self.folder = folder
        }

        func parser(_ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?, attributes: [String: String] = [:]) {
            guard name == "FileRef" || name == "Group" else { return }
            let path = attributes["location"].flatMap(resolve) ?? groups.last ?? "."
            if name == "Group" { groups.append(path) } else { paths.append(path) }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            if name == "Group" { _ = groups.popLast() }
        }

        private func resolve(_ location: String) -> String? {
            guard let colon = location.firstIndex(of: ":") else { return nil }
            let kind = location[..<colon], path = String(location[location.index(after: colon)...])
            switch kind {
            case "group": return PathArithmetic.lexical(PathArithmetic.join(groups.last ?? ".", path))
            case "container": return PathArithmetic.lexical(path.isEmpty ? "." : path)
            case "absolute": return PathArithmetic.relative(path, to: folder)
            default: return nil
            }
        }
    }
}
