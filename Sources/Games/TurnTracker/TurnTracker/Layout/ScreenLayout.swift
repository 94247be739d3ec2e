/// How the game view splits phones among players (seeds/000, "Starting a new turn tracker"): one
/// section a player, each with the phase's name, a ready button and the action buttons, turned to
/// face its player.
///
/// - 1 player: one section, right way up;
/// - 2 players: one right way up, one upside down;
/// - 3 and 4 players: two sections at 90° and one or two at 270°.
///
/// More than four players need more phones ("Connection to nearby phones": 1–3 more), each laid
/// out by the same rules for the players it holds.
public struct ScreenLayout: Sendable, Hashable {
    /// The way a section faces, in degrees clockwise from right way up.
    public enum Orientation: Int, Sendable, Hashable, CaseIterable {
        case up = 0, quarter = 90, upsideDown = 180, threeQuarters = 270
    }

    /// One player's part of a phone.
    public struct Section: Sendable, Hashable {
        public var player: Int
        public var orientation: Orientation
    }

    /// The sections of each phone, in the order players are seated.
    public var phones: [[Section]]

    /// The most sections a phone's layout rules have.
    public static let sectionsPerPhone = 4
    /// Phones the app can connect: the host and 1–3 nearby.
    public static let phones = 4
    /// The most action buttons a section has (seeds/000: "1-5 small action buttons").
    public static let actionButtons = 5

    /// The layout for `players`, or nil when no phones the app can connect hold them (none, or
    /// more than ``ScreenLayout/phones-type.property`` × ``sectionsPerPhone``). Players fill phones in order, as evenly as
    /// the rules allow: no phone holds fewer than one player or more than four.
    public static func make(players: Int) -> ScreenLayout? {
        guard players >= 1, players <= phones * sectionsPerPhone else { return nil }
        let count = (players + sectionsPerPhone - 1) / sectionsPerPhone
        var layout: [[Section]] = []
        var next = 0
        for phone in 0..<count {
            // Spread evenly: the first phones take one more when players do not divide.
            let here = players / count + (phone < players % count ? 1 : 0)
            layout.append(orientations(here).map { o in
                defer { next += 1 }
                return Section(player: next, orientation: o)
            })
        }
        return ScreenLayout(phones: layout)
    }

    /// The orientations of one phone's sections, by the document's rules.
    public static func orientations(_ sections: Int) -> [Orientation] {
        switch sections {
        case 1: [.up]
        case 2: [.up, .upsideDown]
        case 3: [.quarter, .quarter, .threeQuarters]
        case 4: [.quarter, .quarter, .threeQuarters, .threeQuarters]
        default: []
        }
    }
}
