/// A word of a command line a user may paste into a shell: the commands that reproduce a round,
/// replay a game or resume a run are printed this way.
public enum ShellWord {
    /// `word` as it is when the shell would read it unchanged, else in single quotes.
    public static func quoted(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { $0.properties.isAlphabetic || ("0"..."9").contains($0) || "_-./+:=@,".unicodeScalars.contains($0) }
        if plain && !word.isEmpty { return word }
        var quoted = "'"
        for character in word { quoted += character == "'" ? "'\\''" : String(character) }
        return quoted + "'"
    }
}
