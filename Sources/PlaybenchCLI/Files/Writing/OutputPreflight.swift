/// The outputs a command will write, checked before it plays its first game (issue 16): a
/// sweep that has played for minutes must not then find that its --junit directory is missing.
/// Exits as the write itself would (73), naming the path and the reason.
enum OutputPreflight {
    static func check(files: [String?] = [], directories: [String?] = []) throws {
        try Output.exitingOnFileError { () throws(FileError) in
            for file in files.compactMap({ $0 }) { try FileIO.checkWritable(file) }
            for directory in directories.compactMap({ $0 }) { try FileIO.checkWritableDirectory(directory) }
        }
    }
}
