/// The module a target or a pod builds, as SwiftPM and CocoaPods name it.
public enum ModuleName {
    /// A target's name with every character not allowed in a C identifier made `_`, and `_` before a leading digit
    /// (`my-lib` → `my_lib`): SwiftPM's module of a target, CocoaPods' of a pod without `module_name`.
    public static func of(target name: String) -> String {
        if let first = name.utf8.first, !(UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first), name.utf8.allSatisfy({ byte in
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
                || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: "_")
        }) {
            return name
        }
        var module = String(name.unicodeScalars.map { scalar -> Character in
            scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "_" ? Character(scalar) : "_"
        })
        if let first = module.unicodeScalars.first, ("0"..."9").contains(first) { module = "_" + module }
        return module
    }

    /// The module a pod builds: its podspec's `module_name` when it has one, else its root name made a C identifier
    /// (`Localize-Swift/Core` builds `Localize_Swift`).
    public static func of(pod: String, declared: String? = nil) -> String {
        if let declared { return declared }
        return of(target: pod.split(separator: "/", maxSplits: 1).first.map(String.init) ?? pod)
    }
}
