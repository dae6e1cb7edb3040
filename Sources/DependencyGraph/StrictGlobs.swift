import Configuration
import Diagnostics
import Discovery

extension Configuration {
    /// With `strict: true`, a layer glob that matches no target, package or folder of `workspace` is a configuration
    /// error.
    public func requireGlobsMatch(_ workspace: Workspace) throws {
        let names = Set(workspace.packages.flatMap { [$0.manifest.name] + $0.manifest.targets.map(\.name) })
        let folders = workspace.packages.map(\.relativeDirectory)
        for layer in layers {
            for glob in layer.members where !names.contains(where: glob.matches) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no target or package (strict is on)", at: glob.location)
            }
            for glob in layer.paths where !folders.contains(where: glob.matchesPath) {
                throw InputError("'\(glob.pattern)' in layer '\(layer.name)' matches no package folder (strict is on)", at: glob.location)
            }
        }
    }
}
