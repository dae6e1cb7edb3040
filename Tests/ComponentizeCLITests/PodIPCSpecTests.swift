import Foundation
import XCTest

/// `--reader auto` hands a podspec the static reader declines to CocoaPods (`pod ipc spec`) when `pod` is on PATH.
/// CocoaPods cannot be installed here, so a stand-in `pod` prints the JSON CocoaPods prints for the podspec (written
/// beside it as `<Pod>.ipc.json`) and logs each call: what is tested is componentize's side (when it asks, how it reads
/// the answer, that the answer is cached by content, how a failure is reported).
final class PodIPCSpecTests: XCTestCase {
    private var root: URL!
    private var bin: URL!
    private var calls: URL!

    override func setUpWithError() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("componentize-pod-ipc-\(UUID().uuidString)")
        bin = root.appendingPathComponent("bin")
        calls = root.appendingPathComponent("calls.log")
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let pod = bin.appendingPathComponent("pod")
        try """
            #!/bin/sh
            [ "$1" = ipc ] && [ "$2" = spec ] || { echo "unexpected arguments: $*" >&2; exit 64; }
            echo "$PWD/$3" >> "\(calls.path)"
            [ -f "${3%.podspec}.ipc.json" ] || { echo "[!] Invalid podspec file: syntax error" >&2; exit 1; }
            cat "${3%.podspec}.ipc.json"

            """.write(to: pod, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: pod.path)
    }

    override func tearDownWithError() throws {
        try? FileManager.default.removeItem(at: root)
    }

    private func write(_ text: String, _ relative: String) throws {
        let url = root.appendingPathComponent(relative)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: url, atomically: true, encoding: .utf8)
    }

    private func run(_ arguments: [String], withPod: Bool = true) throws -> CommandResult {
        var environment = ProcessInfo.processInfo.environment
        environment["COMPONENTIZE_CACHE_DIR"] = root.appendingPathComponent("cache").path
        // Without the stand-in, no `pod` at all, even where CocoaPods is installed.
        let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").filter { !FileManager.default.isExecutableFile(atPath: "\($0)/pod") }
        environment["PATH"] = ((withPod ? [bin.path] : []) + path.map(String.init)).joined(separator: ":")
        return try Componentize.run(arguments, in: root, environment: environment)
    }

    private var callCount: Int {
        ((try? String(contentsOf: calls, encoding: .utf8)) ?? "").split(separator: "\n").count
    }

    /// A podspec computing its source files with `.map`: the static reader declines it.
    private func writeDeclinedPod() throws {
        try write("preset: four-layer\n", "componentize.yml") // layers chosen: without them no layering rule runs
        try write("""
            Pod::Spec.new do |s|
              s.name = 'ComponentVideo'
              s.version = '1.0.0'
              s.source_files = %w[Player Controls].map { |folder| "ComponentVideo/\\#{folder}/*.swift" }
              s.dependency 'ComponentImage'
            end

            """, "Business/ComponentVideo/ComponentVideo.podspec")
        try write("""
            {
              "name": "ComponentVideo",
              "version": "1.0.0",
              "source_files": ["ComponentVideo/Player/*.swift", "ComponentVideo/Controls/*.swift"],
              "dependencies": {"ComponentImage": []},
              "platforms": {"ios": "15.0"}
            }

            """, "Business/ComponentVideo/ComponentVideo.ipc.json")
        try write("import ComponentImage\n", "Business/ComponentVideo/ComponentVideo/Player/Player.swift")
        try write("Pod::Spec.new do |s|\n  s.name = 'ComponentImage'\n  s.version = '1.0.0'\nend\n", "Business/ComponentImage/ComponentImage.podspec")
    }

    func testADeclinedPodspecIsEvaluatedByPodOnceAndChecked() throws {
        try writeDeclinedPod()
        let first = try run(["check", ".", "--format", "xcode"])
        XCTAssertEqual(first.status, 1, first.stdout + first.stderr)
        XCTAssertTrue(first.stdout.contains("Business/ComponentVideo/ComponentVideo.podspec: error: [horizontal] ComponentVideo (business) depends on ComponentImage (business)"),
                      "located at the podspec (JSON has no lines): \(first.stdout)")
        XCTAssertEqual(callCount, 1, "only the podspec the static reader declines goes to pod")
        let again = try run(["check", ".", "--format", "xcode"])
        XCTAssertEqual(again.stdout, first.stdout)
        XCTAssertEqual(callCount, 1, "the second run reads pod's answer from the cache")

        let manifest = try run(["manifest", "Business/ComponentVideo/ComponentVideo.podspec", "--format", "json"])
        XCTAssertEqual(manifest.status, 0, manifest.stderr)
        XCTAssertTrue(manifest.stdout.contains("\"reader\" : \"pod\"") || manifest.stdout.contains("\"reader\": \"pod\""), manifest.stdout)
        let text = try run(["manifest", "Business/ComponentVideo/ComponentVideo.podspec"])
        XCTAssertTrue(text.stdout.hasPrefix("ComponentVideo 1.0.0 (podspec, evaluated by pod ipc spec: "), text.stdout)
    }

    /// Ruby may well accept what the static reader declines: without CocoaPods to ask, the decline is a warning at the
    /// construct, never an error that fails the run.
    func testWithoutPodOrWithTheStaticReaderTheDeclineIsTheFinding() throws {
        try writeDeclinedPod()
        for (arguments, withPod) in [(["check", "."], false), (["check", ".", "--reader", "static"], true)] {
            let result = try run(arguments, withPod: withPod)
            XCTAssertEqual(result.status, 0)
            XCTAssertTrue(result.stdout.contains("ComponentVideo.podspec:4:40: warning: [unreadable-manifest] ComponentVideo.podspec is not read, so its pod is not checked: the static podspec reader cannot evaluate the method 'map'"), result.stdout)
        }
        XCTAssertEqual(callCount, 0)
        let manifest = try run(["manifest", "Business/ComponentVideo/ComponentVideo.podspec"], withPod: false)
        XCTAssertEqual(manifest.status, 2)
        XCTAssertTrue(manifest.stderr.contains("(CocoaPods' 'pod' is not on PATH to evaluate it instead)"), manifest.stderr)
    }

    func testAPodspecPodCannotEvaluateEitherIsAFindingAndTheRestIsChecked() throws {
        try writeDeclinedPod()
        try FileManager.default.removeItem(at: root.appendingPathComponent("Business/ComponentVideo/ComponentVideo.ipc.json"))
        try write("Pod::Spec.new do |s|\n  s.name = 'NXKit'\n  s.version = '1.0.0'\n  s.dependency 'ComponentImage'\nend\n", "Kit/NXKit/NXKit.podspec")
        let result = try run(["check", "."])
        XCTAssertEqual(result.status, 1)
        XCTAssertTrue(result.stdout.contains("ComponentVideo.podspec: error: [unreadable-manifest] cannot read the podspec of the pod in Business/ComponentVideo: pod ipc spec cannot evaluate this podspec: [!] Invalid podspec file: syntax error"),
                      result.stdout)
        XCTAssertTrue(result.stdout.contains("Kit/NXKit/NXKit.podspec:4:3: error: [upward]"), result.stdout)
    }
}
