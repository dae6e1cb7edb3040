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
