import ShakyWords

extension QuizSummary {
    /// Question 6: is the pack balanced across its difficulties? What the pack and the game's pool
    /// hold of each, what the games played asked, and every difficulty of which the pack holds
    /// fewer questions than a game asks (the gap seeds/003 names: "selecting quiz packs with less
    /// questions than desired", SW6).
    public struct PackBalance: Sendable, Codable, Hashable {
        public var pack: String
        /// Questions a game asks, and of which difficulty ("any").
        public var questionsPerGame: Int
        public var difficulty: String
        /// Questions in the pack, and those a game draws from.
        public var packSize: Int
        public var poolSize: Int
        /// Questions the games played asked, every contest together.
        public var questionsPlayed: Int
        public var levels: [Level]
        /// The answer, a sentence each: what the pack holds, what was played, every shortfall.
        public var sentences: [String]

        /// One difficulty.
        public struct Level: Sendable, Codable, Hashable {
            public var level: Int
            public var difficulty: String
            public var inPack: Int
            public var inPool: Int
            /// Its share of the pool.
            public var poolShare: Double
            /// Questions of it the games asked, and their share of those asked.
            public var played: Int
            public var playedShare: Double
            /// The pack holds fewer of it than a game asks: a game of it alone cannot be drawn.
            public var short: Bool
        }

        init(design: Design, contests: [Contest]) {
            let rules = design.rules
            let pack = design.packs.pack(named: rules.pack)
            let pool = pack?.questions(ofLevel: rules.difficulty) ?? []
            self.pack = rules.pack
            questionsPerGame = rules.questions
            difficulty = rules.difficulty.map { QuizSummary.difficultyName($0, design.packs) } ?? "any"
            packSize = pack?.questions.count ?? 0
            poolSize = pool.count
            var played: [Int: Int] = [:]
            for contest in contests { for cell in contest.cells { played[cell.level, default: 0] += cell.questions } }
            let total = played.values.reduce(0, +)
            questionsPlayed = total
            let known = Array(1...max(design.packs.difficulties.count, 1)).filter { $0 <= design.packs.difficulties.count }
            let all = Array(Set(known + played.keys)).sorted()
            levels = all.map { level in
                let inPack = pack?.questions(ofLevel: level).count ?? 0
                let inPool = pool.count { $0.level == level }
                return Level(
                    level: level, difficulty: QuizSummary.difficultyName(level, design.packs), inPack: inPack, inPool: inPool,
                    poolShare: pool.isEmpty ? 0 : Double(inPool) / Double(pool.count), played: played[level] ?? 0,
                    playedShare: total == 0 ? 0 : Double(played[level] ?? 0) / Double(total), short: inPack < rules.questions)
            }
            sentences = []
            sentences = writeSentences()
        }

        private func writeSentences() -> [String] {
            var out: [String] = []
            let holdings = QuizFormat.list(levels.map { "\($0.inPack) \($0.difficulty)" })
            if difficulty == "any" {
                var text = "A game draws \(questionsPerGame) questions of any difficulty from pack \"\(pack)\", which holds \(packSize): "
                text += levels.map { "\($0.difficulty) \($0.inPack) (\(QuizFormat.percent($0.poolShare)))" }.joined(separator: ", ") + "."
                out.append(text)
            } else {
                out.append("A game draws \(questionsPerGame) \(difficulty) questions from pack \"\(pack)\": its \(poolSize) \(difficulty) questions are the pool (the pack holds \(packSize): \(holdings)).")
            }
            let inPack = levels.map(\.inPack)
            if let most = levels.max(by: { ($0.inPack, -$0.level) < ($1.inPack, -$1.level) }),
                let least = levels.min(by: { ($0.inPack, $0.level) < ($1.inPack, $1.level) }), levels.count > 1
            {
                if inPack.allSatisfy({ $0 == inPack[0] }) {
                    out.append("The pack holds as many questions of each difficulty (\(inPack[0])).")
                } else if least.inPack == 0 {
                    out.append("The pack is not balanced: it holds no \(least.difficulty) question, and \(most.inPack) \(most.difficulty).")
                } else {
                    let ratio = Double(most.inPack) / Double(least.inPack)
                    out.append("The pack is not balanced: it holds \(QuizFormat.number(ratio)) times as many \(most.difficulty) questions (\(most.inPack)) as \(least.difficulty) (\(least.inPack)).")
                }
            }
            if questionsPlayed > 0 {
                var text = "The games played asked \(QuizFormat.counted(questionsPlayed, "question")) in all: "
                text += levels.map { "\($0.difficulty) \(QuizFormat.percent($0.playedShare))" }.joined(separator: ", ")
                text += ", against " + levels.map { "\(QuizFormat.percent($0.poolShare))" }.joined(separator: ", ") + " of the pool."
                out.append(text)
            }
            if poolSize < questionsPerGame {
                out.append("The pool holds \(poolSize), fewer than the \(questionsPerGame) questions a game asks: a game runs out (SW6, the gap seeds/003 names).")
            }
            for level in levels where level.short {
                out.append("The pack holds \(level.inPack == 0 ? "no" : "only \(level.inPack)") \(level.difficulty) question\(level.inPack == 1 ? "" : "s"), fewer than the \(questionsPerGame) a game asks: a game of \(level.difficulty) questions alone cannot be drawn from it (SW6).")
            }
            return out
        }
    }
}
