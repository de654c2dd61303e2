/*
 * playouts.c - plain C reference benchmark: random playouts of Kalah(6,4),
 * standard rules.
 *
 * Build and run:
 *   gcc -O3 -march=native -o /tmp/playouts bench/c/playouts.c && /tmp/playouts 1000000
 *
 * Argument: number of games N (default 1000000).
 * Output (one line): games, total moves (sowings), mean final margin
 * (South store - North store after the final sweep, 4 decimals), elapsed
 * seconds, moves per second.
 *
 * Rules: 14-int board, index 0..5 = South houses 1..6, 6 = South store,
 * 7..12 = North houses 1..6, 13 = North store; sowing goes to increasing
 * index (counter-clockwise), skipping the opponent's store; the origin house
 * is not skipped on laps.  Last seed in own store = extra turn.  Last seed in
 * an own house that was empty (now 1) with the opposite house non-empty =
 * that seed plus the opposite seeds go to the mover's store (opposite empty:
 * nothing happens).  After every sowing, if either side's houses are all
 * empty the game ends and each side's remaining seeds go to its owner's store.
 * South moves first.
 *
 * Move choice: one global xorshift64 state x = 88172645463325252; before each
 * move: x ^= x << 13; x ^= x >> 7; x ^= x << 17; then the move is
 * candidates[x % count], candidates = the mover's non-empty houses in house
 * order 1..6.  The state carries over from game to game.
 *
 * Reference output (gcc -O3 -march=native, 2-core VM), 1,000,000 games:
 *   games 1000000 moves 43983494 mean_margin 0.4775 elapsed 1.698 s moves_per_sec 25908459
 * (games/moves/mean_margin were cross-checked by driving OpenSpiel 2.0.2's
 * "mancala" with the same xorshift choices over its sorted legal actions, and
 * sweeping for the margin: identical 43983494 moves, mean margin 0.4775.)
 * games, total moves and mean margin are deterministic and must be reproduced
 * exactly by a port; the timing fields are machine dependent.
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static uint64_t x = 88172645463325252ULL;

static uint64_t next_random(void) {
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    return x;
}

/* Plays one game; adds the number of sowings to *moves; returns S - N. */
static int play_game(long long *moves) {
    int board[14];
    int i;
    for (i = 0; i < 14; i++) board[i] = 4;
    board[6] = 0;
    board[13] = 0;

    int player = 0; /* 0 = South, 1 = North */
    for (;;) {
        int first = player == 0 ? 0 : 7;
        int own_store = player == 0 ? 6 : 13;
        int opp_store = player == 0 ? 13 : 6;

        int candidates[6];
        int count = 0;
        for (i = 0; i < 6; i++)
            if (board[first + i] > 0) candidates[count++] = first + i;

        uint64_t r = next_random();
        int pit = candidates[r % (uint64_t)count];

        int seeds = board[pit];
        board[pit] = 0;
        int pos = pit;
        while (seeds > 0) {
            pos = (pos + 1) % 14;
            if (pos == opp_store) continue;
            board[pos]++;
            seeds--;
        }
        (*moves)++;

        if (pos != own_store) {
            if (pos >= first && pos < first + 6 && board[pos] == 1) {
                int opposite = 12 - pos;
                if (board[opposite] > 0) {
                    board[own_store] += board[opposite] + 1;
                    board[opposite] = 0;
                    board[pos] = 0;
                }
            }
            player = 1 - player;
        }

        int south = 0, north = 0;
        for (i = 0; i < 6; i++) {
            south += board[i];
            north += board[7 + i];
        }
        if (south == 0 || north == 0) {
            board[6] += south;
            board[13] += north;
            return board[6] - board[13];
        }
    }
}

int main(int argc, char **argv) {
    long long games = 1000000;
    if (argc > 1) games = atoll(argv[1]);

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);

    long long moves = 0;
    long long margin_sum = 0;
    long long g;
    for (g = 0; g < games; g++) margin_sum += play_game(&moves);

    clock_gettime(CLOCK_MONOTONIC, &t1);
    double elapsed = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) * 1e-9;
    double mean = games > 0 ? (double)margin_sum / (double)games : 0.0;

    printf("games %lld moves %lld mean_margin %.4f elapsed %.3f s moves_per_sec %.0f\n",
           games, moves, mean, elapsed, elapsed > 0 ? (double)moves / elapsed : 0.0);
    return 0;
}
