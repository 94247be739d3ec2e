import Foundation
import Relentless

/// Where a design's files come from: a directory the user named, single files, or the shipped
/// design compiled into the binary (so `playbench check` works from any directory).
enum DesignFiles {
    /// The directory messages give the built-in design's files: not a path, so that nobody looks
    /// for a file they do not have (a compiler's `<built-in>`).
    static let builtInLabel = "<built-in>"

    static func builtIn() -> DesignSources {
        DesignSources(
            catalogue: .init(name: "\(builtInLabel)/\(DesignSources.catalogueFileName)", bytes: PackageResources.GameConfig_plist),
            parameters: .init(name: "\(builtInLabel)/\(DesignSources.parametersFileName)", bytes: PackageResources.DefaultGameParameters_plist),
            demoParameters: .init(name: "\(builtInLabel)/\(DesignSources.demoParametersFileName)", bytes: PackageResources.DemoGameParameters_plist))
    }

    /// A design directory: the catalogue and parameters must exist; the demo file is optional.
    static func directory(_ path: String) throws(FileError) -> DesignSources {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw FileError(kind: .missing, path: path, reason: "no such design directory")
        }
        guard isDirectory.boolValue else {
            throw FileError(kind: .unreadable, path: path, reason: "is a file; name the design's directory, or use --catalogue / --parameters")
        }
        func file(_ name: String) throws(FileError) -> DesignSources.File {
            let full = (path as NSString).appendingPathComponent(name)
            return DesignSources.File(name: full, bytes: try FileIO.read(full))
        }
        let demoPath = (path as NSString).appendingPathComponent(DesignSources.demoParametersFileName)
        return DesignSources(
            catalogue: try file(DesignSources.catalogueFileName),
            parameters: try file(DesignSources.parametersFileName),
            demoParameters: FileManager.default.fileExists(atPath: demoPath) ? try file(DesignSources.demoParametersFileName) : nil)
    }

    /// A design directory, or the built-in design when there is none; with the label messages use.
    static func directoryOrBuiltIn(_ path: String?) throws(FileError) -> (DesignSources, label: String) {
        guard let path else { return (builtIn(), "the shipped design (built in)") }
        return (try directory(path), path)
    }

    static func single(_ path: String?) throws(FileError) -> DesignSources.File? {
        guard let path else { return nil }
        return DesignSources.File(name: path, bytes: try FileIO.read(path))
    }
}
