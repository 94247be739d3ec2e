#include "PlainCAndora.h"

static const int lines[8][3] = {{0, 1, 2}, {3, 4, 5}, {6, 7, 8}, {0, 3, 6}, {1, 4, 7}, {2, 5, 8}, {0, 4, 8}, {2, 4, 6}};

enum { EMPTY = 0, X = 1, O = 2 };

typedef struct {
    unsigned char cells[9][9];  // [mini-field][cell]
    unsigned char fields[9];    // R1.3 under R1.4.1: EMPTY, X or O
    int target;                 // -1: anywhere (R1.8.1)
    int mover;
} game;

static uint64_t next(uint64_t *state) {  // xorshift64*
    uint64_t x = *state;
    x ^= x >> 12;
    x ^= x << 25;
    x ^= x >> 27;
    *state = x;
    return x * 0x2545F4914F6CDD1DULL;
}

static int has_line(const unsigned char *grid, int sign) {
    for (int l = 0; l < 8; l++) {
        if (grid[lines[l][0]] == sign && grid[lines[l][1]] == sign && grid[lines[l][2]] == sign) return 1;
    }
    return 0;
}

/// Returns 0 while the game goes on, else X, O or 3 for a draw.
static int play(game *g, int field, int cell) {
    g->cells[field][cell] = (unsigned char)g->mover;
    if (g->fields[field] == EMPTY && has_line(g->cells[field], g->mover)) {
        g->fields[field] = (unsigned char)g->mover;  // R1.4.1
        if (has_line(g->fields, g->mover)) return g->mover;  // R1.9.1
    }
    g->mover = g->mover == X ? O : X;
    g->target = cell;  // R1.8.2
    for (int c = 0; c < 9; c++) {
        if (g->cells[cell][c] == EMPTY) return 0;
    }
    return 3;  // R1.9.2
}

uint64_t plain_c_andora_random_games(uint64_t games, uint64_t seed) {
    uint64_t state = seed ? seed : 1, marks = 0;
    for (uint64_t i = 0; i < games; i++) {
        game g = {0};
        g.target = -1;
        g.mover = X;
        int result = 0;
        while (!result) {
            int moves[81], count = 0;
            for (int f = 0; f < 9; f++) {
                if (g.target >= 0 && f != g.target) continue;
                for (int c = 0; c < 9; c++) {
                    if (g.cells[f][c] == EMPTY) moves[count++] = f * 9 + c;
                }
            }
            int move = moves[next(&state) % (uint64_t)count];
            result = play(&g, move / 9, move % 9);
            marks++;
        }
    }
    return marks;
}
