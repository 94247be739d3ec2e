import Diagnostics
import GameSeam
import ShakyWords

/// `playbench generate` for Shaky Words: one game's content from `--seed`, as a game plays it.
extension ShakyWordsDefinition: GeneratingGame {
    /// `generate --explain`.
    public static let explainOption = GameOption("explain", .flag, help: "Also say how the questions were drawn (SW6), scrambled (SW5) and shaken (SW9).")
    public var generateOptions: [GameOption] { [Self.explainOption] }

    public func generate(_ folder: any DesignFolder, _ request: GenerateRequest) throws(ContentError) -> GeneratedContent {
        let (found, diagnostics): (Playable?, [Diagnostic])
        do throws(DesignFileError) { (found, diagnostics) = try read(folder) } catch { throw .file(error) }
        guard let playable = found else { throw .design(label: folder.label, diagnostics: diagnostics) }
        let seed = request.seed
        let design = playable.design
        let content = GameContent.make(design, seed: seed)
        let replay = "playbench generate \(ShellWord.quoted(folder.directory ?? folder.label)) --seed \(seed)"
        switch request.format {
        case .text:
            var out = "\(design.rules.questions) questions from \(design.rules.pack), seed \(seed) (replay: \(replay))\n"
            if request.options.isOn(Self.explainOption) {
                out += "drawn: \(QuestionDraw(pool: design.pool, count: design.rules.questions).summary) (SW6); "
                out += "scrambled by \(design.rules.scramble.rawValue) (SW5); shakes reveal \(design.rules.hintOrder.rawValue), \(design.rules.lettersPerHint) letter\(design.rules.lettersPerHint == 1 ? "" : "s") each (SW9)\n"
            }
            for (i, q) in content.enumerated() {
                out += "\n\(i + 1). \(q.question.text) [\(design.packs.difficultyName(q.question.level))]\n"
                out += "   shown  \(String(q.shown))\n   answer \(q.question.answerText)\n"
                out += "   shakes " + Self.hintSteps(q, lettersPerHint: design.rules.lettersPerHint).joined(separator: " → ") + "\n"
            }
            return .text(out)
        case .json:
            return .json(GeneratedGame(seed: seed, replay: replay, pack: design.rules.pack, questions: content.map { q in
                GeneratedGame.Item(
                    text: q.question.text, difficulty: design.packs.difficultyName(q.question.level), answer: q.question.answerText, shown: String(q.shown),
                    hintOrder: q.hintOrder, shakes: Self.hintSteps(q, lettersPerHint: design.rules.lettersPerHint))
            }))
        case .plist:
            throw .usage("Shaky Words writes no property lists: use --format text or json")
        }
    }

    /// The letters after each shake until every one is in place (SW9).
    static func hintSteps(_ content: QuestionContent, lettersPerHint: Int) -> [String] {
        var board = LetterBoard(answer: content.question.answer, shown: content.shown)
        var steps: [String] = []
        for _ in content.question.answer.indices where !board.isSolved {
            _ = board.reveal(letters: lettersPerHint, order: content.hintOrder)
            steps.append(String(board.shown))
        }
        return steps
    }
}

/// `generate --format json`: a game's questions as shown, for tools.
struct GeneratedGame: Encodable, Sendable {
    struct Item: Encodable, Sendable {
        var text: String
        var difficulty: String
        var answer: String
        var shown: String
        var hintOrder: [Int]
        var shakes: [String]
    }

    var seed: UInt64
    var replay: String
    var pack: String
    var questions: [Item]
}
