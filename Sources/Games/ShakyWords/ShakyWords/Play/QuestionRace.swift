import Foundation
import Randomness

/// One question played by teams racing on one clock (SW7–SW11).
///
/// Each team finds the answer at a rate: the persona's, for the question's difficulty and length,
/// raised as shakes put letters in place (``Persona/hintSpeedup``); with every letter in place it
/// reads the answer at once. A rate that changes only at shakes makes the time to the answer an
/// exponential race: each team draws a threshold E ~ Exp(1) and finds the answer when its
/// accumulated rate reaches E, so teams at constant rates λᵢ indicate first in proportion to λᵢ
/// and nobody does within a window w with probability exp(−w Σλᵢ).
///
/// A team indicates as soon as it has the answer; the first indication cuts what remains of the
/// window to ``Rules/windowAfterIndication`` (SW7), and a bluffing team indicates with it, without
/// an answer, after every team that has one at that instant (SW11). A team that has not indicated
/// shakes when it has waited its ``Persona/shakeAfter`` since the last shake, no sooner than
/// ``Rules/shakeCooldown`` after it (SW9).
/// After the window, teams answer in the order they indicated, each within ``Rules/answerTime``,
/// still thinking if they have no answer yet; the first accepted answer (SW10) takes the points the
/// question was worth when that team indicated (SW8), and nobody after it answers.
public enum QuestionRace {
    /// Plays `content` for `teams` (personas in seat order) with draws from `random`; `log`, when
    /// given, hears every event with its time, for replays.
    public static func play(
        _ content: QuestionContent, rules: Rules, teams: [Persona], _ random: inout RandomSource, log: ((Double, String) -> Void)? = nil
    ) -> QuestionOutcome {
        let answer = content.question.answer, n = answer.count, level = content.question.level
        let k = teams.count
        // Every team's draws first, a fixed number each, so that what one team does never moves
        // another's draws: its threshold, whether it bluffs, its place among simultaneous events,
        // and a typo chance per letter.
        var threshold: [Double] = [], bluffs: [Bool] = [], priority: [Double] = [], typos: [Int] = []
        for team in teams {
            threshold.append(-log1p(-random.unit()))
            bluffs.append(random.chance(team.bluffChance))
            priority.append(random.unit())
            var wrong = 0
            for _ in 0..<n where random.chance(team.typoChance) { wrong += 1 }
            typos.append(wrong)
        }
        let lengthRatio = Double(n) / Double(rules.referenceLength)
        let baseRate = teams.map { 1 / ($0.solveSeconds[level - 1] * pow(lengthRatio, $0.lengthExponent)) }
        var board = LetterBoard(answer: answer, shown: content.shown)
        func rate(_ i: Int) -> Double { board.isSolved ? .infinity : baseRate[i] * (1 + teams[i].hintSpeedup * board.revealedFraction) }
        let inRandomOrder = Array(0..<k).sorted { priority[$0] < priority[$1] }

        var accumulated = [Double](repeating: 0, count: k)
        var solvedAt = [Double?](repeating: nil, count: k), indicatedAt = [Double?](repeating: nil, count: k)
        var hintsWhenIndicated = [Int](repeating: 0, count: k)
        var order: [Int] = []
        var t = 0.0, windowEnd = rules.indicationWindow, lastShake: Double?, hints = 0

        func indicate(_ i: Int, hasAnswer: Bool) {
            indicatedAt[i] = t
            hintsWhenIndicated[i] = hints
            order.append(i)
            log?(t, "\(teams[i].name) (team \(i + 1)) indicates\(hasAnswer ? "" : " without an answer")")
            if order.count == 1 { windowEnd = min(windowEnd, t + rules.windowAfterIndication) }
        }

        while order.count < k {
            var shakeAt = Double.infinity
            if !board.isSolved, let wait = (0..<k).filter({ indicatedAt[$0] == nil }).compactMap({ teams[$0].shakeAfter }).min() {
                shakeAt = max((lastShake ?? 0) + wait, (lastShake ?? -rules.shakeCooldown) + rules.shakeCooldown, t)
            }
            var solveAt = [Double](repeating: .infinity, count: k)
            for i in 0..<k where solvedAt[i] == nil {
                let r = rate(i)
                solveAt[i] = r.isInfinite ? t : t + (threshold[i] - accumulated[i]) / r
            }
            let firstSolve = solveAt.min() ?? .infinity
            let next = min(firstSolve, shakeAt)
            if next >= windowEnd {
                for i in 0..<k where solvedAt[i] == nil { accumulated[i] += rate(i) * (windowEnd - t) }
                t = windowEnd
                break
            }
            for i in 0..<k where solvedAt[i] == nil && solveAt[i] > next { accumulated[i] += rate(i) * (next - t) }
            t = next
            if firstSolve <= shakeAt {
                // Every team with the answer at this instant indicates before any bluffer does.
                let wasFirst = order.isEmpty
                for i in inRandomOrder where solvedAt[i] == nil && solveAt[i] == firstSolve {
                    solvedAt[i] = t
                    accumulated[i] = threshold[i]
                    if indicatedAt[i] == nil { indicate(i, hasAnswer: true) } else { log?(t, "\(teams[i].name) (team \(i + 1)) finds the answer") }
                }
                if wasFirst, !order.isEmpty {
                    for j in inRandomOrder where indicatedAt[j] == nil && bluffs[j] { indicate(j, hasAnswer: false) }
                }
            } else {
                let placed = board.reveal(letters: rules.lettersPerHint, order: content.hintOrder)
                hints += 1
                lastShake = t
                log?(t, "shake \(hints): \(String(board.shown)) (\(placed) more in place)")
            }
        }
        if order.count == k { windowEnd = t }
        log?(windowEnd, order.isEmpty ? "time is up: nobody indicated" : "indication closes")

        var clock = windowEnd
        for i in order {
            let slotEnd = clock + rules.answerTime
            let found: Double
            if let s = solvedAt[i] {
                found = s
            } else {
                let r = rate(i)
                found = r.isInfinite ? windowEnd : windowEnd + (threshold[i] - accumulated[i]) / r
            }
            let ready = max(found, clock) + teams[i].typingSeconds * Double(n)
            guard ready <= slotEnd else {
                clock = slotEnd
                log?(clock, "\(teams[i].name) (team \(i + 1)) runs out of answer time")
                continue
            }
            clock = ready
            guard rules.accepts(wrongLetters: typos[i], length: n) else {
                log?(clock, "\(teams[i].name) (team \(i + 1)) answers with \(typos[i]) wrong letter\(typos[i] == 1 ? "" : "s"): not accepted")
                continue
            }
            let points = rules.points(length: n, level: level, hints: hintsWhenIndicated[i], wrongLetters: typos[i])
            log?(clock, "\(teams[i].name) (team \(i + 1)) answers\(typos[i] > 0 ? " with \(typos[i]) wrong letter\(typos[i] == 1 ? "" : "s")" : ""): \(points) points (\(hintsWhenIndicated[i]) shakes when it indicated)")
            return QuestionOutcome(hints: hints, order: order, firstIndication: indicatedAt[order[0]], winner: i, points: points)
        }
        return QuestionOutcome(hints: hints, order: order, firstIndication: order.first.flatMap { indicatedAt[$0] }, winner: nil, points: 0)
    }
}
