import SourceText

/// A source file's bytes, as the scanner takes them: too large ones cut (at a character), binary and non-UTF-8 ones
/// refused, C-family ones scanned at once, Swift ones cut to their header for the parser; each checked for the marker
/// words a later stage reads files for.
enum SourceFileReader {
    enum Outcome {
        case scanned(ScannedFile)
        /// `marked`: the file's bytes, when it holds one of the marker words the pass was given.
        /// `conformances`: its top-level extensions that add conformances (``ExtensionConformances``).
        case swift(SwiftHeader, words: SourceWords, conformances: [ExtensionConformance], problem: String?, marked: [UInt8]?)
    }

    /// `bytes` is what was read of the file at `path` (nil: it could not be), up to `maximumBytes + 1`.
    static func read(_ bytes: [UInt8]?, path: String, maximumBytes: Int, markers: MarkerWords?) -> Outcome {
        guard var bytes else {
            return .scanned(ScannedFile(imports: [], problem: "cannot be read (it vanished, or check its permissions)"))
        }
        var problem: String?
        if bytes.count > maximumBytes {
            problem = "is larger than \(maximumBytes >> 10) KiB: only the first \(maximumBytes >> 10) KiB were read for imports"
            bytes.removeLast(bytes.count - maximumBytes)
            // Do not split a UTF-8 sequence at the cut.
            while let last = bytes.last, last & 0xC0 == 0x80 { bytes.removeLast() }
            if let last = bytes.last, last >= 0xC0 { bytes.removeLast() }
        }
        switch textKind(of: bytes) {
        case .binary: return .scanned(ScannedFile(imports: [], problem: "holds binary data (a NUL byte): not read for imports"))
        case .notUTF8: return .scanned(ScannedFile(imports: [], problem: "is not UTF-8 text: not read for imports"))
        case .text: break
        }
        guard TargetSources.fileExtension(of: path) == "swift" else {
            var scanned = bytes.withUnsafeBufferPointer { CFamilyImportScanner.imports(in: $0) }
            scanned.problem = scanned.problem ?? problem
            if markers?.present(in: bytes) == true { scanned.marked = bytes }
            return .scanned(scanned)
        }
        let words = SourceWords(bytes)
        return .swift(SwiftHeader(of: bytes), words: words, conformances: words.hasExtension ? ExtensionConformances.heads(in: bytes) : [], problem: problem,
                      marked: markers?.present(in: bytes) == true ? bytes : nil)
    }

    enum TextKind { case text, binary, notUTF8 }

    /// One pass for the NUL byte and non-ASCII bytes; only a file with the latter is decoded to check its UTF-8.
    static func textKind(of bytes: [UInt8]) -> TextKind {
        let (hasNUL, hasNonASCII) = bytes.withUnsafeBufferPointer { buffer -> (Bool, Bool) in
            var nonASCII: UInt8 = 0
            for byte in buffer {
                if byte == 0 { return (true, false) }
                nonASCII |= byte
            }
            return (false, nonASCII & 0x80 != 0)
        }
        if hasNUL { return .binary }
        return !hasNonASCII || String(validating: bytes, as: UTF8.self) != nil ? .text : .notUTF8
    }
}
