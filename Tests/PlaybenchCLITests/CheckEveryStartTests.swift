import Foundation
import Testing
import TestSupport

/// Issue 38: check gives a verdict on designs as people have them (the original app's files: a
/// team range from 1, an assembled part with no images, a catalogue that cannot stock the largest
/// teams), and on every start the host's slider allows (M3), not only the ramp from the minimum.
/// The designs are written here (the original repository carries no licence), each with the
/// quirk under test.
@Suite struct CheckOriginalQuirksTests {
    /// A toy shop in the original's shape: Colour (4 states) and Bell (2 groups of 2 rhythms:
    /// 4 items) are each too thin to stock 5 or 6 players alone (G4); Gadget is assembled from
    /// them, and Robot from a Gadget and a Colour with no image for its Gadget part (C2: a
    /// warning, as for the original's Police Car and its Car).
    static let catalogue = DesignFixtures.plist("""
        <dict>
            <key>statefulItems</key>
            <array>
                <dict>
                    <key>category</key><string>Colour</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>stateImageStrings</key><array><string>red</string><string>green</string><string>blue</string><string>gold</string></array>
                    <key>stateIdentifiers</key><array><string>Red</string><string>Green</string><string>Blue</string><string>Gold</string></array>
                </dict>
            </array>
            <key>titledItems</key>
            <array/>
            <key>rhythmicItems</key>
            <array>
                <dict>
                    <key>category</key><string>Bell</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>itemGroups</key>
                    <array>
                        <array>
                            <dict><key>unitDuration</key><integer>1</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict>
                            <dict><key>unitDuration</key><integer>2</integer><key>stateSequence</key><array><integer>0</integer><integer>1</integer></array></dict>
                        </array>
                        <array>
                            <dict><key>unitDuration</key><integer>1</integer><key>stateSequence</key><array><integer>1</integer><integer>0</integer><integer>0</integer></array></dict>
                            <dict><key>unitDuration</key><integer>3</integer><key>stateSequence</key><array><integer>1</integer><integer>0</integer></array></dict>
                        </array>
                    </array>
                    <key>stateImageStrings</key><array><string>quiet</string><string>ring</string></array>
                </dict>
            </array>
            <key>assembledItems</key>
            <array>
                <dict>
                    <key>category</key><string>Gadget</string>
                    <key>parts</key><array><string>Colour</string><string>Bell</string></array>
                    <key>isInventoryItem</key><false/>
                    <key>isOrderItem</key><true/>
                    <key>depth</key><integer>0</integer>
                    <key>mainImageString</key><string>gadget</string>
                    <key>partsImageStrings</key>
                    <dict>
                        <key>Colour</key><array><string>red</string><string>green</string><string>blue</string><string>gold</string></array>
                        <key>Bell</key><array><string>quiet</string><string>ring</string></array>
                    </dict>
                </dict>
                <dict>
                    <key>category</key><string>Robot</string>
                    <key>parts</key><array><string>Gadget</string><string>Colour</string></array>
                    <key>isInventoryItem</key><false/>
                    <key>isOrderItem</key><true/>
                    <key>depth</key><integer>1</integer>
                    <key>mainImageString</key><string>robot</string>
                    <key>partsImageStrings</key>
                    <dict>
                        <key>Gadget</key>
                        <array/>
                        <key>Colour</key><array><string>red</string><string>green</string><string>blue</string><string>gold</string></array>
                    </dict>
                </dict>
            </array>
        </dict>
        """)

    /// The original's ramp (1 → 10 by 0.5, counts of ceil(diffLevel / 2)) and its team range from 1.
    static let parameters = DesignFixtures.plist("""
        <dict>
            <key>minNumOfPlayers</key>
            <integer>1</integer>
            <key>maxNumOfPlayers</key>
            <integer>6</integer>
            <key>minDifficultyLevel</key>
            <real>1</real>
            <key>maxDifficultyLevel</key>
            <integer>10</integer>
            <key>difficultyChange</key>
            <string>0.5</string>
            <key>numOfCategories</key>
            <string>5.0 * (diffLevel / 10.0)</string>
            <key>numOfGroupsPerCategory</key>
            <string>diffLevel / 2.0</string>
            <key>maxNumOfItemsPerOrder</key>
            <string>diffLevel / 2.0</string>
            <key>numOfOrdersPerPlayer</key>
            <string>diffLevel / 2.0</string>
        </dict>
        """)

    static func directory(catalogue: String = catalogue, parameters: String = parameters) throws -> URL {
        let directory = try Fixtures.temporaryDirectory("quirks")
        try Data(catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    /// "FILE:LINE:COL" of the line holding `text` in `file`'s text (1-based), column of its first
    /// non-blank character: where the reader locates a value.
    static func location(of text: String, in fileText: String) throws -> String {
        let lines = fileText.components(separatedBy: "\n")
        let line = try #require(lines.firstIndex { $0.contains(text) })
        let column = (lines[line].firstIndex { $0 != " " && $0 != "\t" }).map { lines[line].distance(from: lines[line].startIndex, to: $0) } ?? 0
        return "\(line + 1):\(column + 1)"
    }

    @Test func aTeamRangeFromOneStillGetsSolvabilityFindingsWithTheirPlaces() throws {
        let directory = try Self.directory()
        let result = try CommandRunner.playbench(["check", directory.path, "--samples", "40"])
        #expect(result.status == 1, "\(result.standardOutput)")
        let parametersFile = directory.appendingPathComponent("DefaultGameParameters.plist").path
        let catalogueFile = directory.appendingPathComponent("GameConfig.plist").path
        let minPlace = try Self.location(of: "<integer>1</integer>", in: Self.parameters)
        let maxPlace = try Self.location(of: "<integer>6</integer>", in: Self.parameters)
        let lines = result.standardOutput.split(separator: "\n").map(String.init)
        // The range error, located, and the note saying what solvability did instead of stopping.
        #expect(lines.contains("\(parametersFile):\(minPlace): error: minNumOfPlayers: 1 players: the game is for 3 to 6 players [C6]"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("\(parametersFile):\(minPlace): note: minNumOfPlayers: solvability was checked for teams of 3 to 6 players") && $0.contains("teams of 1 to 2 players were skipped") }, "\(lines)")
        #expect(!result.standardOutput.contains("solvability was not checked"), "\(result.standardOutput)")
        // Static G4, at maxNumOfPlayers: one category a round at difficulty 1 cannot stock six.
        #expect(lines.contains { $0.hasPrefix("\(parametersFile):\(maxPlace): error: maxNumOfPlayers: 6 players need 6 distinct warehouse items; when a round at difficulty 1 chooses") && $0.hasSuffix("[G4]") }, "\(lines)")
        // Sampled G4 for the team sizes checked, never for the skipped ones, each located at the
        // thin category it names (where a designer adds items).
        let sampled = lines.filter { $0.hasPrefix("\(catalogueFile):") && $0.contains("sampled round") }
        #expect(sampled.contains { $0.contains("players need") && $0.contains("distinct warehouse items") && $0.hasSuffix("[G4]") }, "\(sampled)")
        let colour = try Self.location(of: "<string>Colour</string>", in: Self.catalogue).split(separator: ":")[0]
        let bell = try Self.location(of: "<string>Bell</string>", in: Self.catalogue).split(separator: ":")[0]
        #expect(
            sampled.allSatisfy {
                ($0.hasPrefix("\(catalogueFile):\(colour):") && $0.contains("error: statefulItems[0]: ") && $0.contains("(Colour)"))
                    || ($0.hasPrefix("\(catalogueFile):\(bell):") && $0.contains("error: rhythmicItems[0]: ") && $0.contains("(Bell)"))
            }, "\(sampled)")
        #expect(!sampled.contains { $0.contains("(first: 1 players") || $0.contains("(first: 2 players") }, "\(sampled)")
        // Their rounds are those the fixed design makes (3 to 6 players): replayable once fixed.
        #expect(sampled.allSatisfy { $0.contains("once the errors above are fixed, reproduce: playbench generate") }, "\(sampled)")
        // The empty part image list: a located warning, as for the original's Car.
        #expect(lines.contains { $0.hasPrefix("\(catalogueFile):") && $0.contains("warning: assembledItems[1].partsImageStrings.Gadget: no image") && $0.hasSuffix("[C2]") }, "\(lines)")
    }

    @Test func aTeamRangeWhollyOutsideTheGameLeavesNothingToCheck() throws {
        let outside = Self.parameters.replacingOccurrences(of: "<integer>1</integer>", with: "<integer>7</integer>")
            .replacingOccurrences(of: "<integer>6</integer>", with: "<integer>8</integer>")
        let result = try CommandRunner.playbench(["check", try Self.directory(parameters: outside).path, "--samples", "5"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("solvability was not checked: minNumOfPlayers has errors, and making a round reads it"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("[G4]"))
    }

    @Test func aChanceAboveOneIsReadAsAlwaysAndSolvabilityGoesOn() throws {
        // Above 1 from difficulty 5.5 (5.5 / 5): an error, and a package limit every round there.
        let parameters = Self.parameters.replacingOccurrences(of: "<integer>1</integer>", with: "<integer>3</integer>")
            .replacingOccurrences(of: "</dict>\n</plist>", with: "    <key>probOfHavingPackageLimit</key>\n    <string>diffLevel / 5</string>\n</dict>\n</plist>")
        #expect(parameters.contains("probOfHavingPackageLimit"))
        let directory = try Self.directory(parameters: parameters)
        let result = try CommandRunner.playbench(["check", directory.path, "--samples", "20"])
        #expect(result.status == 1)
        let place = try Self.location(of: "<string>diffLevel / 5</string>", in: parameters)
        let file = directory.appendingPathComponent("DefaultGameParameters.plist").path
        #expect(result.standardOutput.contains("\(file):\(place): error: probOfHavingPackageLimit: 1.1 at difficulty 5.5: it is a probability and must lie in 0...1 [C6]"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("\(file):\(place): note: probOfHavingPackageLimit: solvability read probOfHavingPackageLimit as 1 where it is above 1 (first at difficulty 5.5)"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("solvability was not checked"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("[G4]"), "\(result.standardOutput)")
    }

    @Test func aChanceThatIsNotANumberStillStopsSolvability() throws {
        let parameters = Self.parameters.replacingOccurrences(of: "<integer>1</integer>", with: "<integer>3</integer>")
            .replacingOccurrences(of: "</dict>\n</plist>", with: "    <key>probOfHavingPackageLimit</key>\n    <string>1 / (diffLevel - 2)</string>\n</dict>\n</plist>")
        let result = try CommandRunner.playbench(["check", try Self.directory(parameters: parameters).path, "--samples", "5"])
        #expect(result.status == 1)
        #expect(result.standardOutput.contains("solvability was not checked: probOfHavingPackageLimit has errors"), "\(result.standardOutput)")
    }
}

/// M3: the host's slider starts a game anywhere in minDifficultyLevel...maxDifficultyLevel.
@Suite struct CheckEveryStartTests {
    /// Two categories of two items each: one category cannot stock three players (G4), two can.
    static let catalogue = DesignFixtures.plist("""
        <dict>
            <key>statefulItems</key>
            <array>
                <dict>
                    <key>category</key><string>Lamp</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>stateImageStrings</key><array><string>on</string><string>off</string></array>
                    <key>stateIdentifiers</key><array><string>On</string><string>Off</string></array>
                </dict>
                <dict>
                    <key>category</key><string>Door</string>
                    <key>isInventoryItem</key><true/>
                    <key>isOrderItem</key><true/>
                    <key>stateImageStrings</key><array><string>open</string><string>shut</string></array>
                    <key>stateIdentifiers</key><array><string>Open</string><string>Shut</string></array>
                </dict>
            </array>
            <key>titledItems</key><array/>
            <key>rhythmicItems</key><array/>
            <key>assembledItems</key><array/>
        </dict>
        """)

    /// The ramp from 1 (1, 3) always chooses two categories: (d − 2)² + 1 is above 1 except at
    /// d = 2, where it is exactly 1. Only a game started at 2 meets a round of one category.
    static let parameters = DesignFixtures.plist("""
        <dict>
            <key>minNumOfPlayers</key><integer>3</integer>
            <key>maxNumOfPlayers</key><integer>3</integer>
            <key>minDifficultyLevel</key><integer>1</integer>
            <key>maxDifficultyLevel</key><integer>3</integer>
            <key>difficultyChange</key><integer>2</integer>
            <key>numOfCategories</key><string>(diffLevel - 2) * (diffLevel - 2) + 1</string>
            <key>numOfGroupsPerCategory</key><integer>2</integer>
            <key>numOfOrdersPerPlayer</key><integer>1</integer>
            <key>maxNumOfItemsPerOrder</key><integer>1</integer>
        </dict>
        """)

    func directory() throws -> URL {
        let directory = try Fixtures.temporaryDirectory("every start")
        try Data(Self.catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(Self.parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        return directory
    }

    @Test func theRampFromTheMinimumAloneIsSolvable() throws {
        let result = try CommandRunner.playbench(["check", try directory().path, "--start-difficulty", "1", "--samples", "30"])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("[G4]"))
    }

    @Test func everyStartFindsTheRoundOnlyAnotherStartMeets() throws {
        let result = try CommandRunner.playbench(["check", try directory().path, "--samples", "30"])
        #expect(result.status == 1, "\(result.standardOutput)")
        // Static G4 at the difficulty only that start reaches, and the sampled failure there.
        #expect(result.standardOutput.contains("3 players need 3 distinct warehouse items; when a round at difficulty 2 chooses"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("in 30 of 90 sampled rounds (first: 3 players, difficulty 2)"), "\(result.standardOutput)")
        // The note names what was sampled beyond the ramp.
        #expect(result.standardOutput.contains("solvability sampled the 2 difficulties of the ramp from 1 and 1 more (2), one for each other round shape"), "\(result.standardOutput)")
        // The reproduce command replays the round: generate at that difficulty fails the same way.
        let line = try #require(result.standardOutput.split(separator: "\n").first { $0.contains("sampled rounds") })
        let command = try #require(line.range(of: "reproduce: playbench ").map { line[$0.upperBound...].prefix { $0 != ")" } })
        let replay = try CommandRunner.shell("playbench \(command)")
        #expect(replay.status == 1)
        #expect(replay.standardError.contains("[G4]"), "\(replay.standardError)")
    }

    @Test func aStartGivenChecksItsOwnRamp() throws {
        let result = try CommandRunner.playbench(["check", try directory().path, "--start-difficulty", "2", "--samples", "30"])
        #expect(result.status == 1, "\(result.standardOutput)")
        #expect(result.standardOutput.contains("(first: 3 players, difficulty 2)"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("solvability sampled the"), "a start given samples its ramp alone")
    }

    @Test func aStartOutsideTheRangeIsALocatedError() throws {
        let directory = try directory()
        let result = try CommandRunner.playbench(["check", directory.path, "--start-difficulty", "4"])
        #expect(result.status == 1)
        let place = try CheckOriginalQuirksTests.location(of: "<key>maxDifficultyLevel</key>", in: Self.parameters)
        #expect(result.standardOutput.contains("DefaultGameParameters.plist:\(place.split(separator: ":")[0]):"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("--start-difficulty 4 is outside the difficulty range 1...3"), "\(result.standardOutput)")
    }

    @Test func aValueBrokenOnlyAtAnotherStartIsAnError() throws {
        // Below 0 only between 1.5 and 1.6 (from 1.53 to 1.57 on the grid), never on the ramp (1, 3).
        let parameters = Self.parameters.replacingOccurrences(
            of: "<key>maxNumOfItemsPerOrder</key><integer>1</integer>",
            with: "<key>maxNumOfItemsPerOrder</key><integer>1</integer>\n<key>timeForEachItem</key><string>(diffLevel - 1.5) * (diffLevel - 1.6) * 1000 + 2</string>")
        #expect(parameters != Self.parameters)
        let directory = try Fixtures.temporaryDirectory("every start values")
        try Data(Self.catalogue.utf8).write(to: directory.appendingPathComponent("GameConfig.plist"))
        try Data(parameters.utf8).write(to: directory.appendingPathComponent("DefaultGameParameters.plist"))
        let every = try CommandRunner.playbench(["check", directory.path, "--samples", "0"])
        #expect(every.status == 1)
        #expect(
            every.standardOutput.split(separator: "\n").contains { $0.contains("timeForEachItem: -") && $0.contains("at difficulty 1.53 (where a game can start, M3): it is a time in seconds and must be positive [C7]") },
            "\(every.standardOutput)")
        let fromOne = try CommandRunner.playbench(["check", directory.path, "--samples", "0", "--start-difficulty", "1"])
        #expect(fromOne.status == 0, "\(fromOne.standardOutput)")
    }
}
