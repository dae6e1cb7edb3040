import DependencyGraph

/// What reports say of the imports no rule decides: how many, the packages that would decide them, and each import.
struct UndecidedImports {
    /// The text report names this many packages on its line; JSON names all.
    static let named = 5
    var count: Int
    /// Each package that would decide some, with how many.
    var packages: [(package: UnreadPackage, imports: Int)]
    /// Each import, by file, line and column.
    var imports: [UndecidedImport]

    init(_ undecided: [UndecidedImport]) {
        count = undecided.count
        var counts: [UnreadPackage: Int] = [:]
        for item in undecided { for package in item.deciders { counts[package, default: 0] += 1 } }
        packages = counts.keys.sorted().map { ($0, counts[$0, default: 0]) }
        imports = undecided.sorted { ($0.location, $0.module) < ($1.location, $1.module) }
    }

    /// The closing lines of the text report: the count, the packages that would decide them by kind (the first few of
    /// each) with what reads them; with `listed`, each import at its place. Empty when every import was decided.
    func lines(listed: Bool) -> [String] {
        guard count > 0 else { return [] }
        let them = count == 1 ? "it" : "them"
        var groups: [String] = []
        for kind in Kind.allCases {
            // A component holding several headers is named once.
            var seen: Set<String> = []
            let names = packages.filter { Kind($0.package.reason) == kind }.map(\.package.name).filter { seen.insert($0).inserted }
            guard !names.isEmpty else { continue }
            let shown = names.prefix(Self.named).joined(separator: ", ") + (names.count > Self.named ? " and \(names.count - Self.named) more" : "")
            groups.append("\(kind.noun(names.count)) (\(shown)): \(kind == .checkout ? checkoutAdvice : kind.advice)")
        }
        let line = "componentize: \(count) import\(count == 1 ? "" : "s") undecided (never a finding): what would decide \(them) is not read: "
            + groups.joined(separator: "; ")
        guard listed else { return [line + "; --list-undecided lists each import"] }
        return [line + ":"] + imports.map { item in
            "    \(item.location): \(item.from.id.name) imports \(item.module): \(item.reason)"
        }
    }

    /// What puts the outside packages' checkouts where componentize reads them, by what declares the packages of the
    /// importing targets: `tuist install` for a Tuist project's (`Tuist/Package.swift`), `swift package resolve` for a
    /// package's; an XcodeGen spec's `packages:` are resolved by Xcode, whose checkouts are not read.
    var checkoutAdvice: String {
        let kinds = Set(imports.filter { $0.deciders.contains { Kind($0.reason) == .checkout } }.map(\.from.packageKind))
        var advice: [String] = []
        if kinds.contains(.tuistProject) {
            advice.append("'tuist install' beside the Tuist project puts the checkouts of what Tuist/Package.swift declares where componentize reads them")
        }
        if kinds.contains(.xcodeGenSpec) {
            advice.append("an XcodeGen spec's packages are resolved by Xcode after 'xcodegen generate', into a folder componentize does not read: imports.reexports in componentize.yml says which modules a product provides")
        }
        if advice.isEmpty || !kinds.isSubset(of: [.tuistProject, .xcodeGenSpec]) { advice.insert(Kind.checkout.advice, at: 0) }
        return advice.joined(separator: "; ")
    }

    /// The kinds of package that would decide imports, each read another way.
    enum Kind: CaseIterable {
        case checkout, pod, vendored, prebuilt, local, header, podfile, unprovided, sdkNamesake

        init(_ reason: UnreadPackage.Reason) {
            switch reason {
            case .notCheckedOut, .productByName: self = .checkout
            case .outsidePod: self = .pod
            case .withoutSources: self = .vendored
            case .prebuilt: self = .prebuilt
            case .missing, .unreadable, .unreadPodspec: self = .local
            case .sharedHeader, .searchPathHeader: self = .header
            case .podfileStatement: self = .podfile
            case .unprovided: self = .unprovided
            case .sdkNamesake: self = .sdkNamesake
            }
        }

        func noun(_ count: Int) -> String {
            switch self {
            case .checkout: return count == 1 ? "an outside package" : "\(count) outside packages"
            case .pod: return count == 1 ? "a pod from a specs repository" : "\(count) pods from a specs repository"
            case .vendored: return count == 1 ? "a pod without source files in the repository" : "\(count) pods without source files in the repository"
            case .prebuilt: return count == 1 ? "a prebuilt library an Xcode target links" : "\(count) prebuilt libraries Xcode targets link"
            case .local: return count == 1 ? "a package of the repository that cannot be read" : "\(count) packages of the repository that cannot be read"
            case .header: return count == 1 ? "a component whose header a quoted include finds through search paths" : "\(count) components whose headers quoted includes find through search paths"
            case .podfile: return count == 1 ? "a Podfile statement whose pods are not read" : "\(count) Podfile statements whose pods are not read"
            case .unprovided: return count == 1 ? "a module nothing in the repository provides" : "\(count) modules nothing in the repository provides"
            case .sdkNamesake: return count == 1 ? "a module of the repository named like an SDK module" : "\(count) modules of the repository named like SDK modules"
            }
        }

        var advice: String {
            switch self {
            case .checkout: return "'swift package resolve' in the packages that declare them puts their checkouts where componentize reads them"
            case .pod: return "their podspecs are not read; imports.reexports in componentize.yml says which modules a pod provides"
            case .vendored: return "what they vendor (a framework, a library) is not read; imports.reexports in componentize.yml says which modules a pod provides"
            case .prebuilt: return "which module a library provides is written in no module map read; imports.system in componentize.yml names the modules it provides"
            case .local: return "the unresolved and unreadable-manifest findings say what to fix"
            case .header: return "a quoted #import \"Header.h\" names no module; #import <Module/Header.h> (or @import) says which component it needs, and linking it declares it"
            case .podfile: return "the note at each says what is not read; pod lines written in the Podfile, or in a file it loads by a plain path, are read"
            case .unprovided: return "no target, package or pod of the repository, nor a declared outside one, provides them and they are no SDK module componentize knows: an SDK module goes in imports.system in componentize.yml, any other needs the target, package or pod that builds it"
            case .sdkNamesake: return "declaring the repository's module says the import is its; renaming the module ends the doubt"
            }
        }
    }
}

/// What reports say of the uses of a dependency's API without an import that no rule decides: each, with the modules
/// that may declare the name instead.
struct UndecidedUses {
    var uses: [UseWithoutImport]

    init(_ uses: [UseWithoutImport]) {
        self.uses = uses
    }

    /// The closing lines of the text report; empty when every use was decided.
    var lines: [String] {
        guard !uses.isEmpty else { return [] }
        let count = uses.count
        var lines = ["componentize: \(count) use\(count == 1 ? "" : "s") of a dependency's API without its import undecided (never a finding, nor an unused dependency; what would decide \(count == 1 ? "it" : "each") follows):"]
        lines += uses.prefix(UndecidedWiring.listed).map { use in
            let others = use.undecidedBy.prefix(4).joined(separator: ", ") + (use.undecidedBy.count > 4 ? ", …" : "")
            return "    \(use.location): \(use.from.id.name) uses `\(use.name)`, which \(use.module) declares: would be decided by reading \(others), which the target also sees and componentize cannot read here (or by writing the type the member is used on)"
        }
        if count > UndecidedWiring.listed { lines.append("    and \(count - UndecidedWiring.listed) more (--format json lists them all)") }
        return lines
    }
}

/// What reports say of the mediator calls no rule decides: each, with what would decide it.
struct UndecidedWiring {
    /// The text report lists this many; JSON lists all.
    static let listed = 5
    var calls: [UndecidedWiringCall]

    init(_ calls: [UndecidedWiringCall]) {
        self.calls = calls.sorted { $0.location < $1.location }
    }

    /// The closing lines of the text report; empty when every call was decided.
    var lines: [String] {
        guard !calls.isEmpty else { return [] }
        let count = calls.count
        var lines = ["componentize: \(count) mediator call\(count == 1 ? "" : "s") undecided (never a finding; what would decide \(count == 1 ? "it" : "each") follows):"]
        lines += calls.prefix(Self.listed).map { "    \($0.location): \($0.from.id.name) \($0.api) with `\($0.written)`: would be decided by \($0.decider)" }
        if count > Self.listed { lines.append("    and \(count - Self.listed) more (--format json lists them all)") }
        return lines
    }
}
