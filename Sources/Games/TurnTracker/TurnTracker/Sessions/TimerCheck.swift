import Diagnostics

/// TT9: a turn timer shorter than the shortest action would run out on most turns of any phase
/// (more than half of even that action's times outlast it). Asked by the reader and again of a
/// design whose timer or times a command changes.
public enum TimerCheck {
    /// Why `timer` is too short for `game`'s actions, each × `scale`, or nil.
    public static func problem(_ timer: Double, _ timing: GameTiming, _ game: TrackedGame, scale: Double = 1) -> String? {
        var shortest: (action: String, phase: String, time: TimeDistribution)?
        for (phase, times) in zip(game.phases, timing.actionTimes) where game.hasTurns(phase) {
            for (action, time) in zip(phase.actions, times) where shortest.map({ time.median < $0.time.median }) ?? true {
                shortest = (action, phase.name, time)
            }
        }
        guard let shortest, timer < shortest.time.median * scale else { return nil }
        let time = shortest.time.scaled(scale)
        let median = if case .exponential = time { ", median \(time.median.designerSeconds) s" } else { "" }
        return "a \(timer.designerSeconds) s timer is shorter than the shortest action (\(shortest.action) of \(shortest.phase), \(time.text)\(median)): most turns would outlast it"
    }
}
