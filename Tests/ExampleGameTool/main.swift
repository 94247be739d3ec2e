import ExampleGame
import GameSeam
import PlaybenchCLI

// `playbench` with one more game: what a tool built on Playbench does to add its own.
var registry = Playbench.shippedGames
registry.games.append(CoinGame())
Playbench.main(registry: registry)
