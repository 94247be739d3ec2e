import Balance
import Diagnostics
import Foundation
import MonteCarlo
import RelentlessBalance
import Testing
import TestSupport

/// Balance.plist is read with every mistake located, as the other design files are.
@Suite("Balance.plist is read with located diagnostics")
struct BalanceReaderTests {
    /// A team written as text: its names split at commas, spaces and tabs at either end dropped,
    /// those inside a name kept.
    @Test func aTeamAsTextIsSplitAndTrimmed() throws {
        let text = GateFixtures.balance(
            top: "",
            targets: ["<key>team</key><string> expert,\tnovice , casual\t</string><key>metric</key><string>meanRounds</string><key>atLeast</key><integer>8</integer>"])
        let (plan, diagnostics) = try GateFixtures.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        #expect(plan?.targets.first?.team == ["expert", "novice", "casual"])
        let (_, spaced) = try GateFixtures.read(GateFixtures.balance(
            top: "", targets: ["<key>team</key><string>ex pert, casual, casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><integer>8</integer>"]))
        #expect(spaced.contains { $0.message.contains("\"ex pert\" is not a persona") }, "\(spaced)")
    }

    @Test func aValidFileReadsToItsPlan() throws {
        let text = GateFixtures.balance(
            top: "<key>confidence</key><real>0.9</real><key>firstGames</key><integer>100</integer><key>maxGames</key><integer>700</integer><key>seed</key><integer>42</integer><key>maxRounds</key><integer>12</integer>",
            targets: [
                "<key>name</key><string>first</string>" + GateFixtures.survival + "<key>atMost</key><real>0.6</real>",
                "<key>team</key><array><string>expert</string><string>novice</string><string>casual</string></array><key>metric</key><string>meanRounds</string><key>atLeast</key><integer>8</integer>",
            ])
        let (plan, diagnostics) = try GateFixtures.read(text)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let p = try #require(plan)
        #expect(p.confidence.level == 0.9)
        #expect(p.schedule.looks == [100, 200, 400, 700])
        #expect(p.seed == 42 && p.maxRounds == 12)
        #expect(p.targets.count == 2)
        #expect(p.targets[0].name == "first" && p.targets[0].round == 5 && p.targets[0].band == Band(atLeast: 0.4, atMost: 0.6))
        #expect(p.targets[1].team == ["expert", "novice", "casual"] && p.targets[1].metric == .meanRounds)
        // Without a name, the target is named by what it says.
        #expect(p.targets[1].name == "expert, novice, casual: mean rounds reached at least 8")
        #expect(p.groups(minimum: 1).map(\.team) == [["casual", "casual", "casual", "casual"], ["expert", "novice", "casual"]])
        // Intervals are widened for 4 looks × 2 targets.
        #expect(abs(p.perLookConfidence.level - (1 - 0.1 / 8)) < 1e-12)
    }

    @Test func defaultsApplyWhenTopKeysAreLeftOut() throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: [GateFixtures.survival]))
        #expect(diagnostics.isEmpty)
        let p = try #require(plan)
        #expect(p.confidence == BalancePlan.defaultConfidence && p.seed == 1 && p.maxRounds == 30)
        #expect(p.schedule == LookSchedule(first: BalancePlan.defaultFirstGames, cap: BalancePlan.defaultMaxGames))
    }

    /// Each broken target: the message's words and the key path it is reported at.
    @Test(arguments: [
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>survivl</string><key>round</key><integer>3</integer><key>atLeast</key><real>0.5</real>", "did you mean \"survival\"", "targets[0].metric"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>survival</string><key>atLeast</key><real>0.5</real>", "missing key \"round\"", "targets[0]"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>meanRounds</string><key>round</key><integer>3</integer><key>atLeast</key><real>5</real>", "remove round", "targets[0].round"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>survival</string><key>round</key><integer>31</integer><key>atLeast</key><real>0.5</real>", "1...30", "targets[0].round"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>survival</string><key>round</key><integer>3</integer><key>atLeast</key><real>40</real>", "a share is in 0...1", "targets[0].atLeast"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>meanMoney</string><key>round</key><integer>3</integer><key>atLeast</key><real>50</real><key>atMost</key><real>10</real>", "below atLeast", "targets[0].atMost"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>meanMoney</string><key>round</key><integer>3</integer>", "needs atLeast, atMost or both", "targets[0]"),
        ("<key>team</key><string>casual,casul,casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>5</real>", "did you mean \"casual\"", "targets[0].team"),
        ("<key>team</key><string>casual,casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>5</real>", "outside the design's team sizes 3...6", "targets[0].team"),
        ("<key>team</key><string>casual,,casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>5</real>", "empty persona", "targets[0].team"),
        ("<key>team</key><integer>4</integer><key>metric</key><string>meanRounds</string><key>atLeast</key><real>5</real>", "array of persona names", "targets[0].team"),
        ("<key>team</key><string>casual,casual,casual</string><key>metric</key><string>meanRounds</string><key>atleast</key><real>5</real>", "did you mean \"atLeast\"", "targets[0].atleast"),
    ])
    func aBrokenTargetIsAnErrorAtItsKey(body: String, words: String, keyPath: String) throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: [body]))
        #expect(plan == nil)
        let errors = diagnostics.filter { $0.severity == .error }
        #expect(errors.contains { $0.message.contains(words) || ($0.suggestion ?? "").contains(words) }, "\(errors)")
        #expect(errors.contains { $0.keyPath == keyPath }, "\(errors.map(\.keyPath))")
        #expect(errors.allSatisfy { $0.location != nil && $0.file == "Balance.plist" })
    }

    @Test(arguments: [
        ("<key>confidence</key><real>1.5</real>", "confidence"),
        ("<key>firstGames</key><integer>0</integer>", "firstGames"),
        ("<key>firstGames</key><integer>600</integer><key>maxGames</key><integer>500</integer>", "maxGames"),
        ("<key>seed</key><integer>-1</integer>", "seed"),
        ("<key>maxRound</key><integer>5</integer>", "maxRound"),
    ])
    func aBrokenTopKeyIsAnErrorAtIt(top: String, keyPath: String) throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(top: top, targets: [GateFixtures.survival]))
        #expect(plan == nil)
        #expect(diagnostics.contains { $0.severity == .error && $0.keyPath == keyPath }, "\(diagnostics)")
    }

    @Test func everyMistakeOfAFileIsReportedInOneRead() throws {
        let text = GateFixtures.balance(targets: [
            "<key>team</key><string>nobody,casual,casual</string><key>metric</key><string>meanRounds</string><key>atLeast</key><real>5</real>",
            "<key>team</key><string>casual,casual,casual</string><key>metric</key><string>nothing</string><key>round</key><integer>2</integer><key>atLeast</key><real>5</real>",
        ])
        let (_, diagnostics) = try GateFixtures.read(text)
        #expect(Set(diagnostics.map(\.keyPath)) == ["targets[0].team", "targets[1].metric"])
    }

    @Test func noTargetsIsAnError() throws {
        let (plan, diagnostics) = try GateFixtures.read(GateFixtures.balance(targets: []))
        #expect(plan == nil)
        #expect(diagnostics.contains { $0.keyPath == "targets" && $0.message.contains("no target") })
    }
}
