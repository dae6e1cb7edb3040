import Foundation
import ManifestReading

/// One fuzz input: bytes read as a Package.swift by the static reader. It may read it, decline it or reject it;
/// it must not crash, hang or grow without bound.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let source = String(decoding: UnsafeBufferPointer(start: data, count: size), as: UTF8.self)
    let reader = StaticManifestReader(toolchainVersion: ToolsVersion(6, 3, 1), environment: [:], moduleSearchPaths: [])
    _ = try? reader.read(source: source, path: "/nonexistent/fuzz/Package.swift")
    return 0
}

#if !FUZZING
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
