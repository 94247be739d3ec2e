import Diagnostics
import PropertyList
import Testing

@testable import TabulaImaginariumSync

/// Session.plist read into the settings it writes, every mistake located at its key with its rule
/// id, and no key taken for another's default.
@Suite struct SessionReaderTests {
    static func read(_ body: String) throws -> (SessionSettings?, [Diagnostic]) {
        let text = "<plist version=\"1.0\"><dict>\n\(body)\n</dict></plist>"
        return SessionReader.read(try PlistReader.read(bytes: Array(text.utf8)), file: "Session.plist")
    }

    @Test func everyKeyIsRead() throws {
        let (settings, diagnostics) = try Self.read("""
            <key>devices</key><array><integer>2</integer><integer>7</integer></array>
            <key>editsPerMinute</key><real>3.5</real><key>grabsPerMinute</key><integer>4</integer><key>tokens</key><integer>9</integer>
            <key>latencySeconds</key><real>0.75</real><key>sessionMinutes</key><integer>90</integer><key>reconnectsPerHour</key><real>2</real>
            <key>bytes</key><dict><key>tagBytes</key><integer>3</integer><key>endMarkerBytes</key><integer>0</integer></dict>
            """)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let s = try #require(settings)
        #expect(s.deviceCounts == [2, 7] && s.tokens == 9)
        #expect(s.shared.editsPerMinute == 3.5 && s.shared.grabsPerMinute == 4 && s.shared.latencySeconds == 0.75)
        #expect(s.shared.sessionMinutes == 90 && s.shared.reconnectsPerHour == 2)
        #expect(s.shared.bytes == ByteModel(tagBytes: 3, separatorBytes: 1, endMarkerBytes: 0))
    }

    /// An empty file is the model's defaults, one session of 5 devices, the tokens the map's.
    @Test func anEmptyFileIsTheDefaults() throws {
        let (settings, diagnostics) = try Self.read("")
        #expect(diagnostics.isEmpty)
        #expect(settings == SessionSettings() && settings?.deviceCounts == [5] && settings?.tokens == nil)
    }

    /// One mistake at a time: its key path, line and rule id.
    @Test func aMistakeIsLocated() throws {
        let cases: [(String, String, String)] = [
            ("<key>devices</key><integer>0</integer>", "devices", "TS8"),
            ("<key>devices</key><array><integer>3</integer>\n<integer>3</integer></array>", "devices[1]", "TS1"),
            ("<key>devices</key><array></array>", "devices", "TS1"),
            ("<key>devices</key><string>five</string>", "devices", "TS8"),
            ("<key>editsPerMinute</key><real>-1</real>", "editsPerMinute", "TS8"),
            ("<key>grabsPerMinute</key><real>20000</real>", "grabsPerMinute", "TS8"),
            ("<key>tokens</key><integer>0</integer>", "tokens", "TS8"),
            ("<key>latencySeconds</key><real>61</real>", "latencySeconds", "TS8"),
            ("<key>sessionMinutes</key><integer>0</integer>", "sessionMinutes", "TS8"),
            ("<key>sessionMinutes</key><integer>1441</integer>", "sessionMinutes", "TS8"),
            ("<key>bytes</key><dict><key>tagBytes</key><integer>65</integer></dict>", "bytes.tagBytes", "TS6"),
            ("<key>bytes</key><dict><key>tag</key><integer>2</integer></dict>", "bytes.tag", "TS6"),
            ("<key>latency</key><real>1</real>", "latency", "TS8"),
        ]
        for (body, path, rule) in cases {
            let (settings, diagnostics) = try Self.read(body)
            let errors = diagnostics.filter { $0.severity == .error }
            #expect(settings == nil && errors.count == 1, "\(body): \(diagnostics)")
            #expect(errors.first?.keyPath == path && errors.first?.rule == rule, "\(body): \(diagnostics)")
            // Every value sits on the file's second line (the duplicate on its third).
            #expect(errors.first?.location?.line == (path == "devices[1]" ? 3 : 2), "\(body): \(diagnostics)")
        }
    }
}
