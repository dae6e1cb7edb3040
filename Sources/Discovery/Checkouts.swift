import Foundation

/// Where SwiftPM keeps the outside packages a local package resolved: `<package>/.build/checkouts/<name>`, one folder
/// per package, named after its repository (the package's identity).
public enum Checkouts {
    /// The checked-out packages of every local package, by identity (lowercased folder name), the first found in
    /// workspace order winning; only folders holding a `Package.swift`.
    public static func folders(of workspace: Workspace) -> [(identity: String, directory: String)] {
        var found: [String: String] = [:]
        var order: [String] = []
        for package in workspace.packages {
            let checkouts = package.directory + "/.build/checkouts"
            guard let names = try? FileManager.default.contentsOfDirectory(atPath: checkouts) else { continue }
            for name in names.sorted() where !name.hasPrefix(".") {
                let identity = name.lowercased()
                let directory = checkouts + "/" + name
                guard found[identity] == nil, FileManager.default.fileExists(atPath: directory + "/Package.swift") else { continue }
                found[identity] = directory
                order.append(identity)
            }
        }
        return order.compactMap { identity in found[identity].map { (identity, $0) } }
    }
}
