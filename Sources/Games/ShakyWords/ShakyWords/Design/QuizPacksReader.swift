import Diagnostics
import PropertyList

/// Reads `QuizPacks.plist` into ``QuizPacks``, every mistake located with its rule id.
///
/// ```xml
/// <dict>
///   <key>difficulties</key> <array><string>easy</string><string>medium</string><string>hard</string></array>  <!-- SW2 -->
///   <key>alphabet</key>     <string>ABCDEFGHIJKLMNOPQRSTUVWXYZ</string>   <!-- SW4: optional, this default -->
///   <key>packs</key>
///   <array>
///     <dict>
///       <key>name</key>      <string>Animals</string>                    <!-- SW1 -->
///       <key>alphabet</key>  <string>…</string>                          <!-- SW4: optional, the file's -->
///       <key>questions</key>
///       <array>
///         <dict>
///           <key>difficulty</key> <string>easy</string>                  <!-- SW2 -->
///           <key>text</key>       <string>It purrs.</string>             <!-- SW1 -->
///           <key>answer</key>     <string>CAT</string>                   <!-- SW1, SW4, SW5 -->
///         </dict>
///       </array>
///     </dict>
///   </array>
/// </dict>
/// ```
public enum QuizPacksReader {
    public static let fileName = "QuizPacks.plist"
    public static let topKeys = ["difficulties", "alphabet", "packs"]
    public static let packKeys = ["name", "alphabet", "questions"]
    public static let questionKeys = ["difficulty", "text", "answer"]
    /// The letters an answer may use where the file names none (SW4): the seed's game shows
    /// Scrabble-like capital letters.
    public static let defaultAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"

    public static func read(_ root: PlistNode, file: String) -> (QuizPacks?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the quiz packs' root", known: topKeys, rule: nil, &log) else { return (nil, log.diagnostics) }

        var difficulties: [String] = []
        // Each difficulty's level (1 the easiest), for the questions' lookups: by hashing, as a
        // file of many difficulties and questions would otherwise cost their product (issue 43).
        var levels: [String: Int] = [:]
        if let node = log.required("difficulties", in: fields.dictionary, at: root.location, top, rule: "SW2"),
            let names = log.strings(node, top.appending("difficulties"), rule: "SW2")
        {
            if names.isEmpty { log.error("names no difficulty: list them easiest first", at: node.location, top.appending("difficulties"), rule: "SW2") }
            for (i, name) in names.enumerated() {
                let path = top.appending("difficulties").appending(i), at = node.value.array![i].location
                if name.allSatisfy(\.isWhitespace) {
                    log.error("a difficulty's name cannot be empty", at: at, path, rule: "SW2")
                } else if levels[name] != nil {
                    log.error("\(quotedName(name)) is named twice", at: at, path, rule: "SW2")
                } else if name == "any" {
                    log.error("\"any\" is how ShakyWords.plist asks for every difficulty; call this one otherwise", at: at, path, rule: "SW2")
                } else {
                    difficulties.append(name)
                    levels[name] = difficulties.count
                }
            }
        }
        let alphabet = Self.alphabet(fields, top, default: Set(defaultAlphabet), &log)

        var packs: [QuizPack] = []
        var packNames: Set<String> = []
        if let node = log.required("packs", in: fields.dictionary, at: root.location, top, rule: "SW1"),
            let items = log.array(node, top.appending("packs"), "packs", rule: "SW1")
        {
            if items.isEmpty { log.error("holds no pack", at: node.location, top.appending("packs"), rule: "SW1") }
            for (i, item) in items.enumerated() {
                let path = top.appending("packs").appending(i)
                guard let pack = Self.pack(item, path, difficulties: difficulties, levels: levels, alphabet: alphabet ?? Set(defaultAlphabet), &log) else { continue }
                guard packNames.insert(pack.name).inserted else {
                    log.error("a second pack named \(quotedName(pack.name)); a game names its pack, so names must differ", at: item.location, path, rule: "SW1")
                    continue
                }
                packs.append(pack)
            }
        }
        guard !log.hasErrors else { return (nil, log.diagnostics) }
        return (QuizPacks(difficulties: difficulties, packs: packs), log.diagnostics)
    }

    /// The `alphabet` key of `fields`: its characters, or `fallback` when absent.
    private static func alphabet(_ fields: FieldReader, _ path: PlistPath, default fallback: Set<Character>, _ log: inout DiagnosticLog) -> Set<Character>? {
        guard let node = fields["alphabet"] else { return fallback }
        guard let text = log.string(node, path.appending("alphabet"), rule: "SW4") else { return nil }
        let letters = Set(text)
        if letters.isEmpty || letters.contains(where: \.isWhitespace) {
            log.error("an alphabet is the letters answers may use, with no space: \"\(text)\"", at: node.location, path.appending("alphabet"), rule: "SW4")
            return nil
        }
        return letters
    }

    private static func pack(
        _ node: PlistNode, _ path: PlistPath, difficulties: [String], levels: [String: Int], alphabet inherited: Set<Character>, _ log: inout DiagnosticLog
    ) -> QuizPack? {
        guard let fields = FieldReader(node, path, "a pack", known: packKeys, rule: "SW1", &log) else { return nil }
        let name = fields.string("name", required: true, rule: "SW1", &log)
        let alphabet = Self.alphabet(fields, path, default: inherited, &log)
        var questions: [Question] = []
        if let list = log.required("questions", in: fields.dictionary, at: node.location, path, rule: "SW1"),
            let items = log.array(list, path.appending("questions"), "questions", rule: "SW1")
        {
            if items.isEmpty { log.error("a pack with no question", at: list.location, path.appending("questions"), rule: "SW1") }
            var texts: [String: Int] = [:], answers: [String: Int] = [:]
            for (i, item) in items.enumerated() {
                let at = path.appending("questions").appending(i)
                guard let question = Self.question(item, at, difficulties: difficulties, levels: levels, alphabet: alphabet, &log) else { continue }
                if let first = texts[question.text] {
                    log.error("the same question as questions[\(first)] (\"\(question.text)\"): a game could ask it twice", at: item.location, at.appending("text"), rule: "SW3")
                } else if let first = answers[question.answerText] {
                    log.warning("the same answer as questions[\(first)] (\(question.answerText)): a game can show the same letters twice", at: item.location, at.appending("answer"), rule: "SW3")
                }
                texts[question.text] = texts[question.text] ?? i
                answers[question.answerText] = answers[question.answerText] ?? i
                questions.append(question)
            }
        }
        guard let name, alphabet != nil else { return nil }
        return QuizPack(name: name, alphabet: alphabet!, questions: questions)
    }

    private static func question(
        _ node: PlistNode, _ path: PlistPath, difficulties: [String], levels: [String: Int], alphabet: Set<Character>?, _ log: inout DiagnosticLog
    ) -> Question? {
        guard let fields = FieldReader(node, path, "a question", known: questionKeys, rule: "SW1", &log) else { return nil }
        let text = fields.string("text", required: true, rule: "SW1", &log)
        let answer = fields.string("answer", required: true, rule: "SW1", &log)
        var level: Int?
        if let name = fields.string("difficulty", required: true, rule: "SW2", &log) {
            level = levels[name]
            if level == nil, !difficulties.isEmpty {
                log.error(
                    "\(quotedName(name)) is not a difficulty of this file (\(briefList(difficulties, separator: ", ")))", at: fields["difficulty"]?.location,
                    path.appending("difficulty"), rule: "SW2", suggestion: Suggestion.nearest(to: name, in: difficulties).map { "did you mean \"\($0)\"?" })
            }
        }
        if let answer, let alphabet {
            let outside = answer.filter { !alphabet.contains($0) }
            if !outside.isEmpty {
                let shown = outside.map { $0 == " " ? "a space" : "\"\($0)\"" }
                let unique = shown.reduce(into: [String]()) { if !$0.contains($1) { $0.append($1) } }
                log.error(
                    "the answer \"\(answer)\" uses \(unique.joined(separator: ", ")), outside the pack's alphabet: the device could not show it",
                    at: fields["answer"]?.location, path.appending("answer"), rule: "SW4",
                    suggestion: answer.uppercased() != answer && answer.uppercased().allSatisfy(alphabet.contains) ? "write it \"\(answer.uppercased())\"" : nil)
            }
        }
        if let answer, !answer.isEmpty, !Arrangements.hasSecondArrangement(Array(answer)) {
            log.error(
                "the answer \"\(answer)\" has no second arrangement of its letters, so it cannot be scrambled", at: fields["answer"]!.location,
                path.appending("answer"), rule: "SW5")
        }
        guard let text, let answer, let level else { return nil }
        return Question(level: level, text: text, answer: Array(answer), location: node.location)
    }
}
