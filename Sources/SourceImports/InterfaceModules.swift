import Diagnostics
import Files
import Foundation
#if canImport(FoundationXML)
import FoundationXML
#endif

/// A module a storyboard or a xib names for the class of one of its objects (`customClass="NavigationController"
/// customModule="LegoKit"`): UIKit loads that class from that module at run time, so the target that bundles the file
/// uses the module though no source file imports it.
public struct InterfaceModuleUse: Sendable, Equatable {
    public var module: String
    /// The class the object is an instance of.
    public var className: String
    /// At the object's element.
    public var location: FileLocation

    public init(module: String, className: String, location: FileLocation) {
        self.module = module
        self.className = className
        self.location = location
    }
}

/// Reads the `customModule` attributes of Interface Builder documents with Foundation's `XMLParser`.
public enum InterfaceModules {
    /// The largest document read (a storyboard of many scenes stays well below it).
    static let maximumBytes = 16 << 20

    /// Each module named by an object of the document, once a module, at its first object; `shownAs` is how messages
    /// name the file. A document that cannot be read or parsed names none.
    public static func uses(in bytes: [UInt8], shownAs shown: String) -> [InterfaceModuleUse] {
        let parser = XMLParser(data: Data(bytes))
        let collector = Collector(shown: shown)
        parser.delegate = collector
        parser.shouldResolveExternalEntities = false
        // Foundation on Linux may answer true for a truncated document, with its error set.
        guard parser.parse(), parser.parserError == nil else { return [] }
        return collector.uses
    }

    /// The uses in the documents at `files` (relative to `directory`), in file order.
    public static func uses(in files: [String], directory: String, fileSystem: any FileSystem, shown: (String) -> String) -> [InterfaceModuleUse] {
        zip(files, fileSystem.contents(of: files, in: directory, upTo: maximumBytes)).flatMap { file, bytes in
            bytes.map { uses(in: $0, shownAs: shown(file)) } ?? []
        }
    }

    private final class Collector: NSObject, XMLParserDelegate {
        let shown: String
        var uses: [InterfaceModuleUse] = []
        private var seen: Set<String> = []

        init(shown: String) {
            self.shown = shown
        }

        func parser(_ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?, qualifiedName: String?,
                    attributes: [String: String] = [:]) {
            guard let module = attributes["customModule"], !module.isEmpty, seen.insert(module).inserted else { return }
            uses.append(InterfaceModuleUse(module: module, className: attributes["customClass"] ?? elementName,
                                           location: FileLocation(path: shown, line: parser.lineNumber)))
        }
    }
}
