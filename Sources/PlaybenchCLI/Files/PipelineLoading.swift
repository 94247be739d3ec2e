import Diagnostics
import Foundation
import RelentlessGeneration
import PropertyList

/// A design directory's optional `Pipeline.plist`: the commands its rounds use.
enum PipelineLoading {
    /// The design's choice (defaults when the file is absent, or for the built-in design) and
    /// what is wrong with the file.
    static func load(designDirectory: String?) throws(FileError) -> (PipelineChoice, [Diagnostic]) {
        guard let designDirectory else { return (PipelineChoice(), []) }
        let path = (designDirectory as NSString).appendingPathComponent(PipelineChoice.fileName)
        guard FileManager.default.fileExists(atPath: path) else { return (PipelineChoice(), []) }
        do {
            let tree = try PlistReader.read(bytes: try FileIO.read(path))
            return PipelineFile.read(tree, file: path)
        } catch let error as PlistError {
            return (PipelineChoice(), [error.diagnostic(file: path)])
        } catch let error as FileError {
            throw error
        } catch {
            return (PipelineChoice(), [Diagnostic(.error, "\(error)", file: path)])
        }
    }
}
