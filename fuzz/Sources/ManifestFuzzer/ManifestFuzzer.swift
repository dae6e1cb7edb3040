import Foundation
import ManifestReading
import PackageModel

/// One fuzz input: bytes read as a Package.swift by the static reader. It may read it, decline it or reject it;
/// it must not crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let path = "/nonexistent/fuzz/Package.swift"
    // The same path as a file on disk: bytes checked as text first, then read.
    guard let source = try? ManifestFile.text(of: Array(UnsafeBufferPointer(start: data, count: size)), path: path) else { return 0 }
    let reader = StaticManifestReader(toolchainVersion: ToolsVersion(6, 3, 1), environment: [:], moduleSearchPaths: [])
    _ = try? reader.read(source: source, path: path)
    return 0
}

#if FUZZING
/// libFuzzer's driver. SwiftPM links an executable's entry point as `<module>_main`, so the fuzzer's own `main` is
/// not the one that runs: this one hands over to the driver.
@_silgen_name("LLVMFuzzerRunDriver")
func runFuzzerDriver(_ argc: UnsafeMutablePointer<CInt>, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>,
                     _ callback: @convention(c) (UnsafePointer<UInt8>, Int) -> CInt) -> CInt

@_cdecl("ManifestFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    var count = argc
    var arguments = argv
    return runFuzzerDriver(&count, &arguments, fuzzOneInput)
}
#else
/// Without libFuzzer: replays the files named on the command line (a crash found earlier, say).
@main
enum Replay {
    static func main() throws {
        for path in CommandLine.arguments.dropFirst() {
            // One byte more, so that even an empty file has an address.
            let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path))) + [0]
            _ = bytes.withUnsafeBufferPointer { buffer in buffer.baseAddress.map { fuzzOneInput($0, buffer.count - 1) } }
            print("read \(path)")
        }
    }
}
#endif
