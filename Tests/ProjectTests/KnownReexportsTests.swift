import Configuration
import Testing
import DependencyGraph

/// The built-in table of re-exports reads (a broken one would leave every well-known package undecided), chains are
/// there to follow, and the configuration's `imports.reexports` replaces an entry.
struct KnownReexportsTests {
    @Test func theTableReadsAndTheConfigurationGoesOverIt() throws {
        let table = ImportFacts.reexports(Preset.fourLayer.model)
        #expect(table["ComposableArchitecture"]?.contains("Dependencies") == true)
        #expect(table["Dependencies"]?.contains("IssueReporting") == true)
        #expect(table.count > 30)
        var configuration = Preset.fourLayer.model
        configuration.imports.reexports = ["ComposableArchitecture": ["CasePaths"], "AcmeKit": ["AcmeCore"]]
        let mine = ImportFacts.reexports(configuration)
        #expect(mine["ComposableArchitecture"] == ["CasePaths"])
        #expect(mine["AcmeKit"] == ["AcmeCore"])
        #expect(mine["Dependencies"] == table["Dependencies"])
    }
}
