/// An error caused by what the user gave the tool (a file, a flag, a configuration).
///
/// The command line prints it as `path:line:col: error: message` and exits with status 2.
public struct InputError: Error, Sendable, CustomStringConvertible {
    public var location: FileLocation?
    public var message: String

    public init(_ message: String, at location: FileLocation? = nil) {
        self.message = message
        self.location = location
    }

    public var description: String {
        if let location { return "\(location): error: \(message)" }
        return "error: \(message)"
    }
}

/// Something worth telling the user that is neither a finding nor an error: how a package was read, a folder
/// that was skipped. Printed as `path:line:col: note: message` in text output.
public struct Note: Sendable, Hashable, CustomStringConvertible {
    public var location: FileLocation?
    public var message: String

    public init(_ message: String, at location: FileLocation? = nil) {
        self.message = message
        self.location = location
    }

    public var description: String {
        if let location { return "\(location): note: \(message)" }
        return "note: \(message)"
    }
}
