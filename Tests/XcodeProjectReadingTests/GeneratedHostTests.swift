import Testing
@testable import XcodeProjectReading

/// What XcodeGen and Tuist make of a test bundle that depends on an application.
struct GeneratedHostTests {
    /// A unit-test bundle depending on an application is tested by it and hosted by it (`TEST_HOST`); a UI-test bundle
    /// is tested by it and runs in a process of its own.
    @Test func aUnitTestBundleDependingOnAnApplicationIsHostedByIt() {
        var project = XcodeProject(name: "App", targets: [
            XcodeTarget(name: "App", kind: .application),
            XcodeTarget(name: "UnitTests", kind: .unitTest, dependencies: [XcodeDependency(.target("App"), line: 3)]),
            XcodeTarget(name: "UITests", kind: .uiTest, dependencies: [XcodeDependency(.target("App"), line: 5)]),
        ], packages: [])
        project.hostTestBundles()
        #expect(project.targets.map(\.testedTarget) == [nil, "App", "App"])
        #expect(project.targets.map(\.host) == [nil, "App", nil])
    }
}
