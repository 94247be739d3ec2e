import Diagnostics
import Foundation
import PropertyList
import Testing
import TestSupport
@testable import TabulaImaginarium

/// `TabulaMap.plist` read and checked: the shipped map clean, and each rule (TI1–TI8) made to fire
/// by one change of a sound map, its error located at the line, key path and rule of the change.
@Suite struct MapCheckTests {
    /// A sound map, one piece a line, so that each mutation's line is known: line 1 is `<plist>`.
    static let sound = """
        <plist version="1.0"><dict>
        <key>grid</key><dict><key>columns</key><integer>8</integer><key>rows</key><integer>6</integer></dict>
        <key>images</key><dict>
        <key>textures</key><array><string>grass.png</string><string>stone.png</string></array>
        <key>walls</key><array><string>wall.png</string></array>
        <key>objects</key><array><dict><key>file</key><string>door-h_2x1.png</string><key>door</key><string>horizontal</string></dict><dict><key>file</key><string>door-v_1x2.png</string><key>door</key><string>vertical</string></dict></array>
        <key>tokens</key><array><string>hero.png</string><string>ogre_2x2.png</string></array>
        </dict>
        <key>background</key><dict><key>standard</key><string>grass.png</string><key>painted</key><array>
        <dict><key>texture</key><string>stone.png</string><key>column</key><integer>1</integer><key>row</key><integer>1</integer><key>columns</key><integer>4</integer><key>rows</key><integer>3</integer></dict>
        </array></dict>
        <key>drawing</key><dict><key>walls</key><array>
        <dict><key>texture</key><string>wall.png</string><key>points</key><array><array><integer>1</integer><integer>1</integer></array><array><integer>5</integer><integer>1</integer></array><array><integer>6</integer><integer>2</integer></array></array></dict>
        </array><key>freehand</key><array>
        <dict><key>color</key><string>#c0392b</string><key>points</key><array><array><real>2.5</real><real>2.5</real></array><array><real>3.25</real><integer>3</integer></array></array></dict>
        </array></dict>
        <key>objects</key><array>
        <dict><key>image</key><string>door-h_2x1.png</string><key>column</key><integer>4</integer><key>row</key><integer>2</integer></dict>
        <dict><key>image</key><string>door-v_1x2.png</string><key>column</key><integer>2</integer><key>row</key><integer>3</integer></dict>
        </array>
        <key>tokens</key><array>
        <dict><key>image</key><string>hero.png</string><key>column</key><integer>1</integer><key>row</key><integer>1</integer><key>number</key><integer>1</integer></dict>
        <dict><key>image</key><string>ogre_2x2.png</string><key>column</key><integer>6</integer><key>row</key><integer>4</integer><key>number</key><integer>3</integer></dict>
        </array>
        <key>nextTokenNumber</key><integer>4</integer>
        </dict></plist>
        """

    static func read(_ text: String) -> (TabulaMap?, [Diagnostic]) { MapFile.read(bytes: Array(text.utf8), file: "TabulaMap.plist") }

    /// The sound map with `old` (which must occur once) replaced by `new`.
    static func changed(_ old: String, _ new: String) -> String {
        #expect(sound.components(separatedBy: old).count == 2, "the sound map holds \(old) not once")
        return sound.replacingOccurrences(of: old, with: new)
    }

    /// The one diagnostic of `severity` the change makes, which must be at `line`, `keyPath` and `rule`.
    static func expectOne(
        _ text: String, _ severity: Diagnostic.Severity = .error, line: Int, keyPath: String, rule: String, saying words: String,
        sourceLocation: Testing.SourceLocation = #_sourceLocation
    ) {
        let (_, diagnostics) = read(text)
        let found = diagnostics.filter { $0.severity == severity }
        #expect(found.count == 1, "\(found)", sourceLocation: sourceLocation)
        guard let d = found.first else { return }
        #expect(d.file == "TabulaMap.plist" && d.location?.line == line && d.keyPath == keyPath && d.rule == rule, "\(d)", sourceLocation: sourceLocation)
        #expect(d.message.contains(words), "\(d.message)", sourceLocation: sourceLocation)
    }

    @Test func theSoundMapIsClean() {
        let (map, diagnostics) = Self.read(Self.sound)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(map?.tokens.map(\.number) == [1, 3] && map?.tokens[1].piece.area == TileRect(column: 6, row: 4, columns: 2, rows: 2))
        #expect(map?.objects.map(\.area) == [TileRect(column: 4, row: 2, columns: 2, rows: 1), TileRect(column: 2, row: 3, columns: 1, rows: 2)])
    }

    @Test func theShippedMapChecksWithoutADiagnostic() throws {
        let bytes = try Fixtures.bytes(Fixtures.designs.appendingPathComponent("tabula/TabulaMap.plist"))
        let (map, diagnostics) = MapFile.read(bytes: bytes, file: "TabulaMap.plist")
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(map?.grid == MapGrid(columns: 24, rows: 16))
    }

    @Test func fileNamesGiveSizes() {
        #expect(ImageName.size(of: "ogre_2x3.png")! == (2, 3))
        #expect(ImageName.size(of: "goblin.png")! == (1, 1))
        #expect(ImageName.size(of: "my_token.png")! == (1, 1))
        #expect(ImageName.size(of: "wall_0x2.png") == nil)
        #expect(ImageName.size(of: "giant_21x1.png") == nil)
        #expect(ImageName.size(of: "huge_20x20")! == (20, 20))
        // The last "." ends the stem and the last "_" in it starts the size; one x, digits only.
        #expect(ImageName.givenSize(of: "a_1x2.b_3x4.png")! == (3, 4))
        #expect(ImageName.givenSize(of: "a_3x4_.png") == nil)
        #expect(ImageName.givenSize(of: "a_3x4x5.png") == nil)
        #expect(ImageName.givenSize(of: "a_x4.png") == nil)
        #expect(ImageName.givenSize(of: "a_+3x4.png") == nil)
        #expect(ImageName.givenSize(of: "a_٣x4.png") == nil)  // an Arabic-Indic three: a number, not a digit of the name rule
        #expect(ImageName.givenSize(of: "draco_99999999999999999999x1.png") == nil)
        #expect(ImageName.givenSize(of: "ogre_2x3")! == (2, 3))
        #expect(ImageName.givenSize(of: "ogre_2x3.")! == (2, 3))
        // Issue 43: a name of megabytes is read in one pass (it was split into parts).
        #expect(ImageName.givenSize(of: String(repeating: "x", count: 4_000_000) + "_2x3.png")! == (2, 3))
        #expect(ImageName.givenSize(of: "_" + String(repeating: "1x", count: 2_000_000)) == nil)
    }

    @Test func TI1TheShapeOfTheFile() {
        Self.expectOne(Self.changed("<key>rows</key><integer>6</integer>", "<key>rows</key><integer>0</integer>"), line: 2, keyPath: "grid.rows", rule: "TI1", saying: "rows must be in 1...1000")
        Self.expectOne(Self.changed("<string>#c0392b</string>", "<string>red</string>"), line: 15, keyPath: "drawing.freehand[0].color", rule: "TI1", saying: "no colour")
        Self.expectOne(Self.changed("<key>nextTokenNumber</key>", "<key>nextToken</key>"), line: 25, keyPath: "nextToken", rule: "TI1", saying: "unknown key")
    }

    @Test func TI2ImagesAreDeclared() {
        Self.expectOne(
            Self.changed("<dict><key>image</key><string>hero.png</string>", "<dict><key>image</key><string>heroes.png</string>"), line: 22,
            keyPath: "tokens[0].image", rule: "TI2", saying: "\"heroes.png\" is not declared in images.tokens")
        Self.expectOne(
            Self.changed("<key>standard</key><string>grass.png</string>", "<key>standard</key><string>sand.png</string>"), line: 9,
            keyPath: "background.standard", rule: "TI2", saying: "not declared in images.textures")
        Self.expectOne(
            Self.changed("<string>hero.png</string><string>ogre_2x2.png</string>", "<string>hero.png</string><string>hero.png</string><string>ogre_2x2.png</string>"), line: 7,
            keyPath: "images.tokens[1]", rule: "TI2", saying: "declared twice")
    }

    @Test func TI3PiecesLieOnTheMap() {
        // The ogre covers columns 6 and 7 of 8: one column to the right and it leaves the grid.
        Self.expectOne(
            Self.changed("<integer>6</integer><key>row</key><integer>4</integer>", "<integer>7</integer><key>row</key><integer>4</integer>"), line: 23, keyPath: "tokens[1]",
            rule: "TI3", saying: "(7, 4)–(8, 5) lies outside the 8x6 grid")
        Self.expectOne(
            Self.changed("<key>columns</key><integer>4</integer><key>rows</key><integer>3</integer>", "<key>columns</key><integer>4</integer><key>rows</key><integer>6</integer>"),
            line: 10, keyPath: "background.painted[0]", rule: "TI3", saying: "painted area (1, 1)–(4, 6) lies outside")
        Self.expectOne(
            Self.changed("<array><real>3.25</real><integer>3</integer></array>", "<array><real>8.25</real><integer>3</integer></array>"), line: 15,
            keyPath: "drawing.freehand[0].points[1]", rule: "TI3", saying: "(8.25, 3) lies outside")
    }

    @Test func TI4WallsSnapToTheGrid() {
        Self.expectOne(
            Self.changed("<array><integer>6</integer><integer>2</integer></array>", "<array><integer>7</integer><integer>3</integer></array>"), line: 13,
            keyPath: "drawing.walls[0].points[2]", rule: "TI4", saying: "crosses tiles diagonally")
        Self.expectOne(
            Self.changed("<array><integer>5</integer><integer>1</integer></array>", "<array><real>5.5</real><integer>1</integer></array>"), line: 13,
            keyPath: "drawing.walls[0].points[1]", rule: "TI4", saying: "(5.5, 1) is no grid corner")
    }

    @Test func TI5ADoorCoversTwoTilesInItsImagesDirection() {
        Self.expectOne(
            Self.changed("<string>door-v_1x2.png</string><key>door</key><string>vertical</string>", "<string>door-v_1x2.png</string><key>door</key><string>horizontal</string>"),
            line: 6, keyPath: "images.objects[1].door", rule: "TI5", saying: "a horizontal door lies between two horizontally adjacent tiles and covers 2x1, but \"door-v_1x2.png\" covers 1x2")
    }

    @Test func TI6ObjectsDoNotLieOnOneAnother() {
        // The vertical door moved to (4, 1) covers (4, 1) and (4, 2); the horizontal one covers (4, 2).
        Self.expectOne(
            Self.changed("<integer>2</integer><key>row</key><integer>3</integer>", "<integer>4</integer><key>row</key><integer>1</integer>"), .warning, line: 19,
            keyPath: "objects[1]", rule: "TI6", saying: "lies on objects[0]")
        #expect(!Self.read(Self.changed("<integer>2</integer><key>row</key><integer>3</integer>", "<integer>4</integer><key>row</key><integer>1</integer>")).1.hasErrors)
        // Beside it is no overlap: at (6, 1) it covers (6, 1) and (6, 2), next to (5, 2).
        #expect(Self.read(Self.changed("<integer>2</integer><key>row</key><integer>3</integer>", "<integer>6</integer><key>row</key><integer>1</integer>")).1.isEmpty)
    }

    @Test func TI7TokenNumbersAreUnique() {
        Self.expectOne(
            Self.changed("<integer>4</integer><key>number</key><integer>3</integer>", "<integer>4</integer><key>number</key><integer>1</integer>"), line: 23,
            keyPath: "tokens[1].number", rule: "TI7", saying: "token number 1 is tokens[0]'s too")
    }

    @Test func TI8TheCounterIsPastEveryNumber() {
        Self.expectOne(
            Self.changed("<key>nextTokenNumber</key><integer>4</integer>", "<key>nextTokenNumber</key><integer>3</integer>"), line: 25, keyPath: "nextTokenNumber",
            rule: "TI8", saying: "the next token placed would take 3, and tokens[1] shows it already")
        // A counter behind a gap in the numbers gives a number no token shows yet, but it still
        // lies behind the highest, which it would reach.
        Self.expectOne(
            Self.changed("<key>nextTokenNumber</key><integer>4</integer>", "<key>nextTokenNumber</key><integer>2</integer>"), line: 25, keyPath: "nextTokenNumber",
            rule: "TI8", saying: "behind the highest number in use")
        // Absent, the counter is 1: behind both tokens.
        Self.expectOne(Self.changed("<key>nextTokenNumber</key><integer>4</integer>\n", ""), line: 1, keyPath: "nextTokenNumber", rule: "TI8", saying: "nextTokenNumber is 1")
    }
}
