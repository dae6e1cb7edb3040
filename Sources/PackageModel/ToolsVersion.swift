/// A Swift tools or compiler version such as `5.9` or `6.0.2`.
public struct ToolsVersion: Hashable, Sendable, Comparable, CustomStringConvertible {
    public var major: Int
    public var minor: Int
    public var patch: Int

    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `X`, `X.Y` or `X.Y.Z` (digits only).
    public init?(string: String) {
        let parts = string.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...3).contains(parts.count) else { return nil }
        var numbers: [Int] = []
        for part in parts {
            guard !part.isEmpty, part.allSatisfy(\.isASCII), let value = Int(part), value >= 0 else { return nil }
            numbers.append(value)
        }
        self.init(numbers[0], numbers.count > 1 ? numbers[1] : 0, numbers.count > 2 ? numbers[2] : 0)
    }

    /// `5.9` when the patch is zero (as SwiftPM prints it), else `5.9.1`.
    public var description: String {
        patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)"
    }

    public static func < (lhs: ToolsVersion, rhs: ToolsVersion) -> Bool {
        (lhs.major, lhs.minor, lhs.patch) < (rhs.major, rhs.minor, rhs.patch)
    }

    /// The version of the Swift compiler this binary was built with, used as the toolchain version by default.
    public static let current: ToolsVersion = {
        #if compiler(>=6.5)
        return ToolsVersion(6, 5)
        #elseif compiler(>=6.4)
        return ToolsVersion(6, 4)
        #elseif compiler(>=6.3.1)
        return ToolsVersion(6, 3, 1)
        #elseif compiler(>=6.3)
        return ToolsVersion(6, 3)
        #elseif compiler(>=6.2)
        return ToolsVersion(6, 2)
        #elseif compiler(>=6.1)
        return ToolsVersion(6, 1)
        #else
        return ToolsVersion(6, 0)
        #endif
    }()

    /// The Swift language version SwiftPM compiles a manifest of this tools version in, as `#if swift(>=…)` sees it
    /// with the given compiler.
    public func manifestLanguageVersion(compiler: ToolsVersion) -> ToolsVersion {
        if major >= 6 { return compiler }
        if major == 5 { return compiler.major >= 6 ? ToolsVersion(5, 10) : compiler }
        if (major, minor) >= (4, 2) { return ToolsVersion(4, 2) }
        return ToolsVersion(4)
    }
}
