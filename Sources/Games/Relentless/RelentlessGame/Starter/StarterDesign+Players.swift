extension StarterDesign {
    /// `Players.plist`. The personas: one written in full, one extending it, one extending a
    /// shipped persona, and the shipped ones by their names (so a shipped design's teams play here).
    static let players = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!--
	The players (Players.plist) of a starter Relentless design, written by `playbench init`:
	the personas `playbench simulate` plays with, a model of how people play P4. Not a file of
	the game: Playbench's own (the reference's "Players.plist" article documents every key).

	A persona gives, in seconds, the time to describe an item to a teammate (by kind), to find an
	item in its own warehouse, to pack it, to assemble, and to pass a package; the chance that it
	mishears a description (by kind), plus confusionPerGroupItem for every other item of the
	item's group in the round (C3); how many orders it works on at once; which order it starts
	next; and timeSpread, how much its times vary. identifySeconds, wrongTeammateChance and
	hopelessOrders may be left out.

	A persona may extend another with base: one of this file's, or a shipped one (novice,
	casual, expert, perfect, idle), and give only the keys it changes.
-->
<plist version="1.0">
<dict>
	<!-- The team simulate plays when told no other (its team option): one persona per player, a size minNumOfPlayers...maxNumOfPlayers allows. -->
	<key>defaultTeam</key>
	<array>
		<string>regular</string>
		<string>regular</string>
		<string>hurried</string>
	</array>
	<key>personas</key>
	<dict>
		<!-- A persona written in full: every key without a default. -->
		<key>regular</key>
		<dict>
			<!-- Seconds to describe one item of each kind to a teammate. -->
			<key>describeSeconds</key>
			<dict>
				<key>stateful</key><integer>3</integer>
				<key>titled</key><integer>6</integer>
				<key>rhythmic</key><integer>8</integer>
				<key>assembled</key><integer>7</integer>
			</dict>
			<key>findSeconds</key><real>2.5</real>
			<key>packSeconds</key><integer>1</integer>
			<!-- One Assemble action (P4). -->
			<key>assembleSeconds</key><integer>4</integer>
			<!-- To a teammate, back, or to a house. -->
			<key>passSeconds</key><real>1.5</real>
			<!-- The chance, listening, to take a described item for another, by kind (0...1). -->
			<key>misunderstandChance</key>
			<dict>
				<key>stateful</key><real>0.02</real>
				<key>titled</key><real>0.08</real>
				<key>rhythmic</key><real>0.12</real>
				<key>assembled</key><real>0.04</real>
			</dict>
			<key>confusionPerGroupItem</key><real>0.05</real>
			<key>ordersAtOnce</key><integer>1</integer>
			<!-- earliestDeadline or fewestItems. -->
			<key>strategy</key><string>earliestDeadline</string>
			<key>timeSpread</key><real>0.35</real>
		</dict>
		<!-- A persona that extends this file's regular: quicker hands, more slips, and it hands over what it has when an order cannot be finished in time. -->
		<key>hurried</key>
		<dict>
			<key>base</key><string>regular</string>
			<key>findSeconds</key><real>1.5</real>
			<key>misunderstandChance</key>
			<dict>
				<key>titled</key><real>0.15</real>
			</dict>
			<key>hopelessOrders</key><string>deliverWhatItHas</string>
		</dict>
		<!-- A persona that extends a shipped one (casual) and changes one key. -->
		<key>patient</key>
		<dict>
			<key>base</key><string>casual</string>
			<key>ordersAtOnce</key><integer>2</integer>
		</dict>
		<!-- The shipped personas by their own names, as they are: a persona whose base is its own name is the shipped one of that name, and a key given here changes it for this design only. With them the shipped design's teams (4 casual) play here too, so playbench diff Designs/relentless DIR compares the two designs on them, and a team such as casual,casual,expert plays in both. -->
		<key>novice</key>
		<dict><key>base</key><string>novice</string></dict>
		<key>casual</key>
		<dict><key>base</key><string>casual</string></dict>
		<key>expert</key>
		<dict><key>base</key><string>expert</string></dict>
		<key>perfect</key>
		<dict><key>base</key><string>perfect</string></dict>
		<key>idle</key>
		<dict><key>base</key><string>idle</string></dict>
	</dict>
</dict>
</plist>
"""#
}
