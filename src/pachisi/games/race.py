"""Compiled rules shared by the race games: recording a player who has
brought every piece home, passing the turn past finished players, burning
dice that cannot be played, and taking earned extra rolls."""
from numba import njit

from ..engine import kernel as K


@njit(cache=True)
def finished(st, q):
    """True once player q has finished (is in the finishing order)."""
    for i in range(st[K.H_NFIN]):
        if st[K.H_ORDER + i] == q:
            return True
    return False


@njit(cache=True)
def record_finish(st, nplayers, pl, play_for_places, ev, ne):
    """Player pl has brought all pieces home: note the place, end the game
    when the winner is known (or, playing for places, when one player is left)."""
    nfin = st[K.H_NFIN]
    st[K.H_ORDER + nfin] = pl
    st[K.H_NFIN] = nfin + 1
    if nfin == 0:
        st[K.H_WINNER] = pl
    ne = K.emit(ev, ne, K.EV_WON, pl, 0, nfin + 1, 0)
    left = nplayers - nfin - 1
    if not play_for_places or left <= 1:
        if play_for_places and left == 1:
            for q in range(nplayers):
                if not finished(st, q):
                    st[K.H_ORDER + nfin + 1] = q
                    st[K.H_NFIN] = nfin + 2
        st[K.H_PHASE] = K.PHASE_OVER
    return ne


@njit(cache=True)
def burn_dice(st, ev, ne):
    """The dice left in the roll cannot be played: they are lost."""
    pl = st[K.H_PLAYER]
    for slot in range(st[K.H_NDICE]):
        if st[K.H_DICE + slot]:
            ne = K.emit(ev, ne, K.EV_BURNED, pl, 0, st[K.H_DICE + slot], 0)
            st[K.H_DICE + slot] = 0
    return ne


@njit(cache=True)
def pass_turn(st, nplayers, ev, ne):
    """The turn goes to the next player who has not finished."""
    pl = st[K.H_PLAYER]
    nxt = pl
    for _ in range(nplayers):
        nxt = (nxt + 1) % nplayers
        if not finished(st, nxt):
            break
    st[K.H_PLAYER] = nxt
    st[K.H_PHASE] = K.PHASE_ROLL
    return K.emit(ev, ne, K.EV_PASS, pl, 0, nxt, 0)


@njit(cache=True)
def dice_left(st):
    """How many dice of the roll are still to play."""
    n = 0
    for slot in range(st[K.H_NDICE]):
        if st[K.H_DICE + slot]:
            n += 1
    return n


@njit(cache=True)
def roll_again_or_pass(st, nplayers, extra, ev, ne):
    """The roll is over: the player rolls again while extra rolls are banked
    in st[extra] (taking one), else the turn passes.  A player who has just
    brought the last piece home passes and loses what was banked."""
    pl = st[K.H_PLAYER]
    if st[extra] > 0 and not finished(st, pl):
        st[extra] -= 1
        st[K.H_PHASE] = K.PHASE_ROLL
        return K.emit(ev, ne, K.EV_EXTRA_ROLL, pl, 0, st[extra], 0)
    st[extra] = 0
    return pass_turn(st, nplayers, ev, ne)
