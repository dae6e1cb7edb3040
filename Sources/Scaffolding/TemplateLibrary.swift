import Diagnostics
import Files
import Foundation
import Paths
import Stencil
import Templates
import Yams

/// The scaffolding templates: the built-in ones, with any file of a team's template folder replacing its
/// namesake. Each kind of component (`kit`, `common`, `account`, `business`, `interface`, `app`, `mediator`) has a
/// `manifest.yml` listing the files to render.
public struct TemplateLibrary {
    public struct FileSpec: Equatable {
        public var template: String
        /// A Stencil template itself: `Sources/{{ name }}/{{ name }}.swift`.
        public var path: String
        /// Rendered only when this context flag is true.
        public var when: String?
    }

    public private(set) var files: [String: String]

    /// The built-in templates, with the files of `directory` (read through `fileSystem`) over them.
    public init(directory: String? = nil, fileSystem: any FileSystem = DiskFileSystem()) throws(InputError) {
        var files = EmbeddedTemplates.files
        if let directory {
            guard fileSystem.isFolder(directory) else {
                throw InputError("no such template folder", at: FileLocation(path: directory))
            }
            for item in fileSystem.regularFiles(under: directory) {
                let path = PathArithmetic.join(directory, item)
                guard let text = fileSystem.text(of: path) else {
                    throw InputError("cannot read the template as UTF-8 text", at: FileLocation(path: path))
                }
                files[item] = text
            }
        }
        self.files = files
    }

    /// The files a kind renders, from its `manifest.yml`.
    public func specs(for kind: String) throws(InputError) -> [FileSpec] {
        let manifestPath = "\(kind)/manifest.yml"
        guard let text = files[manifestPath] else {
            throw InputError("no template manifest '\(manifestPath)'; kinds are: \(kinds.joined(separator: ", "))")
        }
        let node: Node?
        do {
            node = try Yams.compose(yaml: text)
        } catch {
            throw InputError("invalid template manifest: \(error)", at: FileLocation(path: manifestPath))
        }
        guard let entries = node?.mapping?["files"]?.sequence else {
            throw InputError("a template manifest needs 'files:', a list of {template, path}", at: FileLocation(path: manifestPath))
        }
        var specs: [FileSpec] = []
        for entry in entries {
            guard let template = entry.mapping?["template"]?.scalar?.string, let path = entry.mapping?["path"]?.scalar?.string else {
                throw InputError("each file needs 'template' and 'path'", at: FileLocation(path: manifestPath, line: entry.mark?.line, column: entry.mark?.column))
            }
            guard files[template] != nil else {
                throw InputError("no template '\(template)'", at: FileLocation(path: manifestPath, line: entry.mark?.line, column: entry.mark?.column))
            }
            specs.append(FileSpec(template: template, path: path, when: entry.mapping?["when"]?.scalar?.string))
        }
        return specs
    }

    public var kinds: [String] {
        files.keys.filter { $0.hasSuffix("/manifest.yml") }.map { String($0.dropLast(13)) }.sorted()
    }

    public func render(_ template: String, context: [String: Any]) throws(InputError) -> String {
        let environment = Environment(loader: DictionaryLoader(templates: files), trimBehaviour: .smart)
        do {
            if files[template] != nil {
                return try environment.renderTemplate(name: template, context: context)
            }
            return try environment.renderTemplate(string: template, context: context)
        } catch {
            throw InputError("cannot render template '\(template)': \(error)")
        }
    }
}
