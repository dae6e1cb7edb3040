import Diagnostics

/// Everything a target's resource bundle holds that the generated accessors name.
public struct ResourceInventory: Sendable, Equatable {
    public var targetName: String
    /// Processed files at the bundle's root, and `.copy` folders' files by sub-path.
    public var files: [ResourceFile]
    public var images: [ImageEntry]
    public var colors: [ColorEntry]
    public var nibs: [String]
    public var storyboards: [String]
    public var fonts: [ResourceFile]
    public var strings: [StringsTable]
    /// The languages of `<language>.lproj` folders, sorted.
    public var localizations: [String] = []

    public init(targetName: String, files: [ResourceFile] = [], images: [ImageEntry] = [], colors: [ColorEntry] = [],
                nibs: [String] = [], storyboards: [String] = [], fonts: [ResourceFile] = [], strings: [StringsTable] = []) {
        self.targetName = targetName
        self.files = files
        self.images = images
        self.colors = colors
        self.nibs = nibs
        self.storyboards = storyboards
        self.fonts = fonts
        self.strings = strings
    }

    public var isEmpty: Bool {
        files.isEmpty && images.isEmpty && colors.isEmpty && nibs.isEmpty && storyboards.isEmpty && fonts.isEmpty && strings.isEmpty
    }
}

/// A file in the bundle: `name.ext` at the root, or under `subdirectory` for `.copy` folders.
public struct ResourceFile: Sendable, Hashable, Comparable {
    public var name: String
    public var ext: String?
    public var subdirectory: String?
    /// Relative to the package, for messages.
    public var source: String

    public init(name: String, ext: String?, subdirectory: String?, source: String) {
        self.name = name
        self.ext = ext
        self.subdirectory = subdirectory
        self.source = source
    }

    public var bundlePath: String {
        let file = ext.map { "\(name).\($0)" } ?? name
        return subdirectory.map { "\($0)/\(file)" } ?? file
    }

    public static func < (lhs: ResourceFile, rhs: ResourceFile) -> Bool { lhs.bundlePath < rhs.bundlePath }
}

/// An image: a loose file (`logo.png`) or an asset catalog image set (`Media.xcassets/icon.imageset`).
public struct ImageEntry: Sendable, Hashable, Comparable {
    /// The name `UIImage(named:in:compatibleWith:)` takes.
    public var name: String
    public var file: ResourceFile?
    /// The catalog's path in the bundle, for image sets.
    public var catalog: String?

    public static func < (lhs: ImageEntry, rhs: ImageEntry) -> Bool { (lhs.name, lhs.catalog ?? "") < (rhs.name, rhs.catalog ?? "") }
}

/// A color set of an asset catalog.
public struct ColorEntry: Sendable, Hashable, Comparable {
    public var name: String
    public var catalog: String

    public static func < (lhs: ColorEntry, rhs: ColorEntry) -> Bool { (lhs.name, lhs.catalog) < (rhs.name, rhs.catalog) }
}

/// The keys of one strings table (`Localizable`), from `.strings`, `.stringsdict` and `.xcstrings` files.
public struct StringsTable: Sendable, Equatable {
    public var name: String
    public var keys: [LocalizedKey]
}

public struct LocalizedKey: Sendable, Equatable, Comparable {
    public var key: String
    /// The format arguments of the development-language value, in order.
    public var arguments: [FormatSpecifiers.ArgumentType]
    /// From a `.stringsdict`: its value depends on a count (plural rules).
    public var isPlural: Bool = false

    public static func < (lhs: LocalizedKey, rhs: LocalizedKey) -> Bool { lhs.key < rhs.key }
}

/// A problem found while scanning resources: a warning (generation goes on) or an error (the target is skipped).
public struct ResourceDiagnostic: Sendable, Equatable, CustomStringConvertible {
    public var severity: Severity
    public var message: String
    public var location: FileLocation

    public var description: String { "\(location): \(severity.rawValue): \(message)" }
}
