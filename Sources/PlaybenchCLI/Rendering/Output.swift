import Foundation

/// The only place that writes to the terminal.
enum Output {
    static func standard(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data("playbench: error: \(text)\n".utf8))
    }
}
