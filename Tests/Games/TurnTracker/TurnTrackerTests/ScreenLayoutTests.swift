import Testing

@testable import TurnTracker

/// The game view's layout against seeds/000's rules, written out here from the document:
/// "1 player: one section, right way up; 2 players: two sections, one right way up and one upside
/// down; 3 and 4 players: three to four sections, two at 90 angle and one/two at 270 angle".
@Suite struct ScreenLayoutTests {
    typealias O = ScreenLayout.Orientation

    static let document: [Int: [O]] = [
        1: [.up],
        2: [.up, .upsideDown],
        3: [.quarter, .quarter, .threeQuarters],
        4: [.quarter, .quarter, .threeQuarters, .threeQuarters],
    ]

    @Test(arguments: 1...4)
    func onePhoneFollowsTheDocument(players: Int) throws {
        let layout = try #require(ScreenLayout.make(players: players))
        #expect(layout.phones.count == 1)
        #expect(layout.phones[0].map(\.orientation) == Self.document[players])
        #expect(layout.phones[0].map(\.player) == Array(0..<players))
    }

    /// More than four players take more phones, each laid out by the same rules; the app connects
    /// at most three more (16 players), and a session has at least one player.
    @Test(arguments: 0...17)
    func everyPlayerHasOneSectionOnAtMostFourPhones(players: Int) {
        guard let layout = ScreenLayout.make(players: players) else {
            #expect(players == 0 || players > 16, "\(players) players got no layout")
            return
        }
        #expect((1...16).contains(players))
        #expect(layout.phones.flatMap { $0.map(\.player) } == Array(0..<players))
        #expect(layout.phones.count == (players + 3) / 4)
        let sizes = layout.phones.map(\.count)
        #expect(sizes.allSatisfy { (1...4).contains($0) })
        #expect((sizes.max() ?? 0) - (sizes.min() ?? 0) <= 1, "phones as even as the rules allow: \(sizes)")
        for phone in layout.phones { #expect(phone.map(\.orientation) == Self.document[phone.count]) }
    }

    @Test func fivePlayersTakeAPhoneOfThreeAndOneOfTwo() throws {
        let layout = try #require(ScreenLayout.make(players: 5))
        #expect(layout.phones.map { $0.map(\.orientation) } == [Self.document[3]!, Self.document[2]!])
    }
}
