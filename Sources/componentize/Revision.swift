/// The git commit this build comes from, for `--version`. `BuildRevisionPlugin` generates the conformance below; a
/// build without the plugin's output still compiles and says "unknown" (SwiftPM 6.3 built its host-tool copy of
/// componentize, made when another package uses `ResourceAccessorsPlugin`, without it at least once).
enum BuildRevision {
    static var current: String {
        (BuildRevision.self as Any.Type as? GeneratedBuildRevision.Type)?.value ?? "unknown"
    }
}

/// Conformed to by the file `BuildRevisionPlugin` generates.
protocol GeneratedBuildRevision {
    static var value: String { get }
}
