import Diagnostics
import Foundation
import Paths
import PodspecReading

/// Makes a spec's SwiftPM targets from the files it selects: folder, sources, resources, exclusions, and for C-family
/// targets the public headers (forwarded where CocoaPods exposes them) and an Objective-C resource accessor.
struct PodTargetMaker {
    let migrator: PodMigrator
    let spec: PodSpec
    let specName: String
    let files: [String]
    let folders: Set<String>

    /// `test`: a test target, which has no public headers (`.testTarget` takes no `publicHeadersPath`).
    func target(_ name: String, sources: [String], resourceFiles: [String], resourceFolders: [String], dependencies: [PodMigration.Dependency],
                test: Bool, migration: inout PodMigration) -> PodMigration.Target {
        let isSwift = !sources.contains { PodMigrator.cFamilyExtensions.contains(ext($0)) && ext($0) != "h" }
        let used = sources + resourceFiles + resourceFolders
        // A C-family target sits at the pod's folder, so that its forwarding headers (include/<Target>/<Module>/)
        // lie outside the folders the podspec's globs select and CocoaPods does not take them for the pod's headers.
        let path = isSwift ? PodFileSelection.commonFolder(used) : "."
        func inside(_ item: String) -> String { path == "." ? item : String(item.dropFirst(path.count + 1)) }
        var target = PodMigration.Target(name: name, specName: specName, isSwift: isSwift, path: path, sources: sources.map(inside).sorted(),
                                         exclude: [], resources: [], publicHeadersPath: nil, dependencies: dependencies,
                                         linkerSettings: PodSettings.linkerSettings(spec))
        target.resources = (resourceFolders.map { folder in
            PodMigration.Resource(rule: PodMigrator.processedExtensions.contains(ext(folder)) ? .process : .copy, path: inside(folder))
        } + resourceFiles.map { PodMigration.Resource(rule: .process, path: inside($0)) }).sorted()
        var usedForExclude = Set(used)
        if !isSwift, !test {
            let resources = (resourceFolders + resourceFiles).sorted()
            usedForExclude.formUnion(publishHeaders(of: &target, sources: sources, resources: resources, migration: &migration))
        }
        if isSwift, !target.resources.isEmpty, let folder = migrator.accessorsFolder, !folder.hasPrefix("/"), !folder.hasPrefix("..") {
            target.sources.append(folder)
            usedForExclude.insert(path == "." ? folder : path + "/" + folder)
        }
        target.exclude = PodFileSelection.excludes(under: path, used: usedForExclude, files: files)
        return target
    }

    /// A C-family target's public headers: forwarding headers in `include/<Target>/<Module>/` (CocoaPods lets code write
    /// `<NXKit/NXConstants.h>`; SwiftPM serves `<…>` from one folder), its Objective-C resource accessor, and a module map
    /// when SwiftPM's umbrella rule would leave headers out. Returns what the target uses beyond its sources.
    private func publishHeaders(of target: inout PodMigration.Target, sources: [String], resources: [String], migration: inout PodMigration) -> [String] {
        let name = target.name
        let publicPatterns = PodFileSelection.patterns(spec, "public_header_files")
        let headers = (publicPatterns.isEmpty ? sources.filter { ext($0) == "h" }
            : PodSourceFiles.select(publicPatterns, from: files, folders: folders).filter { sources.contains($0) || ext($0) == "h" }).sorted()
        let module = migrator.moduleName(spec, migration.podName)
        let include = "include/" + name
        refuseUnreachableHeaders(headers, include: include, migration: &migration)
        var used: [String] = []
        if !headers.isEmpty {
            target.publicHeadersPath = include
            used.append(include)
            let directive = sources.contains { ["m", "mm"].contains(ext($0)) } ? "#import" : "#include"
            for header in headers {
                let file = (header as NSString).lastPathComponent, folder = include + "/" + module
                let relative = PathArithmetic.relative(PathArithmetic.join(migration.directory, header), to: PathArithmetic.join(migration.directory, folder))
                migration.generatedFiles.append((folder + "/" + file,
                    "\(PodMigrator.forwardingMarker) \(module)/\(file), as CocoaPods exposes it.\n\(directive) \"\(relative)\"\n"))
            }
        }
        if !target.resources.isEmpty, let accessor = accessor(of: target, sources: sources, headers: headers, module: module, resources: resources,
                                                              migration: &migration) {
            target.publicHeadersPath = include
            used += [include, accessor.implementationPath]
            target.sources = (target.sources + [accessor.implementationPath]).sorted()
            migration.objcAccessors.append(accessor)
        }
        // SwiftPM takes include/<Target>/<Target>/<Target>.h for the umbrella header and leaves every other header
        // out of the module; CocoaPods' module holds them all. A module map of the whole folder keeps them.
        let publicCount = headers.count + migration.objcAccessors.filter { $0.target == name }.count
        if module == name, publicCount > 1, headers.contains(where: { ($0 as NSString).lastPathComponent == name + ".h" }) {
            migration.generatedFiles.append((include + "/module.modulemap",
                "\(PodMigrator.generatedMarker): every public header of \(module), as CocoaPods' module has them.\nmodule \(module) {\n    umbrella \"\(module)\"\n    export *\n}\n"))
        }
        return used
    }

    /// Two public headers of one name, or a folder of the pod already where the forwarding headers would go: the pod stays.
    private func refuseUnreachableHeaders(_ headers: [String], include: String, migration: inout PodMigration) {
        let byName = Dictionary(grouping: headers, by: { ($0 as NSString).lastPathComponent })
        if let clash = byName.first(where: { $0.value.count > 1 }), migration.leftAsPod == nil {
            migration.leftAsPod = ("\(specName) has two public headers named \(clash.key) (\(clash.value.joined(separator: ", "))), which one include folder cannot hold; rename one, or keep it a pod",
                                   spec.location)
        }
        let foreign = files.filter { $0.hasPrefix(include + "/") && !migrator.isGenerated($0, directory: migration.directory) }
        if let first = foreign.first, migration.leftAsPod == nil {
            migration.leftAsPod = ("\(specName)'s folder already has \(include) (\(first)), where its forwarding headers would go; keep it a pod",
                                   spec.location)
        }
    }

    /// SwiftPM defines SWIFTPM_MODULE_BUNDLE in Objective-C files only; the pod's helpers get a class on it, unless the
    /// target is C or already has a header of that name (a note says so).
    private func accessor(of target: PodMigration.Target, sources: [String], headers: [String], module: String, resources: [String],
                          migration: inout PodMigration) -> ObjCResourceAccessor? {
        let className = PodMigrator.c99(target.name) + "Resources"
        if !sources.contains(where: { ["m", "mm"].contains(ext($0)) }) {
            migration.notes.append(Note("\(specName)'s resources get no accessor: its target is C, and SwiftPM gives only Objective-C and Swift code a bundle accessor; read them from Swift with Bundle.module, or add an Objective-C file",
                                        at: spec.location))
            return nil
        }
        if headers.contains(where: { ($0 as NSString).lastPathComponent == className + ".h" }) {
            migration.notes.append(Note("\(specName) already has a header named \(className).h, so no Objective-C resource accessor is generated; use SWIFTPM_MODULE_BUNDLE",
                                        at: spec.location))
            return nil
        }
        let include = "include/" + target.name
        return ObjCResourceAccessor(target: target.name, module: module, className: className, headerPath: include + "/" + module + "/" + className + ".h",
                                    implementationPath: migrator.objcAccessorsFolder + "/" + className + ".m", resources: resources)
    }
}
