/* A minimal C loop of 4-player Ludo with random moves: the practical limit
 * that pachisi's compiled playouts are measured against (ludo_c_loop.py).
 *
 * The rules are pachisi's Ludo seed preset (docs/games/ludo.md): a 52-square
 * track, one die, a piece leaves the yard on a 6 onto its start, a 6 rolls
 * again, the third 6 in a row is not played and the turn passes, a piece
 * ending on an opponent's captures it except on the 8 safe squares, two own
 * pieces never share a square, a home column of 5 reached by exact count.
 * The dice and the random choices come from the same splitmix64 streams as
 * pachisi's (kernel.pyx: draw, rolloff, choose), so both play exactly the
 * same games: the benchmark checks every game's length. */
#include <stdint.h>
#include <string.h>

#define L 52          /* ring squares */
#define T 50          /* last ring place before the home column */
#define H 5           /* home column */
#define GOAL (L + H)
#define YARD -1

static inline uint64_t mix64(uint64_t z) {
    z += 0x9E3779B97F4A7C15ULL;
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

static inline int64_t draw(int64_t seed, int64_t counter, int64_t modulus) {
    return (int64_t)((mix64(mix64((uint64_t)seed) + (uint64_t)counter)) % (uint64_t)modulus);
}

static inline int safe(int g) { int r = g % 13; return r == 0 || r == 8; }

typedef struct {
    int pos[4][4];     /* player-relative places */
    int owner[L];      /* per global square: player + 1 standing there, 0 empty (at most one colour off safe squares) */
    int count[L][4];   /* per global square and player: own pieces */
} Board;

static inline int cell(int pl, int r) { return (r + 13 * pl) % L; }

static inline int target(int p, int d) {
    int t;
    if (p >= L) t = p + d;
    else {
        int left = ((T - p) % L + L) % L;
        if (d <= left) return (p + d) % L;
        t = L + d - left - 1;
    }
    return t <= GOAL ? t : -1;
}

/* the place piece k of pl would reach with die d, or -2 when it cannot move */
static inline int dest(const Board* b, int pl, int k, int d) {
    int p = b->pos[pl][k], t;
    if (p == YARD) {
        if (d != 6) return -2;
        for (int j = 0; j < k; j++) if (b->pos[pl][j] == YARD) return -2;   /* the first waiting piece enters */
        t = 0;
    } else if (p == GOAL) return -2;
    else {
        t = target(p, d);
        if (t < 0) return -2;
    }
    if (t == GOAL) return t;
    if (t >= L) {
        for (int j = 0; j < 4; j++) if (b->pos[pl][j] == t) return -2;
        return t;
    }
    if (b->count[cell(pl, t)][pl]) return -2;
    return t;
}

static inline void lift(Board* b, int pl, int p) {
    if (p >= 0 && p < L) b->count[cell(pl, p)][pl]--;
}

static inline void put(Board* b, int pl, int t) {
    if (t >= 0 && t < L) b->count[cell(pl, t)][pl]++;
}

/* plays `count` games with seeds seed0, seed0 + 1, ...; rolls_out[i] receives
 * game i's rolls, winners_out[i] its winner */
int64_t play_many(int64_t seed0, int64_t count, int64_t* rolls_out, int64_t* winners_out) {
    int64_t total = 0;
    for (int64_t gi = 0; gi < count; gi++) {
        int64_t seed = seed0 + gi;
        Board b;
        memset(&b, 0, sizeof b);
        for (int q = 0; q < 4; q++) for (int k = 0; k < 4; k++) b.pos[q][k] = YARD;
        /* roll-off: every player rolls, the highest starts, ties roll again */
        int alive[4] = {1, 1, 1, 1}, left = 4;
        int64_t counter = (int64_t)1 << 40;
        while (left > 1) {
            int64_t sums[4], top = -1;
            for (int p = 0; p < 4; p++) {
                sums[p] = -1;
                if (alive[p]) { sums[p] = 1 + draw(seed, counter, 6); counter += 8; if (sums[p] > top) top = sums[p]; }
            }
            left = 0;
            for (int p = 0; p < 4; p++) { alive[p] = sums[p] == top; left += alive[p]; }
        }
        int pl = 0;
        while (!alive[pl]) pl++;
        int64_t rolls = 0, k = 0;
        int run = 0, winner = -1;
        while (winner < 0) {
            int d = 1 + (int)draw(seed, rolls * 8, 6);
            rolls++;
            run = d == 6 ? run + 1 : 0;
            int again = 0;
            if (run < 3) {
                int acts[4], n = 0;
                for (int j = 0; j < 4; j++) if (dest(&b, pl, j, d) != -2) acts[n++] = j;
                if (n) {
                    int j = n == 1 ? acts[0] : acts[draw(seed ^ 0x5DEECE66DLL, k, n)];
                    k++;
                    int p = b.pos[pl][j], t = p == YARD ? 0 : target(p, d);
                    lift(&b, pl, p);
                    if (t < L) {
                        int g = cell(pl, t);
                        if (!safe(g))
                            for (int q = 0; q < 4; q++)
                                if (q != pl && b.count[g][q])
                                    for (int v = 0; v < 4; v++)
                                        if (b.pos[q][v] >= 0 && b.pos[q][v] < L && cell(q, b.pos[q][v]) == g) {
                                            b.count[g][q]--;
                                            b.pos[q][v] = YARD;
                                        }
                    }
                    b.pos[pl][j] = t;
                    put(&b, pl, t);
                    if (t == GOAL) {
                        int all = 1;
                        for (int v = 0; v < 4; v++) all &= b.pos[pl][v] == GOAL;
                        if (all) { winner = pl; break; }
                    }
                }
                again = d == 6;
            }
            if (!again) { pl = (pl + 1) % 4; run = 0; }
        }
        rolls_out[gi] = rolls;
        winners_out[gi] = winner;
        total += rolls;
    }
    return total;
}
