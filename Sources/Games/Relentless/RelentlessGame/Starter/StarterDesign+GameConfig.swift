extension StarterDesign {
    /// `GameConfig.plist`. The catalogue: every kind of item (C2), an assembled item nested two levels (C4).
    static let gameConfig = #"""
<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
<!--
	The item catalogue (GameConfig.plist) of a starter Relentless design, written by
	`playbench init`. Change it, then run `playbench check DIR` after every edit.

	The root has exactly four keys, one per kind of item, each an array of categories (C2):
	  statefulItems   an item per state (a colour, a shape): stateIdentifiers + stateImageStrings
	  titledItems     an item per title, in groups of look-alikes: titles + imageString
	  rhythmicItems   an item per blinking pattern, in groups: itemGroups + stateImageStrings
	  assembledItems  an item per combination of parts: parts, depth, mainImageString, partsImageStrings
	Every category has a unique name (category) and says whether players stock it
	(isInventoryItem, in warehouses, G3 and G5) and whether customers order it (isOrderItem, G1
	and G2). Items of one group are meant to be confused with each other and come into a round
	together (C3). An empty array of a kind is allowed; the key is not optional.
-->
<plist version="1.0">
<dict>
	<key>statefulItems</key>
	<array>
		<!-- fruit: stocked and ordered; one item per state, stateIdentifiers[i] shown by stateImageStrings[i] (C2). -->
		<dict>
			<key>category</key>
			<string>fruit</string>
			<key>isInventoryItem</key>
			<true/>
			<key>isOrderItem</key>
			<true/>
			<key>stateImageStrings</key>
			<array>
				<string>fruitApple</string>
				<string>fruitPear</string>
				<string>fruitPeach</string>
				<string>fruitApricot</string>
				<string>fruitPlum</string>
				<string>fruitDamson</string>
			</array>
			<key>stateIdentifiers</key>
			<array>
				<string>apple</string>
				<string>pear</string>
				<string>peach</string>
				<string>apricot</string>
				<string>plum</string>
				<string>damson</string>
			</array>
		</dict>
		<!-- wheel: stocked, never ordered alone: a part of cart (G3 takes an ordered cart apart into its parts). -->
		<dict>
			<key>category</key>
			<string>wheel</string>
			<key>isInventoryItem</key>
			<true/>
			<key>isOrderItem</key>
			<false/>
			<key>stateImageStrings</key>
			<array>
				<string>wheelRound</string>
				<string>wheelSquare</string>
				<string>wheelStar</string>
				<string>wheelHexagon</string>
			</array>
			<key>stateIdentifiers</key>
			<array>
				<string>round</string>
				<string>square</string>
				<string>star</string>
				<string>hexagonal</string>
			</array>
		</dict>
		<!-- crate: a part only too (cart). -->
		<dict>
			<key>category</key>
			<string>crate</string>
			<key>isInventoryItem</key>
			<true/>
			<key>isOrderItem</key>
			<false/>
			<key>stateImageStrings</key>
			<array>
				<string>crateRed</string>
				<string>crateBlue</string>
				<string>crateGreen</string>
				<string>crateYellow</string>
			</array>
			<key>stateIdentifiers</key>
			<array>
				<string>red</string>
				<string>blue</string>
				<string>green</string>
				<string>yellow</string>
			</array>
		</dict>
	</array>
	<key>titledItems</key>
	<array>
		<!-- book: titles in groups that sound alike when read aloud (C3); one image for the whole category. -->
		<dict>
			<key>category</key>
			<string>book</string>
			<key>isInventoryItem</key>
			<true/>
			<key>isOrderItem</key>
			<true/>
			<key>titles</key>
			<array>
				<array>
					<string>The Night Train</string>
					<string>The Knight's Train</string>
					<string>The Night Rain</string>
				</array>
				<array>
					<string>Four Candles</string>
					<string>Fork Handles</string>
				</array>
				<array>
					<string>Sea Shells</string>
					<string>She Sells</string>
					<string>See Shells</string>
				</array>
			</array>
			<key>imageString</key>
			<string>bookCover</string>
		</dict>
	</array>
	<key>rhythmicItems</key>
	<array>
		<!--
			lamp: blinking patterns. stateImageStrings are the lamp's states (0 off, 1 on); a rhythm
			shows stateSequence, each state for unitDuration seconds (an integer, at least 1). The
			indices used must be exactly 0...count-1 (C2); rhythms of a group look alike (C3).
		-->
		<dict>
			<key>category</key>
			<string>lamp</string>
			<key>isInventoryItem</key>
			<true/>
			<key>isOrderItem</key>
			<true/>
			<key>itemGroups</key>
			<array>
				<array>
					<dict>
						<key>unitDuration</key>
						<integer>1</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>0</integer></array>
					</dict>
					<dict>
						<key>unitDuration</key>
						<integer>2</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>0</integer></array>
					</dict>
				</array>
				<array>
					<dict>
						<key>unitDuration</key>
						<integer>1</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>1</integer><integer>0</integer></array>
					</dict>
					<dict>
						<key>unitDuration</key>
						<integer>1</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>0</integer><integer>0</integer></array>
					</dict>
				</array>
				<array>
					<dict>
						<key>unitDuration</key>
						<integer>1</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>0</integer><integer>1</integer><integer>0</integer><integer>0</integer></array>
					</dict>
					<dict>
						<key>unitDuration</key>
						<integer>1</integer>
						<key>stateSequence</key>
						<array><integer>1</integer><integer>0</integer><integer>1</integer><integer>1</integer><integer>0</integer></array>
					</dict>
				</array>
			</array>
			<key>stateImageStrings</key>
			<array>
				<string>lampOff</string>
				<string>lampOn</string>
			</array>
		</dict>
	</array>
	<key>assembledItems</key>
	<array>
		<!--
			cart (depth 0: atomic parts only, C4): a crate on two wheels. A category named twice
			in parts is two parts of it; swapping them gives the same item (C3), so cart has
			4 crates × C(4 + 1, 2) = 10 wheel pairs = 40 items. Ordered only: players build it
			with the Assemble action (P4). partsImageStrings has one key per distinct part
			category: one image per state of a stateful or rhythmic part, one for a titled or
			assembled part (C2).
		-->
		<dict>
			<key>category</key>
			<string>cart</string>
			<key>isInventoryItem</key>
			<false/>
			<key>isOrderItem</key>
			<true/>
			<key>parts</key>
			<array>
				<string>crate</string>
				<string>wheel</string>
				<string>wheel</string>
			</array>
			<key>depth</key>
			<integer>0</integer>
			<key>mainImageString</key>
			<string>cartFrame</string>
			<key>partsImageStrings</key>
			<dict>
				<key>crate</key>
				<array>
					<string>cartCrateRed</string>
					<string>cartCrateBlue</string>
					<string>cartCrateGreen</string>
					<string>cartCrateYellow</string>
				</array>
				<key>wheel</key>
				<array>
					<string>cartWheelRound</string>
					<string>cartWheelSquare</string>
					<string>cartWheelStar</string>
					<string>cartWheelHexagon</string>
				</array>
			</dict>
		</dict>
		<!--
			lampCart (depth 1, C4): a cart with a lamp on it: lampCart > cart > crate and wheels.
			Its depth must be above every assembled part's (cart: 0). Taken apart to its atomic
			parts when ordered (G3).
		-->
		<dict>
			<key>category</key>
			<string>lampCart</string>
			<key>isInventoryItem</key>
			<false/>
			<key>isOrderItem</key>
			<true/>
			<key>parts</key>
			<array>
				<string>cart</string>
				<string>lamp</string>
			</array>
			<key>depth</key>
			<integer>1</integer>
			<key>mainImageString</key>
			<string>lampCartFrame</string>
			<key>partsImageStrings</key>
			<dict>
				<key>cart</key>
				<array>
					<string>lampCartCart</string>
				</array>
				<key>lamp</key>
				<array>
					<string>lampCartLampOff</string>
					<string>lampCartLampOn</string>
				</array>
			</dict>
		</dict>
		<!--
			parade (depth 2, C4): a lampCart carrying a fruit, so assembled items nest two levels
			below it: parade > lampCart > cart > crate and wheels. Its depth is above lampCart's (1).
			An order of one parade takes five atomic items and three Assemble actions (P4); G8's
			package limit counts its atomic parts.
		-->
		<dict>
			<key>category</key>
			<string>parade</string>
			<key>isInventoryItem</key>
			<false/>
			<key>isOrderItem</key>
			<true/>
			<key>parts</key>
			<array>
				<string>lampCart</string>
				<string>fruit</string>
			</array>
			<key>depth</key>
			<integer>2</integer>
			<key>mainImageString</key>
			<string>paradeFloat</string>
			<key>partsImageStrings</key>
			<dict>
				<key>lampCart</key>
				<array>
					<string>paradeLampCart</string>
				</array>
				<key>fruit</key>
				<array>
					<string>paradeApple</string>
					<string>paradePear</string>
					<string>paradePeach</string>
					<string>paradeApricot</string>
					<string>paradePlum</string>
					<string>paradeDamson</string>
				</array>
			</dict>
		</dict>
	</array>
</dict>
</plist>
"""#
}
