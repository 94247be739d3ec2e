import Diagnostics
import GameSeam
import PropertyList

/// Edits checked twice, as the commands would: as `--set` reads them (a value the game cannot
/// read, a rule the edits break together), and written into the design's files and checked as
/// `check` checks a design, whose located messages (file, line, column, rule id) are what the
/// page shows beside each field.
extension ComparingExploreSession {
    /// Nothing when the design takes the edits together. Else each edit's located messages from
    /// reading the edited files, where the game writes it in one; else each value the game
    /// cannot read (or outside its parameter's values) beside its field with the game's words;
    /// else the rule the edits break together, beside each edit that breaks it alone (a flips
    /// below the design's target), or above them all when none does alone.
    public func problems(_ edits: [ExploreEdit]) -> [ExploreProblem] {
        let edits = canonical(edits)
        let empty = edits.filter { $0.value.isEmpty }
        guard empty.isEmpty else { return empty.map { ExploreProblem(name: $0.name, message: "no value: write a number or an expression") } }
        let asSet = problemsAsSet(edits)
        guard let located = locatedProblems(edits), !located.isEmpty else { return asSet }
        // A field the files' reading says nothing of keeps the words --set has for it.
        let besideFields = Set(located.compactMap(\.name))
        return located + asSet.filter { problem in problem.name.map { !besideFields.contains($0) } ?? false }
    }

    /// The problems `--set` finds with `edits` (canonical, none empty).
    func problemsAsSet(_ edits: [ExploreEdit]) -> [ExploreProblem] {
        let together: PlayLoadError
        do throws(PlayLoadError) {
            _ = try edited(edits)
            return []
        } catch {
            together = error
        }
        var unreadable: [ExploreProblem] = [], breaking: [String] = []
        for edit in edits {
            do throws(PlayLoadError) { _ = try game.setting(playable, [(edit.name, edit.value)]) } catch {
                if case .option(let message) = error { unreadable.append(ExploreProblem(name: edit.name, message: message)) } else { breaking.append(edit.name) }
            }
        }
        if !unreadable.isEmpty { return unreadable }
        if edits.count == 1 { breaking = [edits[0].name] }
        if breaking.isEmpty { return [ExploreProblem(name: nil, message: together.message)] }
        return breaking.map { ExploreProblem(name: $0, message: together.message) }
    }

    /// Every error `check` finds in the design with `edits` written into its files, each beside
    /// the edit whose value it is about (its file and key path) or above them all; nil when the
    /// session has no files or an edit cannot be written (then `--set`'s words are all there is).
    func locatedProblems(_ edits: [ExploreEdit]) -> [ExploreProblem]? {
        guard let files, !edits.isEmpty, case .success(let written) = EditedDesign.writing(edits, of: game, playable, into: files.folder) else { return nil }
        let diagnostics = files.check(EditedFolder(files.folder, written))
        let places = written.places.compactMap { place in
            written.files.first { $0.name == place.file }.map { (edit: place.edit, file: $0.path, key: place.path.description) }
        }
        func isAbout(_ diagnostic: Diagnostic, _ file: String, _ key: String) -> Bool {
            guard diagnostic.file == file else { return false }
            let path = diagnostic.keyPath
            return path == key || path.hasPrefix(key + ".") || path.hasPrefix(key + "[")
        }
        let errors = diagnostics.filter { $0.severity == .error }
        return errors.map { diagnostic in
            let place = places.first { isAbout(diagnostic, $0.file, $0.key) }
            return ExploreProblem(name: place?.edit, message: diagnostic.description)
        }
    }

    /// The design's files with `edits` written into them, for "save as"; or why not: the edits'
    /// problems, or a session without files.
    public func saving(_ edits: [ExploreEdit]) -> (EditedDesign?, [ExploreProblem]) {
        let edits = canonical(edits)
        let problems = problems(edits)
        guard problems.isEmpty else { return (nil, problems) }
        guard let files else { return (nil, [ExploreProblem(name: nil, message: "this page was opened without the design's files to save")]) }
        let written: EditedDesign
        switch EditedDesign.writing(edits, of: game, playable, into: files.folder) {
        case .success(let design): written = design
        case .failure(let problem): return (nil, [problem])
        }
        // What is saved must be what the page plays: the saved files, read back, hold every
        // parameter the edits give it (edits of one key, a whole expression and a number
        // inside it, meet in one value).
        let played: Game.Playable, reread: Game.Playable?
        do throws(PlayLoadError) {
            played = try edited(edits)
            reread = try game.playable(EditedFolder(files.folder, written), files.options).0
        } catch {
            return (nil, [ExploreProblem(name: nil, message: error.message)])
        }
        guard let reread else { return (nil, [ExploreProblem(name: nil, message: "the saved files would not read as a design")]) }
        let unwritten = Set(written.unwritten.compactMap(\.name))
        let differing = game.parameters.map(\.name).filter { name in
            !unwritten.contains(name) && game.value(of: name, in: reread) != game.value(of: name, in: played)
        }
        guard differing.isEmpty else {
            return (nil, differing.map { name in
                ExploreProblem(
                    name: name,
                    message: "saved, \(name) would read as \(game.value(of: name, in: reread) ?? "no one value"), but the page plays \(game.value(of: name, in: played) ?? "no one value"): save these edits one at a time")
            })
        }
        return (written, [])
    }
}
