/// What a target builds, set by every reader: an Xcode project's product types (the names a layer's `kinds:` uses), and
/// for a package's or a pod's target, what SwiftPM builds of it.
public enum ProductKind: String, Hashable, Sendable, CaseIterable {
    case application
    case appExtension = "app-extension"
    case extensionKitExtension = "extensionkit-extension"
    case systemExtension = "system-extension"
    case framework
    case staticLibrary = "static-library"
    case dynamicLibrary = "dynamic-library"
    case bundle
    case unitTest = "unit-test"
    case uiTest = "ui-test"
    case watchApp = "watch-app"
    case tool
    case aggregate
    case legacy
    case other
    /// A package's or a pod's target, by SwiftPM's kind of target.
    case module, executableModule = "executable-module", testModule = "test-module", systemModule = "system-module",
         binaryModule = "binary-module", pluginModule = "plugin-module", macroModule = "macro-module"

    /// What SwiftPM builds of a package's target of this kind.
    public init(packageTarget kind: Target.Kind) {
        switch kind {
        case .regular: self = .module
        case .executable: self = .executableModule
        case .test: self = .testModule
        case .system: self = .systemModule
        case .binary: self = .binaryModule
        case .plugin: self = .pluginModule
        case .macro: self = .macroModule
        }
    }

    /// The kinds an Xcode project's targets have, in the order messages list them.
    public static let xcodeKinds: [ProductKind] = allCases.filter(\.isXcode)

    /// A target of an Xcode project (read from `project.pbxproj`, or from the description XcodeGen or Tuist generates
    /// one from), not a package's or a pod's.
    public var isXcode: Bool {
        switch self {
        case .module, .executableModule, .testModule, .systemModule, .binaryModule, .pluginModule, .macroModule: return false
        default: return true
        }
    }

    /// The name of an Xcode target's kind (`application`, `unit-test`), as a layer's `kinds:` names it; nil for a
    /// package's or a pod's target.
    public var xcodeName: String? { isXcode ? rawValue : nil }

    /// Apps and extensions: what the top layer of an app is made of.
    public var isApplication: Bool {
        [.application, .appExtension, .extensionKitExtension, .systemExtension, .watchApp].contains(self)
    }

    /// An Xcode command-line tool or script-only aggregate target: it builds or serves the app, it is not part of it,
    /// so only a layer that names it (or its kind) holds it, never its project's layer.
    public var isBuildHelper: Bool { self == .tool || self == .aggregate }

    /// An Xcode framework or library: what other targets link.
    public var isLinkedLibrary: Bool { self == .framework || self == .staticLibrary || self == .dynamicLibrary }
}
