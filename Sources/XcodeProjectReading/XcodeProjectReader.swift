import Diagnostics
import Files
import Foundation
import Paths

/// Reads `X.xcodeproj/project.pbxproj` with Foundation's property-list reader (the OpenStep format Xcode writes), and
/// locates what it reads at lines of the text.
///
/// A project Foundation cannot read is an ``InputError`` at the line it names; merge-conflict markers (`<<<<<<<`), the
/// commonest way a project file breaks, are named at the first marker's line. What only concerns one object (an id
/// nothing defines) is a note, or a `missing` dependency the rules report.
public struct XcodeProjectReader: Sendable {
    public init() {}

    /// The project at `projectPath` (the `.xcodeproj` folder); its file is shown as `shownPath` in messages.
    public func read(projectPath: String, shownPath: String? = nil, fileSystem: any FileSystem) throws -> XcodeProject {
        let file = PathArithmetic.join(projectPath, "project.pbxproj")
        let shown = shownPath ?? file
        guard let bytes = fileSystem.contents(of: file, upTo: 256 << 20) else {
            throw InputError("cannot read the project file", at: FileLocation(path: shown))
        }
        if let line = Self.conflictMarkerLine(in: bytes) {
            throw InputError("merge-conflict markers in the project file: resolve the conflict (keep both sides' objects, one of each list entry) and check again",
                             at: FileLocation(path: shown, line: line, column: 1))
        }
        let root = try Self.propertyList(bytes, shown: shown)
        guard let objects = root["objects"] as? [String: Any], let rootID = root["rootObject"] as? String else {
            throw InputError("not an Xcode project: no objects or rootObject", at: FileLocation(path: shown))
        }
        let typed = PBXObjects(objects.compactMapValues { $0 as? [String: Any] })
        guard typed.isa(rootID) == "PBXProject" else {
            throw InputError("not an Xcode project: rootObject \(rootID) is not a PBXProject", at: FileLocation(path: shown))
        }
        let folderName = (projectPath as NSString).lastPathComponent
        let name = folderName.hasSuffix(".xcodeproj") ? String(folderName.dropLast(".xcodeproj".count)) : folderName
        var reading = ProjectReading(objects: typed, index: PBXLineIndex(bytes), rootID: rootID, shownPath: shown,
                                     projectFolder: Self.folder(of: projectPath), fileSystem: fileSystem)
        return reading.project(named: name.isEmpty ? folderName : name)
    }

    /// The folder that holds a project (`.` for a project in the current folder).
    static func folder(of projectPath: String) -> String {
        let parent = (projectPath as NSString).deletingLastPathComponent
        return parent.isEmpty ? "." : parent
    }

    /// The first line that is a merge-conflict marker: `<<<<<<< `, `=======` or `>>>>>>> ` at its start.
    static func conflictMarkerLine(in bytes: [UInt8]) -> Int? {
        var line = 1, start = 0
        for index in 0...bytes.count where index == bytes.count || bytes[index] == UInt8(ascii: "\n") {
            let text = bytes[start..<index]
            if text.count >= 7, let first = text.first, [UInt8(ascii: "<"), UInt8(ascii: "="), UInt8(ascii: ">")].contains(first),
               text.prefix(7).allSatisfy({ $0 == first }), text.count == 7 || text[start + 7] == UInt8(ascii: " ") || first == UInt8(ascii: "=") {
                return line
            }
            line += 1
            start = index + 1
        }
        return nil
    }

    /// Foundation's reading; its complaint, at the line it names, when it cannot.
    static func propertyList(_ bytes: [UInt8], shown: String) throws -> [String: Any] {
        let value: Any
        do {
            value = try PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        } catch {
            let described = Self.describe(error)
            // Foundation names the line after the last for a file that ends too soon.
            let lines = bytes.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
            throw InputError("Foundation cannot read this project file: \(described.message)",
                             at: FileLocation(path: shown, line: described.line.map { min($0, max(lines, 1)) }))
        }
        guard let dictionary = value as? [String: Any] else {
            throw InputError("not an Xcode project: the file is not a dictionary", at: FileLocation(path: shown))
        }
        return dictionary
    }

    /// The old-style (OpenStep) reader's own message when there is one (the first reader tried is XML's), and its line.
    static func describe(_ error: Error) -> (message: String, line: Int?) {
        let info = (error as NSError).userInfo
        // On Linux the inner error is a CFError that does not bridge to NSError: its description holds the message.
        let inner = info["kCFPropertyListOldStyleParsingError"].flatMap { value -> String? in
            let text = String(describing: value)
            guard let start = text.range(of: "NSDebugDescription=", options: .backwards), let end = text.lastIndex(of: "}"),
                  start.upperBound <= end else { return nil }
            return String(text[start.upperBound..<end])
        }
        let message = inner ?? info[NSDebugDescriptionErrorKey] as? String ?? "\(error)"
        guard let range = message.range(of: " at line ") else { return (message, nil) }
        let line = Int(message[range.upperBound...].prefix { $0.isNumber })
        return (String(message[..<range.lowerBound]), line)
    }
}
