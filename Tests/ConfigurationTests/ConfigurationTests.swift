#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Configuration
import Diagnostics
import Paths
import Project
import XCTest

/// componentize.yml: what it accepts, and a located error for each mistake.
final class ConfigurationTests: XCTestCase {
    private let loader = ConfigurationLoader(knownRules: Project.knownRules)

    private func error(_ yaml: String, file: StaticString = #filePath, line: UInt = #line) -> String? {
        do {
            _ = try loader.parse(yaml, path: "componentize.yml")
            XCTFail("expected an error", file: file, line: line)
        } catch {
            return error.description
        }
        return nil
    }

    func testFullConfiguration() throws {
        let model = try loader.parse("""
            strict: true
            layers:
              - name: app
                members: [App]
              - name: feature
                members: ["Feature*"]
                independent: true
                interfaces: "{name}API"
                defaults: [core]
              - name: core
                members: "*Core"
                paths: ["Packages/Core/**"]
            thirdParty:
              layers: [core]
              packages:
                Swift-Log: [feature, core]
            testSupport: ["*Mocks"]
            exceptions:
              - from: FeatureA
                to: FeatureB
                rule: horizontal
                reason: migration
                expires: 2027-01-31
            rules:
              unassigned: error
              cycle: off
            """, path: "componentize.yml")
        XCTAssertEqual(model.layers.map(\.name), ["app", "feature", "core"])
        XCTAssertEqual(model.layers[1].interfaceName(of: "FeatureA"), "FeatureAAPI")
        XCTAssertEqual(model.layers[1].component(ofInterface: "FeatureAAPI"), "FeatureA")
        XCTAssertTrue(model.layers[1].independent)
        XCTAssertEqual(model.layers[2].members.map(\.pattern), ["*Core"])
        XCTAssertTrue(model.layers[2].paths[0].matchesPath("Packages/Core/Net/Sub"))
        XCTAssertFalse(model.layers[2].paths[0].matchesPath("Packages/UI/Net"))
        XCTAssertEqual(model.thirdParty.packages["swift-log"], ["feature", "core"])
        XCTAssertEqual(model.exceptions, [LayerException(from: "FeatureA", to: "FeatureB", rule: "horizontal", reason: "migration",
                                                         expires: Day("2027-01-31"), location: FileLocation(path: "componentize.yml", line: 19, column: 5))])
        XCTAssertEqual(model.severities, ["unassigned": .error, "cycle": .off])
        XCTAssertTrue(model.strict)
    }

    func testPresets() throws {
        XCTAssertEqual(try loader.parse("preset: three-layer\n", path: "c.yml").layers.map(\.name), ["app", "business", "common-business", "base"])
        XCTAssertEqual(try loader.parse("", path: "c.yml").layers.map(\.name), ["app", "business", "account", "common", "kit"])
        XCTAssertEqual(Preset.fourLayer.model.layers[1].interfacePattern, "{name}Interface")
    }

    func testMalformedYAML() {
        XCTAssertEqual(error("layers: [\n  - name: app\n"), "componentize.yml:2:3: error: invalid YAML: did not find expected node content")
    }

    func testMediatorsSection() throws {
        let model = try loader.parse("""
            mediators:
              ctmediator: false
              registry: false
              routes: {schemes: [app, nx], routers: [MGJRouter, JLRoutes]}
              categories: required
            """, path: "componentize.yml")
        XCTAssertFalse(model.mediators.ctmediator)
        XCTAssertTrue(model.mediators.beehive)
        XCTAssertFalse(model.mediators.registry)
        XCTAssertEqual(model.mediators.schemes, ["app", "nx"])
        XCTAssertEqual(model.mediators.routers, ["MGJRouter", "JLRoutes"])
        XCTAssertEqual(model.mediators.categories, .required)
        XCTAssertFalse(try loader.parse("mediators: {routes: false}\n", path: "componentize.yml").mediators.routes)
        XCTAssertEqual(try loader.parse("strict: false\n", path: "componentize.yml").mediators, MediatorSettings())
        XCTAssertEqual(error("mediators:\n  urls: true\n"),
                       "componentize.yml:2:3: error: unknown key 'urls' in mediators; expected one of: ctmediator, beehive, registry, routes, categories")
        XCTAssertEqual(error("mediators:\n  routes: {hosts: [a]}\n"),
                       "componentize.yml:2:12: error: unknown key 'hosts' in mediators.routes; expected one of: schemes, routers")
    }

    func testUnknownKey() {
        XCTAssertEqual(error("layer:\n  - name: app\n"),
                       "componentize.yml:1:1: error: unknown key 'layer' in the configuration; expected one of: preset, strict, layers, thirdParty, testSupport, exceptions, rules, exclude, scaffold, resources, baseline, imports, pods, xcode, mediators; did you mean 'layers'?")
    }

    func testPodsMappings() throws {
        let model = try ConfigurationLoader(knownRules: Project.knownRules).parse(
            "pods:\n  AFNetworking: {url: \"https://github.com/AFNetworking/AFNetworking.git\", from: \"4.0.0\"}\n", path: "componentize.yml")
        XCTAssertEqual(model.pods["AFNetworking"]?.product, "AFNetworking", "product defaults to the pod's name")
        XCTAssertEqual(model.pods["AFNetworking"]?.identity, "afnetworking")
        XCTAssertEqual(error("pods:\n  AFNetworking: {from: \"4.0.0\"}\n"), "componentize.yml:2:3: error: pods.AFNetworking needs 'url' (the SwiftPM package's git URL)")
        XCTAssertEqual(error("pods:\n  AFNetworking: {url: \"u\", from: \"\"}\n"), "componentize.yml:2:34: error: pods.AFNetworking.from cannot be empty")
        XCTAssertEqual(error("pods:\n  AFNetworking: {url: \"u\", from: \"4\", tag: x}\n"),
                       "componentize.yml:2:39: error: unknown key 'tag' in pods.AFNetworking; expected one of: url, from, product")
    }

    func testWrongType() {
        XCTAssertEqual(error("strict: sometimes\n"), "componentize.yml:1:9: error: strict must be true or false")
        XCTAssertEqual(error("layers: app\n"), "componentize.yml:1:9: error: layers must be a non-empty list, top layer first")
    }

    func testUnknownLayer() {
        XCTAssertEqual(error("preset: four-layer\nthirdParty:\n  layers: [network]\n"),
                       "componentize.yml:3:12: error: unknown layer 'network'; layers are: app, business, account, common, kit")
        XCTAssertEqual(error("layers:\n  - name: app\n    members: [App]\n    defaults: [kit]\n"),
                       "componentize.yml:4:16: error: unknown layer 'kit'; layers are: app")
    }

    func testDuplicateLayerNames() {
        XCTAssertEqual(error("layers:\n  - name: kit\n    members: [A]\n  - name: kit\n    members: [B]\n"),
                       "componentize.yml:4:11: error: duplicate layer name 'kit': each layer needs its own name")
    }

    func testInvalidGlob() {
        XCTAssertEqual(error("layers:\n  - name: kit\n    members: [\"NX[Kit\"]\n"),
                       "componentize.yml:3:15: error: 'NX[Kit' is not a valid glob: a '[' is never closed")
        XCTAssertEqual(error("layers:\n  - name: kit\n    members: [\"{A,B}\"]\n"),
                       "componentize.yml:3:15: error: '{A,B}' is not a valid glob: braces are not supported; list the alternatives as separate globs")
    }

    func testBadExceptions() {
        XCTAssertEqual(error("exceptions:\n  - {from: A, to: B, rule: sideways, reason: x}\n"),
                       "componentize.yml:2:28: error: unknown rule 'sideways'; rules are: cycle, exception-expired, exception-stale, horizontal, implicit-dependency, mediator-bypass, mediator-duplicate, mediator-unresolved, mediator-unused, missing-import, pod-package-mismatch, third-party, unassigned, unread-sources, unreadable-manifest, unresolved, unused-dependency, upward")
        XCTAssertEqual(error("exceptions:\n  - {from: A, to: B, rule: upward}\n"), "componentize.yml:2:5: error: an exception needs 'reason'")
        XCTAssertEqual(error("exceptions:\n  - {from: A, to: B, rule: upward, reason: x, expires: next week}\n"),
                       "componentize.yml:2:56: error: expires must be a date written YYYY-MM-DD")
    }

    /// An exception's `expires:` is read once into a `Day`, compared as a day after that (issue 45): a month's end
    /// before the next month's start, a year's before the next year's, and written back as it was.
    func testExceptionDatesAreDaysReadOnce() throws {
        let model = try loader.parse("exceptions:\n  - {from: A, to: B, rule: upward, reason: x, expires: 2026-09-30}\n", path: "componentize.yml")
        let expires = try XCTUnwrap(model.exceptions.first?.expires)
        XCTAssertEqual(expires, Day("2026-09-30"))
        XCTAssertEqual("\(expires)", "2026-09-30")
        XCTAssertLessThan(expires, try XCTUnwrap(Day("2026-10-01")))
        XCTAssertLessThan(try XCTUnwrap(Day("2026-12-31")), try XCTUnwrap(Day("2027-01-01")))
        XCTAssertFalse(expires < expires)
        XCTAssertEqual(Day("0999-01-02")?.description, "0999-01-02")
        for text in ["2026-13-01", "2026-00-10", "2026-1-01", "26-01-01", "2026-01-32", "２０２６-01-01", "2026/01/01", ""] {
            XCTAssertNil(Day(text), text)
        }
    }

    /// Today is a `Day` from where it is worked out on (issue 45): `COMPONENTIZE_TODAY` read once, the clock's day in
    /// UTC otherwise, and never text after that.
    func testTodayIsADay() throws {
        XCTAssertEqual(try ConfigurationLoader.today(environment: ["COMPONENTIZE_TODAY": "2026-06-01"]), Day(year: 2026, month: 6, day: 1))
        XCTAssertThrowsError(try ConfigurationLoader.today(environment: ["COMPONENTIZE_TODAY": "22/11/2026"]))
        let clock = try ConfigurationLoader.today(environment: [:])
        XCTAssertNotNil(Day(clock.description), "the clock's day is a day as YYYY-MM-DD writes it: \(clock)")
        XCTAssertLessThan(try XCTUnwrap(Day("2026-01-01")), clock)
    }

    func testBadSeverity() {
        XCTAssertEqual(error("rules:\n  upward: fatal\n"), "componentize.yml:2:11: error: severity must be error, warning or off")
    }

    func testScaffoldAndResourcesSections() throws {
        let model = try loader.parse("""
            scaffold:
              layout: "Modules/{layer}/{name}"
              toolsVersion: "6.0"
              platforms: [".iOS(.v16)"]
              app: HostApp
              mediator: NXMediator
            resources:
              outputDir: Sources/Gen
            """, path: "componentize.yml")
        XCTAssertEqual(model.scaffold.layout, "Modules/{layer}/{name}")
        XCTAssertEqual(model.scaffold.toolsVersion, "6.0")
        XCTAssertEqual(model.scaffold.platforms, [".iOS(.v16)"])
        XCTAssertEqual(model.scaffold.app, "HostApp")
        XCTAssertEqual(model.scaffold.mediator, "NXMediator")
        XCTAssertEqual(model.resourcesOutputDirectory, "Sources/Gen")
        XCTAssertEqual(error("scaffold:\n  layout: Packages\n"), "componentize.yml:2:11: error: scaffold.layout must contain {name}")
        XCTAssertEqual(error("scaffold:\n  toolsVersion: latest\n"), "componentize.yml:2:17: error: scaffold.toolsVersion must be a version such as 5.9 or 6.0")
        XCTAssertEqual(error("resources:\n  output: x\n"), "componentize.yml:2:3: error: unknown key 'output' in resources; expected one of: outputDir")
    }

    func testGlobMatching() throws {
        XCTAssertTrue(try Glob("Component*").matches("ComponentVideo"))
        XCTAssertFalse(try Glob("Component*").matches("NXKit"))
        XCTAssertTrue(try Glob("NX?it").matches("NXKit"))
        XCTAssertTrue(try Glob("[!C]*Kit").matches("NXKit"))
        XCTAssertTrue(try Glob("Packages/*/Kit").matchesPath("Packages/Base/Kit"))
        XCTAssertFalse(try Glob("Packages/*").matchesPath("Packages/Base/Kit"))
        XCTAssertTrue(try Glob("Pod/Classes/**/*.m").matchesPath("Pod/Classes/A/B/C.m"))
        XCTAssertFalse(try Glob("Pod/Classes/**/*.m").matchesPath("Pod/Classes/A/B/C.h"))
        XCTAssertFalse(try Glob("Pod/Classes/**/*.m").matchesPath("Pod/Other/A/C.m"))
        XCTAssertTrue(try Glob("Pod/C*/**").matchesPath("Pod/Classes/A/C.m"))
        XCTAssertThrowsError(try Glob(""))
    }

    /// Patterns whose only wildcard is `*` are matched without the C library: they must agree with `fnmatch` on
    /// every pattern and name over a small alphabet (all of them up to length 4, plus multi-byte characters).
    func testStarPatternsAgreeWithFnmatch() throws {
        func words(_ alphabet: [String], upTo length: Int) -> [String] {
            var result = [""], frontier = [""]
            for _ in 0..<length {
                frontier = frontier.flatMap { word in alphabet.map { word + $0 } }
                result += frontier
            }
            return result
        }
        let patterns = words(["a", "b", "*"], upTo: 4).filter { !$0.isEmpty } + ["é*", "*é", "*é*", "Component*", "*Kit", "*Part*", "NX*Kit*Part"]
        let names = words(["a", "b"], upTo: 4) + ["é", "aé", "éa", "ComponentVideo", "NXKit", "NX001KitPart3", "NXKitPart"]
        var compared = 0
        for pattern in patterns {
            let glob = try Glob(pattern)
            for name in names {
                XCTAssertEqual(glob.matches(name), fnmatch(pattern, name, 0) == 0, "'\(pattern)' on '\(name)'")
                compared += 1
            }
        }
        XCTAssertGreaterThan(compared, 3_000)
    }
}
