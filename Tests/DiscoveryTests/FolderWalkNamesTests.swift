import Foundation
import Testing
@testable import Discovery

/// The byte comparison of a folder's components with Tuist's folder names agrees with splitting the path.
@Test func tuistFoldersAgreeWithSplitting() {
    let paths = ["", "/", "Tuist", "App/Tuist", "Tuist/ProjectDescriptionHelpers", "App/Tuistx", "xTuist/a", "a//Tuist//b", "ProjectDescriptionHelpers",
                 "a/ProjectDescriptionHelper", "tuist", "Tuist/", "/Tuist", "é/Tuist"]
    for path in paths {
        #expect(FolderWalk.describesProjects(path) == path.split(separator: "/").contains { $0 == "Tuist" || $0 == "ProjectDescriptionHelpers" }, "\(path)")
    }
}

/// The byte scan for a generator's `{{ … }}` placeholder in a file name agrees with searching the text.
@Test func placeholdersAgreeWithSearchingTheText() {
    let names = ["", "{", "{{", "}}", "{{}}", "{{ name }}.podspec", "{{{}}", "{}}{{", "{{}", "{ {}}", "a{{b}c}}", "}}{{x}}", "é{{é}}é", "Package.swift"]
    for name in names {
        let searched = name.firstRange(of: "{{").map { name[$0.upperBound...].contains("}}") } ?? false
        #expect(FolderWalk.hasPlaceholder(name) == searched, "\(name)")
    }
}

/// The byte comparison of a name with the descriptions' names, ignoring case, agrees with Foundation's comparison
/// (which a name that is not ASCII is still given to).
@Test func caseIgnoringNamesAgreeWithFoundation() {
    let candidates = ["Package.swift", "Project.swift", "Podfile", "project.yml"]
    let names = ["Package.swift", "package.swift", "PACKAGE.SWIFT", "Project.swift", "project.SWIFT", "Podfile", "podFILE", "Podfilf",
                 "Podfil", "Podfile ", "NX1234Feature", "Package@swift", "project.yml", "PROJECT.YML", "projéct.ym", "Pödfile", "", "[ackage.swift"]
    for name in names {
        let count = name.utf8.count
        let expected = candidates.first { $0.utf8.count == count && $0.caseInsensitiveCompare(name) == .orderedSame }
        #expect(ProjectDescriptions.canonical(name, among: candidates) == expected, "\(name)")
    }
}

/// The byte test of a source file's extension agrees with the one on its characters.
@Test func sourceExtensionsAgreeWithTheCharacters() {
    let names = ["A.swift", "A.m", "A.mm", "A.c", "A.cc", "A.cpp", "A.cxx", ".swift", "A.h", "A.Swift", "A.swift.orig", "A", "A.", "a.b.swift",
                 "é.swift", "A.swiftx", "A.sw", "Package.swift", "..swift"]
    for name in names {
        let characters = name.lastIndex(of: ".").map { dot in dot != name.startIndex && FolderWalk.sourceExtensions.contains(name[name.index(after: dot)...]) } ?? false
        #expect(FolderWalk.hasSourceExtension(name) == characters, "\(name)")
    }
}
