import Testing

@testable import TabulaImaginariumSync

/// Parameters that cannot be played are refused with every problem named, never a trap (TS8).
@Suite struct SyncParametersTests {
    @Test func theDefaultsPlay() throws {
        #expect(SyncParameters().problems.isEmpty)
        _ = try SyncModel(SyncParameters())
    }

    /// One bad value at a time: the problem names its parameter and rule.
    @Test func aBadValueIsNamed() {
        let cases: [((inout SyncParameters) -> Void, String, String)] = [
        ({ (p: inout SyncParameters) in p.devices = 0 }, "devices", "TS8"),
        ({ (p: inout SyncParameters) in p.devices = 257 }, "devices", "TS8"),
        ({ (p: inout SyncParameters) in p.editsPerMinute = -1 }, "editsPerMinute", "TS8"),
        ({ (p: inout SyncParameters) in p.grabsPerMinute = .nan }, "grabsPerMinute", "TS8"),
        ({ (p: inout SyncParameters) in p.reconnectsPerHour = .infinity }, "reconnectsPerHour", "TS8"),
        ({ (p: inout SyncParameters) in p.tokens = 0 }, "tokens", "TS8"),
        ({ (p: inout SyncParameters) in p.latencySeconds = -0.1 }, "latencySeconds", "TS8"),
        ({ (p: inout SyncParameters) in p.sessionMinutes = 0 }, "sessionMinutes", "TS8"),
        ({ (p: inout SyncParameters) in p.sessionMinutes = 1_440; p.editsPerMinute = 1e6 }, "sessionMinutes", "TS8"),
        ({ (p: inout SyncParameters) in p.map.width = 0 }, "map", "TS5"),
        ({ (p: inout SyncParameters) in p.map.width = .max; p.map.height = 2 }, "map", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures = [] }, "map.textures", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures[0].tiles = 49 }, "map.textures", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures[1].tiles = .max }, "map.textures[1].tiles", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures[2].name = "wa|ter" }, "map.textures[2].name", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures[2].name = "floor" }, "map.textures[2].name", "TS5"),
        ({ (p: inout SyncParameters) in p.map.textures[0].name = "" }, "map.textures[0].name", "TS5"),
        ({ (p: inout SyncParameters) in p.bytes.endMarkerBytes = -1 }, "bytes.endMarkerBytes", "TS6"),
        ]
        for (change, parameter, rule) in cases {
            var parameters = SyncParameters()
            change(&parameters)
            let problems = parameters.problems
            #expect(problems.count == 1, "\(problems)")
            #expect(problems.first?.parameter == parameter && problems.first?.rule == rule, "\(problems)")
            #expect(problems.first?.description.hasSuffix("[\(rule)]") == true)
        }
    }

    /// The messages the reference shows (Rules.md, TS1, TS5, TS7, TS8), word for word.
    @Test func theReferenceQuotesTheMessages() {
        func printed(_ change: (inout SyncParameters) -> Void) -> [String] {
            var parameters = SyncParameters()
            change(&parameters)
            return parameters.problems.map(\.description)
        }
        #expect(printed { $0.devices = 0 } == ["devices: 0 devices: a session has its host and up to 255 peers (TS1) [TS8]"])
        #expect(printed { $0.map.textures[0].tiles = 49 } == ["map.textures: the textures cover 79 tiles of 80: every tile shows one texture [TS5]"])
        #expect(printed { $0.editsPerMinute = -1 } == ["editsPerMinute: -1.0 edits a minute: a rate is a finite number ≥ 0 (TS7) [TS8]"])
        #expect(printed { $0.sessionMinutes = 0 } == ["sessionMinutes: 0.0 minutes: a session lasts more than 0 and at most 1440 minutes [TS8]"])
    }

    /// Every problem at once, thrown by the model.
    @Test func theModelListsEveryProblem() {
        var parameters = SyncParameters()
        parameters.devices = -3
        parameters.tokens = 10_001
        parameters.map.height = -1
        #expect(throws: SyncParameterError.self) { try SyncModel(parameters) }
        do {
            _ = try SyncModel(parameters)
        } catch {
            #expect(error.problems.map(\.parameter) == ["devices", "tokens", "map"])
            #expect(error.description.contains("-3 devices"))
        }
    }

    /// Sizes that overflow `Int` are problems, not traps.
    @Test func overflowingSizesAreProblems() {
        let map = MapTextures(width: .max, height: .max, textures: [TextureCount(name: "a", tiles: .max), TextureCount(name: "b", tiles: .max)])
        #expect(map.tileCount == nil)
        let problems = SyncParameters(map: map).problems
        #expect(problems.map(\.parameter) == ["map", "map.textures[0].tiles", "map.textures[1].tiles"])
    }
}
