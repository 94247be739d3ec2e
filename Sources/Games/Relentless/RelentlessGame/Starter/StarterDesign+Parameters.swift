extension StarterDesign {
    /// `DefaultGameParameters.plist`. The parameters: numbers and expressions in diffLevel (C5–C7), a ramp (M3).
    static let parameters = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!--
	The parameters (DefaultGameParameters.plist) of a starter Relentless design, written by
	`playbench init`. A flat dictionary (C5); every key is optional, and a missing key takes the
	original game's fallback (C6). An unknown key is an error.

	A value is an <integer>, a <real>, or a <string> holding a number or an expression with
	+ - * /, unary minus, parentheses and diffLevel, the current difficulty (C5). The two
	satisfaction changes may also use totalTime, timeLeft, numOfDifferences and numOfItems.
	Integer-valued keys (counts, times, money) take the ceiling of a fractional value (C7):
	"diffLevel / 2" means ceil(diffLevel / 2), and check says so in a note.

	See every value at every difficulty with:  playbench params DIR
-->
<plist version="1.0">
<dict>
	<!-- Team sizes, within 3...6 (C6); they fix the game's range, so no diffLevel. -->
	<key>minNumOfPlayers</key>
	<integer>3</integer>
	<key>maxNumOfPlayers</key>
	<integer>6</integer>

	<!-- Difficulty: a game starts at minDifficultyLevel (or where the host sets the slider) and rises by difficultyChange after every round, up to maxDifficultyLevel (M3). -->
	<key>minDifficultyLevel</key>
	<integer>1</integer>
	<key>maxDifficultyLevel</key>
	<integer>8</integer>
	<!-- Evaluated at the current difficulty, so it may use diffLevel too ("0.25 + diffLevel / 16": small steps early, larger ones later); 0.5 gives 1, 1.5, 2, … 8. -->
	<key>difficultyChange</key>
	<real>0.5</real>

	<!-- Satisfaction: every round starts at the maximum (P1); reaching the minimum ends the round (P7). -->
	<key>minSatisfaction</key>
	<integer>0</integer>
	<key>maxSatisfaction</key>
	<integer>100</integer>
	<!-- Seconds in a round (P1, P7). -->
	<key>roundTime</key>
	<integer>180</integer>
	<!-- Satisfaction lost per second per active order (P3): a real, not ceiled. -->
	<key>satisfactionUnitDecrease</key>
	<string>100 / 240</string>
	<!-- Added on a correct delivery (P5): more for a quick one. -->
	<key>correctPackageSatisfactionChange</key>
	<string>20 * (timeLeft / totalTime) + numOfItems</string>
	<!-- Added on a wrong delivery or a time-out (P5, P6; a time-out has timeLeft 0 and numOfDifferences 0). -->
	<key>wrongPackageSatisfactionChange</key>
	<string>-20 * ((totalTime - timeLeft) / totalTime) - numOfDifferences / numOfItems</string>

	<!-- Money after every round: + floor(sum of satisfactions) × satisfactionToMoneyTranslation − dailyExpense (M1); below 0 the team loses (M2). -->
	<key>dailyExpense</key>
	<string>30 + 2 * diffLevel</string>
	<key>satisfactionToMoneyTranslation</key>
	<integer>2</integer>

	<!-- Houses: a player's orders are dealt to them in turn, and each house scales its orders' time limits by a factor drawn in this range (G7). -->
	<key>numOfHouses</key>
	<integer>4</integer>
	<key>minHouseSatisfactionFactor</key>
	<real>0.6</real>
	<key>maxHouseSatisfactionFactor</key>
	<real>1.0</real>
	<!-- An order's time limit: its items × timeForEachItem seconds, before the house factor (G6). -->
	<key>timeForEachItem</key>
	<integer>60</integer>

	<!-- A round grows with the difficulty: categories (G1), groups per category (G2), orders and their size (G6); ceiled (C7). -->
	<key>numOfCategories</key>
	<string>1 + diffLevel / 3</string>
	<key>numOfGroupsPerCategory</key>
	<string>diffLevel / 3</string>
	<key>maxNumOfItemsPerOrder</key>
	<string>1 + diffLevel / 4</string>
	<key>numOfOrdersPerPlayer</key>
	<string>1 + diffLevel / 4</string>

	<!-- The chance that a round limits how many items a package holds (G8), in 0...1. -->
	<key>probOfHavingPackageLimit</key>
	<string>diffLevel / 40</string>
</dict>
</plist>
"""#
}
