// A plain C engine for Andora (seeds/002, R1): the reference the Swift engine's speed is measured
// against. Written the way a straightforward C program would be: a 9×9 array of cells, a state
// per mini-field, legal moves collected into an array, lines found by looping over a table.
#ifndef PLAIN_C_ANDORA_H
#define PLAIN_C_ANDORA_H

#include <stdint.h>

/// Plays `games` random games of the spec's rules ('first' strategy, a full target is a draw)
/// from `seed`; returns the marks placed over all games (so the work cannot be optimised away).
uint64_t plain_c_andora_random_games(uint64_t games, uint64_t seed);

#endif
