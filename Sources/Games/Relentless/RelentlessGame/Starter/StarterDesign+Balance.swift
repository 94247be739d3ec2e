extension StarterDesign {
    /// `Balance.plist`. Balance targets for `gate`: survival, eventual ruin of each team, rounds the host can make.
    static let balance = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!--
	The balance targets (Balance.plist) of a starter Relentless design, written by
	`playbench init`, tested by `playbench gate DIR`. Each target names a team (personas of
	Players.plist), a metric and a band (atLeast, atMost or both):
	  survival      share of games with money >= 0 after round (M2); shares as 0.9 for 90%
	  medianMoney   median money after round (M1)
	  meanMoney     mean money after round
	  meanRounds    mean rounds a game reached (the score, M2); no round
	  drift         money a round once the difficulty is at its top; no round
	  ruin          share of games eventually lost, extrapolated; no round
	  unplayable    share of games ended by a round the host could not make (G4)
	The gate plays firstGames games per team, more (up to maxGames) while an interval
	straddles a band's edge, and says met, MISSED or undecided per target. These are starting
	points: set the bands to what your game should be. A team certain to lose every game
	eventually fails the gate even without a ruin target of its own (allowCertainRuin, true,
	turns that off for a game meant to end so).
-->
<plist version="1.0">
<dict>
	<key>confidence</key>
	<real>0.95</real>
	<key>firstGames</key>
	<integer>200</integer>
	<key>maxGames</key>
	<integer>3200</integer>
	<key>seed</key>
	<integer>1</integer>
	<key>maxRounds</key>
	<integer>20</integer>
	<key>targets</key>
	<array>
		<dict>
			<key>name</key>
			<string>the default team survives the first ten rounds</string>
			<key>team</key>
			<string>regular,regular,hurried</string>
			<key>metric</key>
			<string>survival</string>
			<key>round</key>
			<integer>10</integer>
			<key>atLeast</key>
			<real>0.9</real>
		</dict>
		<dict>
			<key>name</key>
			<string>the default team rarely goes broke, however long it plays</string>
			<key>team</key>
			<string>regular,regular,hurried</string>
			<!-- Extrapolated beyond maxRounds from the money a round at the top difficulty (M2). -->
			<key>metric</key>
			<string>ruin</string>
			<key>atMost</key>
			<real>0.1</real>
		</dict>
		<dict>
			<key>name</key>
			<string>four regular players rarely go broke, however long they play</string>
			<key>team</key>
			<string>regular,regular,regular,regular</string>
			<key>metric</key>
			<string>ruin</string>
			<key>atMost</key>
			<real>0.1</real>
		</dict>
		<dict>
			<key>name</key>
			<string>no round is one the host cannot make</string>
			<key>team</key>
			<array>
				<string>regular</string>
				<string>regular</string>
				<string>regular</string>
				<string>regular</string>
			</array>
			<key>metric</key>
			<string>unplayable</string>
			<key>atMost</key>
			<real>0.01</real>
		</dict>
	</array>
</dict>
</plist>
"""#
}
