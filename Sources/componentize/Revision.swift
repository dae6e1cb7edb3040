/// The git commit this build comes from, for `--version`. `BuildRevisionPlugin` generates the conformance below; a
/// build without the plugin's output (SwiftPM's host-tool copy of componentize, built when another package uses
/// `ResourceAccessorsPlugin`, does not get it) still compiles and says "unknown".
enum BuildRevision {
    static var current: String {
        (BuildRevision.self as Any.Type as? GeneratedBuildRevision.Type)?.value ?? "unknown"
    }
}

/// Conformed to by the file `BuildRevisionPlugin` generates.
protocol GeneratedBuildRevision {
    static var value: String { get }
}
