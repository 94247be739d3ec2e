import Diagnostics
import PropertyList

extension MapReader {
    /// TI2: the images of each layer, each file once; a file name's size (`_WxH`) in
    /// 1...``ImageName/largestSide``; a door's direction one its file name's size agrees with (TI5).
    static func images(_ fields: FieldReader, _ log: inout DiagnosticLog) -> DeclaredImages? {
        guard let node = log.required("images", in: fields.dictionary, at: fields.node.location, fields.path, rule: "TI2"),
            let images = FieldReader(node, fields.path.appending("images"), "the images", known: imageKeys, rule: "TI2", &log)
        else { return nil }
        let before = log.errorCount
        // Each file once: found by hashing, so that a list of thousands is read in linear time.
        func files(_ key: String) -> [String] {
            var kept: [String] = []
            var seen: Set<String> = []
            for (file, node, path) in elements(images, key, rule: "TI2", &log, { node, path, log in fileName(node, path, rule: "TI2", &log).map { ($0, node, path) } }) {
                guard seen.insert(file).inserted else {
                    log.error("\"\(file)\" is declared twice in \(key)", at: node.location, path, rule: "TI2")
                    continue
                }
                sized(file, node, path, &log)
                kept.append(file)
            }
            return kept
        }
        let textures = files("textures"), walls = files("walls"), tokens = files("tokens")
        var objects: [ObjectImage] = []
        var objectFiles: Set<String> = []
        for (image, node, path) in elements(images, "objects", rule: "TI2", &log, { node, path, log in objectImage(node, path, &log).map { ($0, node, path) } }) {
            guard objectFiles.insert(image.file).inserted else {
                log.error("\"\(image.file)\" is declared twice in objects", at: node.location, path, rule: "TI2")
                continue
            }
            objects.append(image)
        }
        if textures.isEmpty {
            log.error("no texture declared: the background needs one at least", at: images.node.location, images.path.appending("textures"), rule: "TI2")
        }
        guard log.errorCount == before else { return nil }
        return DeclaredImages(textures: textures, walls: walls, objects: objects, tokens: tokens)
    }

    /// An error when `file` gives a size outside 1...``ImageName/largestSide``.
    static func sized(_ file: String, _ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) {
        guard ImageName.size(of: file) == nil, let given = ImageName.givenSize(of: file) else { return }
        log.error(
            "\"\(file)\" gives a size of \(given.columns)x\(given.rows) tiles: a side is 1 to \(ImageName.largestSide)", at: node.location, path, rule: "TI2")
    }

    /// An object's image: its file and, for a door, its direction, which the file name's size must
    /// agree with (TI5: "a door between two vertically adjacent tiles" covers 1 column × 2 rows).
    static func objectImage(_ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> ObjectImage? {
        guard let fields = FieldReader(node, path, "an object's image", known: objectImageKeys, rule: "TI2", &log),
            let fileNode = log.required("file", in: fields.dictionary, at: node.location, path, rule: "TI2"),
            let file = fileName(fileNode, path.appending("file"), rule: "TI2", &log)
        else { return nil }
        sized(file, fileNode, path.appending("file"), &log)
        guard fields["door"] != nil else { return ObjectImage(file: file) }
        guard let door = fields.choice("door", default: DoorDirection.horizontal, rule: "TI5", &log) else { return nil }
        if let size = ImageName.size(of: file), size != door.size {
            let between = door == .horizontal ? "two horizontally adjacent tiles" : "two vertically adjacent tiles"
            log.error(
                "a \(door.rawValue) door lies between \(between) and covers \(door.size.columns)x\(door.size.rows), but \"\(file)\" covers \(size.columns)x\(size.rows)",
                at: fields["door"]?.location, path.appending("door"), rule: "TI5",
                suggestion: "name the file …_\(door.size.columns)x\(door.size.rows).png, or say the door its picture shows")
            return nil
        }
        return ObjectImage(file: file, door: door)
    }
}
