import SourceImports

extension WiringSources {
    /// The files the source pass marked as holding wiring words (their bytes taken out of `imports`, which no later
    /// stage needs), and the service lists, of each target that has some.
    public static func taking(from imports: inout [TargetImports], in packages: [SourcePackage]) -> [WiringSources] {
        let byKey = Dictionary(packages.map { ($0.key, $0) }, uniquingKeysWith: { first, _ in first })
        var sources: [WiringSources] = []
        for index in imports.indices where !imports[index].markedFiles.isEmpty || !imports[index].servicePlists.isEmpty {
            let target = imports[index]
            imports[index].markedFiles = []
            guard let package = byKey[target.package] else { continue }
            sources.append(WiringSources(
                package: target.package, target: target.target, directory: package.directory,
                files: target.markedFiles.map { File(path: $0.path, shown: package.shownPath(of: $0.path), bytes: $0.bytes) },
                servicePlists: target.servicePlists.map { File(path: $0, shown: package.shownPath(of: $0)) },
                constantFiles: otherCFamilyFiles(of: target).map { File(path: $0, shown: package.shownPath(of: $0)) }))
        }
        return sources
    }

    /// A target's Objective-C and C files the source pass did not mark: where the constants its wiring names may be.
    private static func otherCFamilyFiles(of target: TargetImports) -> [String] {
        let marked = Set(target.markedFiles.map(\.path))
        return target.files.filter { file in
            !marked.contains(file) && ["h", "m", "mm", "c", "hpp", "hh"].contains { file.hasSuffix("." + $0) }
        }
    }
}
