import Diagnostics
import GameSeam
import TabulaImaginariumSync

/// What `--set` changes and `sweep`, `tune` and `sensitivity` vary: the session's numbers
/// (the sync model's reference, `NetworkModel.md`). The map is changed by editing it; `devices` set to one size plays one
/// session of it, whatever sizes Session.plist lists.
extension TabulaImaginariumDefinition {
    public var parameters: [ParameterDefinition] {
        let rates = 0...SyncParameters.rateLimit
        return [
            ParameterDefinition(
                name: "devices", values: .integers(1...SyncParameters.deviceLimit),
                effect: "devices in the session, the host included (TS1): messages an edit grow as N − 1 (TS2), conflicts as grabs and their devices grow (TS4)"),
            ParameterDefinition(name: "editsPerMinute", values: .numbers(rates), effect: "map edits each device makes a minute (TS7): the messages a session sends"),
            ParameterDefinition(name: "grabsPerMinute", values: .numbers(rates), effect: "token grabs each device makes a minute (TS3, TS7): more grabs of a token, more conflicts (TS4)"),
            ParameterDefinition(name: "tokens", values: .integers(1...SyncParameters.tokenLimit), effect: "tokens a grab picks from (TS3): fewer tokens, more grabs of each, more conflicts (TS4)"),
            ParameterDefinition(name: "latencySeconds", values: .numbers(0...SyncParameters.latencyLimit), effect: "seconds a message takes (TS1): the window two grabs conflict in (TS4)"),
            ParameterDefinition(name: "sessionMinutes", values: .numbers(0...SyncParameters.sessionMinuteLimit), effect: "how long a session lasts, more than 0 (TS7): its edits, grabs and conflicts"),
            ParameterDefinition(name: "reconnectsPerHour", values: .numbers(rates), effect: "times an hour each peer drops and joins again, resynced (TS5, TS7): joins a session"),
        ]
    }

    public func value(of name: String, in playable: Playable) -> String? {
        let shared = playable.settings.shared
        switch name {
        case "devices": return playable.settings.deviceCounts.count == 1 ? String(playable.settings.deviceCounts[0]) : nil
        case "editsPerMinute": return shared.editsPerMinute.designerText
        case "grabsPerMinute": return shared.grabsPerMinute.designerText
        case "tokens": return playable.tokens > 0 ? String(playable.tokens) : nil
        case "latencySeconds": return shared.latencySeconds.designerText
        case "sessionMinutes": return shared.sessionMinutes.designerText
        case "reconnectsPerHour": return shared.reconnectsPerHour.designerText
        default: return nil
        }
    }

    public func setting(_ playable: Playable, _ name: String, to value: String) throws(PlayLoadError) -> Playable {
        guard let definition = parameter(named: name) else { throw .option("'\(name)' is not a parameter of \(self.name) designs") }
        if let problem = definition.check(value) { throw .option(problem) }
        var changed = playable
        // Checked above: a whole number or a finite number in the parameter's values.
        let number = Double(value) ?? 0
        switch name {
        case "devices": changed.settings.deviceCounts = [Int(number)]
        case "editsPerMinute": changed.settings.shared.editsPerMinute = number
        case "grabsPerMinute": changed.settings.shared.grabsPerMinute = number
        case "tokens": changed.settings.tokens = Int(number)
        case "latencySeconds": changed.settings.shared.latencySeconds = number
        case "sessionMinutes": changed.settings.shared.sessionMinutes = number
        default: changed.settings.shared.reconnectsPerHour = number
        }
        let problems = Self.problems(of: changed)
        guard problems.isEmpty else {
            throw .unplayable(reason: "cannot be played with \(name) = \(value): " + problems.map(\.description).joined(separator: "; "), diagnostics: [])
        }
        changed.models = Self.models(of: changed)
        return changed
    }
}
