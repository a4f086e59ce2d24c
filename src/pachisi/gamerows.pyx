"""Compiled playouts that keep a row per game: the games Engine.run_many plays
(the same dice, the same choices: its loop, kernel.playout, step for step),
with each seat's figures besides the totals, for per-game output (Parquet:
sim.py's rows).  Row layout (ROW_FIXED numbers, then ROW_PER_SEAT per seat):

    seed, first player, rolls, actions, captures, winner (-1: cut off), winner's policy seat,
    then per seat p: its place (1 = first; 0 unfinished), captures it made,
    its pieces captured, its actions."""
from libc.stdlib cimport calloc, free
from libc.string cimport memcpy

import numpy as np

from pachisi.engine.kernel cimport (EV_CAPTURED, EV_WIDTH, H_NFIN, H_NPLAYERS, order_at, H_PHASE, H_PLAYER,
                                    H_ROLLS, H_SEQ, H_WINNER, MAX_DICE, MAX_EVENTS, MAX_PLAYERS, PHASE_OVER,
                                    PHASE_ROLL, Engine, Rules, Work, choose, draw_dice, i64, legal, rolloff,
                                    set_dice, settle, work_alloc, work_free)

cpdef enum:
    ROW_FIXED = 7
    ROW_PER_SEAT = 4


cdef void count_events(const i64* ev, i64 ne, i64* row, i64 n) noexcept nogil:
    cdef i64 j, victim, captor
    for j in range(min(ne, MAX_EVENTS)):
        if ev[j * EV_WIDTH] == EV_CAPTURED:
            row[4] += 1
            victim, captor = ev[j * EV_WIDTH + 1], ev[j * EV_WIDTH + 4]
            if 0 <= captor < n:
                row[ROW_FIXED + captor * ROW_PER_SEAT + 1] += 1
            if 0 <= victim < n:
                row[ROW_FIXED + victim * ROW_PER_SEAT + 2] += 1


cdef bint play_row(const Rules* R, Work* W, i64* st, i64 seed, const i64* policies, i64 max_rolls, i64* acts,
                   i64* row) noexcept nogil:
    """kernel.playout, keeping the row's figures; False when max_rolls came first."""
    cdef i64 ev[MAX_EVENTS * EV_WIDTH]
    cdef i64 values[MAX_DICE]
    cdef i64 k = 0, n = 0, ne, a, p, i, np_ = st[H_NPLAYERS]
    n = legal(R, W, st, acts)
    while st[H_PHASE] != PHASE_OVER:
        if st[H_PHASE] == PHASE_ROLL:
            if row[2] >= max_rolls:
                return False
            draw_dice(R, seed, st[H_ROLLS] * 8, values)
            row[2] += 1
            ne = set_dice(R, st, values, ev, 0)
        else:
            p = st[H_PLAYER]
            a = choose(R, W, st, policies[p], seed, k, acts, n)
            k += 1
            row[3] += 1
            row[ROW_FIXED + p * ROW_PER_SEAT + 3] += 1
            st[H_SEQ] += 1
            ne = R.play(st, R.tab, a, ev, 0)
        ne = settle(R, W, st, ev, ne, acts, &n)
        count_events(ev, ne, row, np_)
    for i in range(st[H_NFIN]):
        p = st[order_at(i)]
        if 0 <= p < np_:
            row[ROW_FIXED + p * ROW_PER_SEAT] = i + 1
    return True


def run_rows(Engine engine, const i64[::1] start, i64 seed0, i64 count, policies, bint rotate=False,
             bint first_by_rolloff=True, i64 max_rolls=1_000_000):
    """Play `count` games as Engine.run_many does (game i with seed seed0 + i) and return their rows
    (count x (ROW_FIXED + ROW_PER_SEAT * players)): columns 2-6 are run_many's five."""
    cdef const Rules* R = &engine.R
    cdef i64 n = start[H_NPLAYERS], i, j, seed, shift, width = ROW_FIXED + ROW_PER_SEAT * start[H_NPLAYERS]
    cdef i64 pol[MAX_PLAYERS]
    cdef i64 given[MAX_PLAYERS]
    cdef bint done
    cdef Work W
    if start.shape[0] != R.size:
        raise ValueError("a state of this game has %d numbers" % R.size)
    for j in range(n):
        given[j] = policies[j]
    result = np.zeros((count, width), np.int64)
    cdef i64[:, ::1] out = result
    cdef i64* st = <i64*>calloc(R.size, sizeof(i64))
    cdef i64* acts = <i64*>calloc(R.max_actions, sizeof(i64))
    cdef i64* row
    if st == NULL or acts == NULL:
        free(st)
        free(acts)
        raise MemoryError()
    work_alloc(&W, R)
    try:
        with nogil:
            for i in range(count):
                row = &out[i, 0]
                seed = seed0 + i
                shift = i % n if rotate else 0
                for j in range(n):
                    pol[j] = given[(j + shift) % n]
                memcpy(st, &start[0], R.size * sizeof(i64))
                if first_by_rolloff:
                    st[H_PLAYER] = rolloff(R, st, seed)
                row[0], row[1] = seed, st[H_PLAYER]
                done = play_row(R, &W, st, seed, pol, max_rolls, acts, row)
                row[5] = st[H_WINNER] if done else -1
                row[6] = (st[H_WINNER] + shift) % n if done else -1
    finally:
        work_free(&W)
        free(st)
        free(acts)
    return result
