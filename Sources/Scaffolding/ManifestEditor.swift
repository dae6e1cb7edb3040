import Diagnostics
import Fixing

/// Adds a path dependency and a product to a target of an existing Package.swift (the host app's, when `new` creates a
/// component), with the manifest editor `fix` uses: only the two lists change, in the file's own style.
public struct ManifestEditor {
    public var source: String
    public var path: String

    public init(source: String, path: String) {
        self.source = source
        self.path = path
    }

    /// The manifest with `.package(path:)` and `.product(name:package:)` added to `target`.
    public func addingDependency(packagePath: String, product: String, package: String, to target: String) throws(InputError) -> String {
        let editor = PackageManifestEditor(source: source, path: path)
        let packageEntry = ".package(path: \"\(packagePath)\")", productEntry = ".product(name: \"\(product)\", package: \"\(package)\")"
        do throws(NotFixable) {
            let edits = try editor.addingPackageDependencies([packageEntry]) + editor.addingTargetDependencies([productEntry], toTargetNamed: target)
            guard let edited = TextEdit.apply(edits, to: source) else {
                throw NotFixable("the two edits overlap; add \(packageEntry) and \(productEntry) by hand")
            }
            return edited
        } catch {
            throw InputError("cannot add \(product) to \(target): \(error.reason)", at: FileLocation(path: path, line: error.line, column: error.column))
        }
    }
}
