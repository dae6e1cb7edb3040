import DependencyGraph

extension LayerInference {
    /// The modules that test targets use and whose names say they stand in for real code in tests (`MockData`,
    /// `NetworkingMocks`, `TestingToolkit`, `FakeStore`): written to `testSupport`, so that a test of a low layer may use
    /// one that sits high (it depends on what it fakes). Names the default globs already cover are left out.
    static func testDoubles(in graph: DependencyGraph) -> [String] {
        var names: Set<String> = []
        for (_, from, to) in [graph.localEdges, graph.importEdges].joined() where from.isTest && !to.isTest {
            if saysTestDouble(to.id.name) { names.insert(to.id.name) }
        }
        return names.sorted()
    }

    /// The default `testSupport` globs' endings, already covered.
    static let coveredEndings = ["TestSupport", "TestKit"]

    /// Whether one word of a CamelCase name says it is a test double or test tooling.
    static func saysTestDouble(_ name: String) -> Bool {
        guard !name.hasPrefix("XCTest"), !coveredEndings.contains(where: name.hasSuffix) else { return false }
        let doubles: Set<String> = ["Mock", "Mocks", "Mocked", "Mocking", "Fake", "Fakes", "Stub", "Stubs", "Testing", "Test", "Dummy"]
        return words(of: name).contains(where: doubles.contains)
    }

    /// `MullvadMockData` → Mullvad, Mock, Data; `UITestingKit` → UI, Testing, Kit; `mock_server` → mock, server.
    static func words(of name: String) -> [String] {
        var words: [String] = [], current = ""
        let characters = Array(name)
        for (index, character) in characters.enumerated() {
            guard character.isLetter || character.isNumber else {
                if !current.isEmpty { words.append(current) }
                current = ""
                continue
            }
            let next = index + 1 < characters.count ? characters[index + 1] : nil
            let previous = index > 0 ? characters[index - 1] : nil
            // A capital starts a word after a lower-case letter, or before one after capitals (`UITesting` → UI, Testing).
            if character.isUppercase, !current.isEmpty,
               previous?.isLowercase == true || (previous?.isUppercase == true && next?.isLowercase == true) {
                words.append(current)
                current = ""
            }
            current.append(character)
        }
        if !current.isEmpty { words.append(current) }
        return words.map { $0.prefix(1).uppercased() + $0.dropFirst() }
    }
}
