import Foundation
import XCTest

/// A new user's first week, item by item (issue 49): the built binary on copies of the fixtures and on small
/// repositories written here, typed as a user would type it.
final class FirstWeekTests: XCTestCase {
    private var root: URL!
    static let environment = ProcessInfo.processInfo.environment.merging(["COMPONENTIZE_TODAY": "2026-06-01", "NO_COLOR": "1"]) { $1 }

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-week-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    /// A copy of a fixture as the repository (fixtures are never written to).
    private func copy(_ fixture: String) throws {
        try FileManager.default.removeItem(at: root)
        try FileManager.default.copyItem(at: Componentize.repositoryRoot.appendingPathComponent("fixtures/\(fixture)"), to: root)
    }

    private func run(_ arguments: String..., in folder: String = "", environment: [String: String] = environment) throws -> CommandResult {
        try Componentize.run(arguments, in: folder.isEmpty ? root : root.appendingPathComponent(folder), environment: environment)
    }

    private func write(_ text: String, to path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func read(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    /// A package of one library target at `folder`, depending on the packages at `dependencies` (folders from the root).
    private func package(_ folder: String, dependsOn dependencies: [String] = []) throws {
        let name = (folder as NSString).lastPathComponent
        let packages = dependencies.map { ".package(path: \"\(String(repeating: "../", count: folder.split(separator: "/").count))\($0)\")" }
        let products = dependencies.map { ".product(name: \"\(($0 as NSString).lastPathComponent)\", package: \"\(($0 as NSString).lastPathComponent)\")" }
        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "\(name)",
                products: [.library(name: "\(name)", targets: ["\(name)"])],
                dependencies: [\(packages.joined(separator: ", "))],
                targets: [.target(name: "\(name)", dependencies: [\(products.joined(separator: ", "))])]
            )

            """, to: "\(folder)/Package.swift")
        let imports = dependencies.map { "import \(($0 as NSString).lastPathComponent)\n" }.joined()
        try write(imports + "public enum \(name) {}\n", to: "\(folder)/Sources/\(name)/\(name).swift")
    }

    private func json(_ text: String) throws -> [String: Any] {
        try XCTUnwrap(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
    }

    // MARK: - 1. `new --interface` after `init --infer`

    /// In a repository configured by `init --infer`, the interface `new --interface` writes and the registry it creates
    /// are ones `check` accepts: the inferred independent layer allows interfaces and names where the registry goes.
    func testItem1AnInterfaceInARepositoryConfiguredByInitInferIsOneCheckAccepts() throws {
        try copy("ComponentBasedApp")
        // The registry is named only in an app that talks through a mediator: here a component's `Target_` class.
        try write("import Foundation\n\n@objc final class Target_ComponentVideo: NSObject {}\n",
                  to: "Business/ComponentVideo/Sources/ComponentVideo/Target_ComponentVideo.swift")
        let inferred = try run("init", "--infer")
        XCTAssertEqual(inferred.status, 0, inferred.stdout + inferred.stderr)
        let configuration = try read("componentize.yml")
        XCTAssertTrue(configuration.contains("interfaces: \"{name}Interface\""), configuration)
        XCTAssertTrue(configuration.contains("mediator: Mediator"), configuration)
        let new = try run("new", "ComponentSearch", "--interface", "--layer", "business")
        XCTAssertEqual(new.status, 0, new.stdout + new.stderr)
        XCTAssertTrue(new.stdout.contains("created Account/Mediator (account)"), new.stdout)
        XCTAssertTrue(new.stdout.contains("created Business/ComponentSearchInterface (business)"), new.stdout)
        XCTAssertTrue(new.stdout.contains("edited App/Package.swift: added ComponentSearch and Mediator"), "the success line names what it edits: \(new.stdout)")
        let check = try run("check")
        XCTAssertEqual(check.status, 0, check.stdout)
    }

    // MARK: - 2. Following check's advice for a horizontal pod dependency

    /// In a pods repository whose componentize.yml only chooses the preset (without one, layers guessed from names are
    /// never checked: docs/configuration.md), the command `check` suggests for a horizontal dependency creates a mediator
    /// category the preset places; once the dependency goes through it `check` passes, and layering is still on: a new
    /// upward dependency fails.
    func testItem2FollowingChecksAdviceForAHorizontalPodDependencyKeepsLayeringOn() throws {
        try copy("PodsApp")
        try write("preset: four-layer\n", to: "componentize.yml")
        let podspec = "Business/ComponentVideo/ComponentVideo.podspec"
        try write(try read(podspec).replacingOccurrences(of: "  s.dependency 'NXKit'\n", with: "  s.dependency 'NXKit'\n  s.dependency 'ComponentImage'\n"), to: podspec)
        let before = try run("check")
        XCTAssertEqual(before.status, 1, before.stdout)
        XCTAssertTrue(before.stdout.contains("'componentize new ComponentImage --mediator ctmediator'"), before.stdout)
        let new = try run("new", "ComponentImage", "--mediator", "ctmediator")
        XCTAssertEqual(new.status, 0, new.stdout + new.stderr)
        XCTAssertFalse((new.stdout + new.stderr).contains("componentize.yml"), "no advice to edit a file that does not exist: \(new.stdout)")
        try write(try read(podspec).replacingOccurrences(of: "s.dependency 'ComponentImage'", with: "s.dependency 'CTMediator+ComponentImage'"), to: podspec)
        let after = try run("check")
        XCTAssertEqual(after.status, 0, after.stdout)
        XCTAssertFalse(after.stdout.contains("no layering rule"), after.stdout)
        let kit = "Kit/NXKit/NXKit.podspec"
        try write(try read(kit).replacingOccurrences(of: "\nend", with: "\n  s.dependency 'NXUI'\nend"), to: kit)
        let upward = try run("check")
        XCTAssertEqual(upward.status, 1, upward.stdout)
        XCTAssertTrue(upward.stdout.contains("[upward] NXKit"), upward.stdout)
    }

    // MARK: - 4. Cycles

    /// A cycle is a finding for each dependency to cut, attributed to the module that declares it and naming the module it
    /// points at; the HTML page counts them on that module; a baseline written before (the cycle's modules joined, no
    /// `to`) still matches.
    func testItem4CyclesAreOneFindingPerDependencyToCutAndOldBaselinesStillMatch() throws {
        try package("Kit/Base")
        try package("Kit/A", dependsOn: ["Kit/B", "Kit/Base"])
        try package("Kit/B", dependsOn: ["Kit/A", "Kit/C"])
        try package("Kit/C", dependsOn: ["Kit/B"])
        let report = try json(run("check", "--format", "json").stdout)
        let cycles = try XCTUnwrap(report["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "cycle" }
        XCTAssertEqual(cycles.count, 2, "two dependencies to cut break A ⇄ B ⇄ C: \(cycles)")
        for finding in cycles {
            let from = try XCTUnwrap(finding["from"] as? String), to = try XCTUnwrap(finding["to"] as? String, "`to` is set")
            XCTAssertTrue(["A", "B", "C"].contains(from) && ["A", "B", "C"].contains(to) && from != to, "\(from) → \(to)")
            XCTAssertTrue((finding["file"] as? String ?? "").hasSuffix("Kit/\(from)/Package.swift"), "located in \(from)'s manifest: \(finding)")
        }
        let page = try run("check", "--format", "html").stdout
        let data = try json(String(page[try XCTUnwrap(page.range(of: "id=\"componentize-data\">"))
            .upperBound..<(try XCTUnwrap(page.range(of: "</script>", options: .backwards))).lowerBound].prefix { $0 != "<" }))
        let pageCycles = try XCTUnwrap(data["findings"] as? [[String: Any]]).filter { $0["rule"] as? String == "cycle" }
        XCTAssertEqual(pageCycles.compactMap { $0["fromComponent"] as? String }.count, 2, "each cycle finding has its component on the page")

        try write("{\"version\": 1, \"findings\": [{\"rule\": \"cycle\", \"from\": \"A,B,C\", \"to\": \"\"}]}\n", to: "old-baseline.json")
        let old = try run("check", "--baseline", "old-baseline.json")
        XCTAssertEqual(old.status, 0, old.stdout)
        XCTAssertTrue(old.stdout.contains("2 findings already in the baseline"), old.stdout)
        XCTAssertFalse(old.stdout.contains("matches nothing"), old.stdout)
        let written = try run("check", "--write-baseline", "new-baseline.json")
        XCTAssertEqual(written.status, 0, written.stderr)
        let entries = try XCTUnwrap(try json(read("new-baseline.json"))["findings"] as? [[String: String]])
        XCTAssertTrue(entries.allSatisfy { $0["rule"] == "cycle" && !($0["to"] ?? "").isEmpty && !($0["from"] ?? ",").contains(",") }, "\(entries)")
    }

    // MARK: - 5. Nothing skipped in silence

    /// With one manifest broken, every command that passes over its package says so (path and why) and counts it:
    /// `resources --check` and `fix` fail, `new` names it, `check --changed-since` says how many findings it left out,
    /// and `check -o` keeps its summary on the terminal.
    func testItem5EveryCommandThatPassesOverAPackageSaysSoAndCountsIt() throws {
        try copy("ComponentBasedApp")
        XCTAssertEqual(try run("resources").status, 0)
        try write(try read("Common/NXUI/Package.swift") + "garbage(\n", to: "Common/NXUI/Package.swift")

        let resources = try run("resources", "--check")
        XCTAssertEqual(resources.status, 1, resources.stdout)
        XCTAssertTrue(resources.stdout.contains("Common/NXUI/Package.swift:"), resources.stdout)
        XCTAssertTrue(resources.stdout.contains("Common/NXUI passed over: its manifest cannot be read"), resources.stdout)
        XCTAssertTrue(resources.stdout.contains("; 1 package passed over (manifest not read)"), resources.stdout)

        let fix = try run("fix", "--dry-run")
        XCTAssertEqual(fix.status, 1, fix.stdout)
        XCTAssertTrue(fix.stdout.contains("componentize fix: passed over 1 package whose manifest cannot be read"), fix.stdout)

        let new = try run("new", "ComponentSearch", "--dry-run")
        XCTAssertEqual(new.status, 0, new.stderr)
        XCTAssertTrue(new.stdout.contains("Common/NXUI passed over: its manifest cannot be read, so new did not consider it as a dependency"), new.stdout)

        for command in [["git", "init", "-q", "."], ["git", "add", "-A"], ["git", "-c", "user.name=t", "-c", "user.email=t@t", "commit", "-qm", "day one"]] {
            XCTAssertEqual(try Componentize.runTool("/usr/bin/env", command, in: root).status, 0)
        }
        let changed = try run("check", "--changed-since", "HEAD")
        XCTAssertEqual(changed.status, 0, changed.stdout)
        XCTAssertTrue(changed.stdout.contains("; 1 finding in files not changed since HEAD left out"), changed.stdout)

        let output = try run("check", "-o", "report.txt")
        XCTAssertEqual(output.status, 1)
        XCTAssertEqual(output.stdout, "componentize: 1 error, 0 warnings in 7 packages (7 targets); report written to report.txt\n")
        XCTAssertTrue(try read("report.txt").contains("[unreadable-manifest]"))
    }

    // MARK: - 6. graph and a dot that exits early

    /// `dot` failing, or exiting before it reads the drawing, is exit 2 with what it said: never SIGPIPE.
    func testItem6GraphSaysWhatDotSaidWhenItExitsEarly() throws {
        try copy("LegacyApp")
        let bin = root.appendingPathComponent("bin")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let dot = bin.appendingPathComponent("dot")
        var environment = Self.environment
        environment["PATH"] = bin.path + ":/usr/bin:/bin"
        for (script, message) in [("echo 'Error: <stdin>: syntax error in line 1' >&2\nexit 1\n", "exited with status 1: Error: <stdin>: syntax error in line 1"),
                                  ("exec 0<&-\nsleep 0.2\nexit 0\n", "exited without drawing the graph")] {
            try ("#!/bin/sh\n" + script).write(to: dot, atomically: true, encoding: .utf8)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: dot.path)
            for format in ["svg", "png"] {
                let result = try Componentize.run(["graph", "--format", format, "-o", "graph.\(format)"], in: root, environment: environment)
                XCTAssertEqual(result.status, 2, "\(format): \(result.stderr)")
                XCTAssertTrue(result.stderr.contains(message), result.stderr)
                XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("graph.\(format)").path))
            }
        }
    }

    // MARK: - 7. Did you mean

    /// A misspelt layer, dependency, focus, folder or product is answered with the nearest name.
    func testItem7EveryTypedNameGetsADidYouMean() throws {
        try copy("ComponentBasedApp")
        for (arguments, expected) in [(["new", "ComponentSearch", "--layer", "buisness"], "did you mean 'business'?"),
                                      (["new", "ComponentSearch", "--depends-on", "ComponentVidoe"], "did you mean 'ComponentVideo'?"),
                                      (["graph", "--focus", "NXKt"], "did you mean 'NXKit'?"),
                                      (["check", "Kit/NXKt"], "did you mean 'Kit/NXKit'?")] {
            let result = try Componentize.run(arguments, in: root, environment: Self.environment)
            XCTAssertEqual(result.status, 2, "\(arguments): \(result.stdout)")
            XCTAssertTrue(result.stderr.contains(expected), "\(arguments): \(result.stderr)")
        }
        let manifest = "Common/NXUI/Package.swift"
        try write(try read(manifest).replacingOccurrences(of: ".product(name: \"NXKit\", package: \"NXKit\")",
                                                          with: ".product(name: \"NXKt\", package: \"NXKit\")"), to: manifest)
        let check = try run("check")
        XCTAssertEqual(check.status, 1, check.stdout)
        XCTAssertTrue(check.stdout.contains("has no product named 'NXKt'; did you mean 'NXKit'?"), check.stdout)
    }

    // MARK: - 8. Smaller items

    /// Without a componentize.yml, `new` run inside a package's folder creates the component beside it, not in it.
    func testItem8NewInsideAPackageFolderDoesNotNestTheNewPackage() throws {
        try copy("ComponentBasedApp")
        XCTAssertEqual(try Componentize.runTool("/usr/bin/env", ["git", "init", "-q", "."], in: root).status, 0)
        let new = try run("new", "ComponentSearch", in: "Business/ComponentVideo")
        XCTAssertEqual(new.status, 0, new.stdout + new.stderr)
        XCTAssertTrue(FileManager.default.fileExists(atPath: root.appendingPathComponent("Business/ComponentSearch/Package.swift").path), new.stdout)
        XCTAssertFalse(FileManager.default.fileExists(atPath: root.appendingPathComponent("Business/ComponentVideo/Business").path), new.stdout)
    }

    /// The generated app's `components` list (and its test's) names the components later `new` runs add.
    func testItem8TheAppsComponentsListFollowsLaterNewRuns() throws {
        XCTAssertEqual(try run("init", "--prefix", "NX").status, 0)
        for name in ["NXKit", "App", "ComponentVideo"] {
            let result = try run("new", name)
            XCTAssertEqual(result.status, 0, result.stdout + result.stderr)
        }
        let app = try read("Packages/app/App/Sources/App/App.swift")
        XCTAssertTrue(app.contains("\"ComponentVideo\""), app)
        let test = try read("Packages/app/App/Tests/AppTests/AppTests.swift")
        XCTAssertTrue(test.contains("\"ComponentVideo\""), test)
        XCTAssertEqual(try run("check").status, 0)
    }

    /// `--write-baseline` says how `check` applies the file; `--no-baseline` ignores a configured one for one run; the
    /// `horizontal` rule's why speaks of the repository's layer; `rules` explains `cycle` without jargon; a missing
    /// comma in a manifest is named as such.
    func testItem8BaselineAdviceRationaleRulesAndMissingComma() throws {
        try write("layers:\n  - name: features\n    paths: [\"Features/*\"]\n    independent: true\n  - name: core\n    paths: [\"Core/*\"]\n",
                  to: "componentize.yml")
        try package("Core/Base")
        try package("Features/A", dependsOn: ["Core/Base"])
        try package("Features/B", dependsOn: ["Features/A", "Core/Base"])
        let horizontal = try run("check")
        XCTAssertEqual(horizontal.status, 1, horizontal.stdout)
        XCTAssertTrue(horizontal.stdout.contains("why: Members of the independent layer features do not depend on each other"), horizontal.stdout)
        XCTAssertFalse(horizontal.stdout.contains("Business components"), horizontal.stdout)

        let elsewhere = try run("check", "--write-baseline", "other.json")
        XCTAssertEqual(elsewhere.status, 0, elsewhere.stderr)
        XCTAssertTrue(elsewhere.stderr.contains("check applies it with --baseline other.json, or on every run once componentize.yml says 'baseline: other.json'"), elsewhere.stderr)
        try write(try read("componentize.yml") + "baseline: baseline.json\n", to: "componentize.yml")
        let configured = try run("check", "--write-baseline", "baseline.json")
        XCTAssertTrue(configured.stderr.contains("componentize.yml names it under 'baseline:'"), configured.stderr)
        XCTAssertEqual(try run("check").status, 0)
        let ignored = try run("check", "--no-baseline")
        XCTAssertEqual(ignored.status, 1, ignored.stdout)
        XCTAssertTrue(ignored.stdout.contains("[horizontal]"), ignored.stdout)

        let rules = try run("rules")
        XCTAssertFalse(rules.stdout.contains("exhaustive") || rules.stdout.contains("greedy"), rules.stdout)

        try write("""
            // swift-tools-version:5.9
            import PackageDescription

            let package = Package(
                name: "Base",
                dependencies: [
                    .package(path: "../A")
                    .package(path: "../B")
                ],
                targets: [.target(name: "Base")]
            )

            """, to: "Core/Base/Package.swift")
        let comma = try run("check", "--no-baseline")
        XCTAssertTrue(comma.stdout.contains("a comma is probably missing after the entry that ends on line 7"), comma.stdout)
    }

    // MARK: - Advice for an import that would close a cycle

    /// Without a componentize.yml, a lower package importing one that already depends on it is an
    /// `implicit-dependency` whose advice is never "add it": it names the cycle the declaration would close and what to
    /// do instead, and `fix` refuses with the same words and touches nothing. An import that closes no cycle but that
    /// the layers guessed from names call upward is declared, with a word of caution.
    func testAnImportThatWouldCloseACycleIsAdvisedAgainstAndFixAgrees() throws {
        try package("Kit/NXKit")
        try package("Common/NXUI", dependsOn: ["Kit/NXKit"])
        try package("Common/ThemeUI")
        try write("import NXUI\nimport ThemeUI\npublic enum NXKit {}\n", to: "Kit/NXKit/Sources/NXKit/NXKit.swift")
        let check = try run("check", "--format", "json")
        XCTAssertEqual(check.status, 1, check.stdout + check.stderr)
        let findings = try XCTUnwrap(try json(check.stdout)["findings"] as? [[String: Any]])
        let fixes = Dictionary(findings.filter { $0["rule"] as? String == "implicit-dependency" }.map { ($0["to"] as? String ?? "", $0["fix"] as? String ?? "") }) { $1 }
        let cycle = "not fixable by declaring it: NXUI already depends on NXKit, so declaring it would close the cycle NXKit → NXUI → NXKit; "
            + "move what NXKit uses of NXUI down into a module both may depend on, or have NXKit depend on an interface (a protocol at its "
            + "level that NXUI implements) and drop the import; componentize fix does not make this edit"
        XCTAssertEqual(fixes["NXUI"], cycle)
        XCTAssertEqual(fixes["ThemeUI"], "add .product(name: \"ThemeUI\", package: \"ThemeUI\") to the dependencies of target NXKit (Kit/NXKit/Package.swift:8), "
            + "with the package in Package(dependencies:) if it is not there; but the layers guessed from names put ThemeUI (common) above NXKit (kit): "
            + "if they are right, move what NXKit uses down or depend on an interface instead")

        let snapshot = try read("Kit/NXKit/Package.swift")
        let fix = try run("fix")
        XCTAssertTrue(fix.stdout.contains("not fixed: [implicit-dependency] NXKit (kit) imports NXUI (common), which its manifest does not declare\n    why: \(cycle)\n"),
                      fix.stdout)
        XCTAssertTrue(fix.stdout.contains("fixed 1 finding (1 implicit-dependency)"), fix.stdout)
        let edited = try read("Kit/NXKit/Package.swift")
        XCTAssertNotEqual(edited, snapshot)
        XCTAssertFalse(edited.contains("NXUI"), edited)
        let after = try XCTUnwrap(try json(try run("check", "--format", "json").stdout)["findings"] as? [[String: Any]])
        XCTAssertEqual(after.filter { $0["rule"] as? String == "implicit-dependency" }.map { $0["to"] as? String }, ["NXUI"], "only the cycle is left")
    }
}
