import Diagnostics
import Files
import Foundation
import Paths

/// The module an app extension's `Info.plist` names for the class the system instantiates (`NSExtension` →
/// `NSExtensionPrincipalClass` = `ShareKit.ShareViewController`): the extension loads that class from that module at
/// run time, so it uses the module though no source file imports it. A class named without a module (an Objective-C
/// one) or through a setting (`$(PRODUCT_MODULE_NAME).ShareViewController`, the extension's own module) names none.
public enum ExtensionPrincipalClass {
    /// The largest `Info.plist` read.
    static let maximumBytes = 1 << 20

    /// The use the property list's bytes name, if any; `shownAs` is how messages name the file. A file that is not a
    /// property list names none.
    public static func uses(in bytes: [UInt8], shownAs shown: String) -> [InterfaceModuleUse] {
        guard let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), format: nil) as? [String: Any],
              let principal = (plist["NSExtension"] as? [String: Any])?["NSExtensionPrincipalClass"] as? String else { return [] }
        let parts = principal.split(separator: ".", maxSplits: 1).map(String.init)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty, !parts[0].contains("$") else { return [] }
        return [InterfaceModuleUse(module: parts[0], className: parts[1], location: FileLocation(path: shown))]
    }

    /// The uses the file at `plist` (relative to `directory`) names.
    public static func uses(in plist: String, directory: String, fileSystem: any FileSystem, shown: (String) -> String) -> [InterfaceModuleUse] {
        guard let bytes = fileSystem.contents(of: PathArithmetic.join(directory, plist), upTo: maximumBytes) else { return [] }
        return uses(in: bytes, shownAs: shown(plist))
    }
}
