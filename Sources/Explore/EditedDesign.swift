import GameSeam
import PropertyList

/// A design's files with edits written into them as text (``PropertyList/XMLPlistText``): only
/// each edited value's element changes, the files' layout and comments kept. What `explore`
/// checks as `check` checks a design and saves with `--save-to`.
public struct EditedDesign: Sendable {
    public struct File: Sendable {
        /// The name the game asks its folder for ("DefaultGameParameters.plist").
        public var name: String
        /// Its path as the design read names it, for messages.
        public var path: String
        public var bytes: [UInt8]
    }

    /// Each file an edit changed, in the order the edits first name it.
    public var files: [File]
    /// Edits no file writes (a choice of play, such as a team's size), each with why.
    public var unwritten: [ExploreProblem]
    /// Where each written edit went, in the edits' order.
    var places: [(edit: String, file: String, path: PlistPath)] = []

    /// `edits` written into `folder`'s files where `game` says each is written, each asked of
    /// the design with the edits before it set, as `--set` sets them one after another (a
    /// number inside an expression the edit before rewrote).
    static func writing<Game: PlayableGame>(
        _ edits: [ExploreEdit], of game: Game, _ playable: Game.Playable, into folder: any DesignFolder
    ) -> Result<EditedDesign, ExploreProblem> {
        var byFile: [(name: String, edits: [PlistTextEdit])] = [], unwritten: [ExploreProblem] = []
        var places: [(edit: String, file: String, path: PlistPath)] = []
        var design = playable
        for edit in edits {
            defer { design = (try? game.setting(design, edit.name, to: edit.value)) ?? design }
            guard let place = game.written(edit.name, value: edit.value, in: design) else {
                unwritten.append(ExploreProblem(name: edit.name, message: "\(edit.name) is no one value of the design's files (a choice of play, or a value each \(game.lineupNoun) sets apart): saved without it"))
                continue
            }
            places.append((edit.name, place.file, place.path))
            let change = PlistTextEdit(path: place.path, value: place.value)
            if let k = byFile.firstIndex(where: { $0.name == place.file }) { byFile[k].edits.append(change) } else { byFile.append((place.file, [change])) }
        }
        var files: [File] = []
        for (name, changes) in byFile {
            let original: DesignFile?
            do throws(DesignFileError) { original = try folder.file(name) } catch {
                return .failure(ExploreProblem(name: nil, message: error.description))
            }
            guard let original else { return .failure(ExploreProblem(name: nil, message: "the design has no \(name) to write the edits into")) }
            // A number the file writes as a string ("40") stays a string: only its text changes.
            let root = try? PlistReader.read(bytes: original.bytes)
            let kept = changes.map { change in
                PlistTextEdit(path: change.path, value: Self.keepingKind(change.value, of: root?.node(at: change.path)?.value))
            }
            do throws(PlistTextEditError) {
                files.append(File(name: name, path: original.path, bytes: try XMLPlistText.applying(kept, to: original.bytes)))
            } catch {
                return .failure(ExploreProblem(name: nil, message: "\(original.path): \(error.description)"))
            }
        }
        return .success(EditedDesign(files: files, unwritten: unwritten, places: places))
    }

    /// `value` as a string where the file wrote the number it replaces as one.
    static func keepingKind(_ value: PlistValue, of existing: PlistValue?) -> PlistValue {
        guard case .string = existing else { return value }
        switch value {
        case .integer(let n): return .string(n.description)
        case .real(let x): return .string(x.description)
        default: return value
        }
    }
}

/// A design folder with some of its files' bytes replaced: the edited design as a game reads it.
struct EditedFolder: DesignFolder {
    let base: any DesignFolder
    let replaced: [String: EditedDesign.File]

    init(_ base: any DesignFolder, _ edited: EditedDesign) {
        self.base = base
        replaced = Dictionary(edited.files.map { ($0.name, $0) }, uniquingKeysWith: { $1 })
    }

    var directory: String? { base.directory }
    var label: String { base.label }
    var namedFiles: [String: String] { base.namedFiles }

    func file(_ name: String) throws(DesignFileError) -> DesignFile? {
        if let edited = replaced[name] { return DesignFile(path: edited.path, bytes: edited.bytes) }
        return try base.file(name)
    }
}
