import Foundation
import GameSeam

/// A design's files as they were when a long-lived command started (`explore`): every file the
/// game reads (``GameDefinition/inputFileNames``) and, for a directory, every other regular file
/// at its top level (a README, Balance.plist), read once; for the built-in design, its files
/// (``GameDefinition/builtInFiles``) as a directory named as their messages name it. Edits are
/// checked against and saved from this one state of the design, whatever happens to the
/// directory meanwhile.
struct DesignSnapshot: DesignFolder {
    let directory: String?
    let label: String
    let namedFiles: [String: String]
    /// By the name the game asks for; in the order they are saved.
    let files: [(name: String, file: DesignFile)]

    init(_ folder: any DesignFolder, of game: any GameDefinition) throws(DesignFileError) {
        label = folder.label
        namedFiles = folder.namedFiles
        let builtIn = game.builtInFiles
        if folder.directory == nil, folder.namedFiles.isEmpty, let first = builtIn.first {
            // Read as a directory holding them, so that an edited file is read in their place.
            directory = (first.path as NSString).deletingLastPathComponent
            files = builtIn.map { ((($0.path as NSString).lastPathComponent), $0) }
            return
        }
        directory = folder.directory
        var names = game.inputFileNames
        if let directory, let listed = try? FileManager.default.contentsOfDirectory(atPath: directory) {
            for name in listed.sorted() where !name.hasPrefix(".") && !names.contains(name) {
                var isDirectory: ObjCBool = false
                if FileManager.default.fileExists(atPath: (directory as NSString).appendingPathComponent(name), isDirectory: &isDirectory), !isDirectory.boolValue {
                    names.append(name)
                }
            }
        }
        var files: [(name: String, file: DesignFile)] = []
        for name in names {
            if let file = try folder.file(name) { files.append((name, file)) }
        }
        self.files = files
    }

    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        files.first { $0.name == name }?.file
    }
}
