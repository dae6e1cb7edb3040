import DependencyGraph
import PackageModel
import Paths

/// What to write in the description an Xcode project is generated from (an XcodeGen spec, a Tuist `Project.swift`) so
/// that a target declares a dependency: the entry in the description's own words.
enum GeneratedProjectFix {
    /// A target of the same project.
    static func entry(sameProjectTarget name: String, from: GraphTarget) -> String? {
        switch from.packageKind {
        case .xcodeGenSpec: return "`- target: \(name)`"
        case .tuistProject: return "`.target(name: \"\(name)\")`"
        default: return nil
        }
    }

    /// A product of a package, or a target of another project (`to`, when it is one of the repository's).
    static func entry(product: String, package: String, from: GraphTarget, to: GraphTarget?) -> String? {
        switch from.packageKind {
        case .xcodeGenSpec:
            if let to, to.packageKind.isXcodeProject {
                return "`- target: \(to.packageName)/\(to.id.name)` (with the project under projectReferences:)"
            }
            let named = product == package ? "" : ", product: \(product)"
            return "`- package: \(package)\(named)` (with \(package) under packages: if it is not there)"
        case .tuistProject:
            if let to, to.packageKind == .tuistProject {
                let path = PathArithmetic.relative(folder(of: to.id.package), to: folder(of: from.id.package))
                return "`.project(target: \"\(to.id.name)\", path: \"\(path)\")`"
            }
            return "`.external(name: \"\(product)\")` (a product of Tuist/Package.swift's dependencies; `.package(product: \"\(product)\")` for a package of the project's packages:)"
        default:
            return nil
        }
    }

    /// The folder of a description (`Projects/Core` for `Projects/Core/Project.swift`).
    static func folder(of description: String) -> String {
        let parts = description.split(separator: "/").dropLast()
        return parts.isEmpty ? "." : parts.joined(separator: "/")
    }
}
