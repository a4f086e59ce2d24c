"""A missed capture that the opponents may call, the Python side (its compiled side is claim_rules.pxd):
Мандавошка's claim and Parqués's soplar.  While the claim is open the opponent asked answers with
`call-a` (the offender's piece a is punished) or `nocall` (let it pass); position files give it as the
turn's "claim": {"offender": 1, "pieces": ["a"]}."""
from ..engine import kernel as K
from ..engine.game import GameError, Move
from ..engine.position import take_count
from ..i18n import Text
from .race import PIECES, POS



class CalledCapture:
    """Mixed into a Game before Game: the game gives the state fields `claim_at` (1 + the offender) and
    `stake_at` (pieces at stake, bits), `extra_at` (rolls banked), the kinds `call_kind` and `nocall_kind`,
    `call_words` (a Text with {piece}), `called_to` (where a called piece goes), and `claim_allowed()`,
    `stake_problem(arr, offender, k)` (why that piece cannot be at stake, or None)."""

    claim_at = stake_at = extra_at = call_kind = nocall_kind = -1
    called_to = 0
    call_words = "call the missed capture: piece {piece} is punished"

    def claim_features(self):
        """The names of the claim's features: whether one is open, its offender (one a seat) and the
        pieces at stake."""
        return ("claim open", *(f"claim offender +{r}" for r in range(self.seat_count)),
                *(f"claim: piece {c} at stake" for c in "abcd"))

    @property
    def turn_features(self):
        return self.claim_features()

    def claim_allowed(self):
        return True

    def stake_problem(self, arr, offender, k):
        return None

    def claim(self, arr):
        """While a missed capture may be called: (offender, pieces at stake), else None."""
        if not arr[self.claim_at]:
            return None
        off = int(arr[self.claim_at]) - 1
        return off, [k for k in range(PIECES) if (arr[self.stake_at] >> k) & 1]

    def fill_turn_features(self, state, observer, out):
        claim = self.claim(state.arr)
        if claim:
            offender, stake = claim
            out[0] = 1.0
            out[1 + (offender - observer) % self.players] = 1.0
            for piece in stake:
                out[1 + self.seat_count + piece] = 1.0

    def move_cells(self, arr, move):
        """Letting a missed capture pass changes nothing on the board: a button, not a piece to pick (a call
        is made on the board, by picking the offender's piece)."""
        if move.kind == self.nocall_kind:
            return None, None, "let the missed capture pass"
        return super().move_cells(arr, move)

    def move_story(self, move, dice=None):
        if move.kind == self.nocall_kind:
            return {"say": "log.nocall"}
        if move.kind == self.call_kind:
            return {"say": "log.call", "piece": self.piece_letter(move)}
        return super().move_story(move, dice)

    def move_words(self, move, dice=None):
        if move.kind == self.nocall_kind:
            return Text("let the missed capture pass")
        if move.kind == self.call_kind:
            return Text(self.call_words, piece=self.piece_letter(move))
        return super().move_words(move, dice)

    def claim_move(self, arr, action):
        """The Move of a call or a let-pass, or None for any other action."""
        _, k, kind = K.decode_action(action)
        pl = int(arr[K.H_PLAYER])
        if kind == self.nocall_kind:
            return Move(action, pl, 0, 0, kind, 0, 0, "nocall")
        if kind == self.call_kind:
            off = self.stake_player(arr, int(arr[self.claim_at]) - 1)
            return Move(action, pl, 0, k, kind, self.claim_place(arr[POS + off * PIECES + k]), self.called_to,
                        f"call-{self.piece_names[k]}")
        return None

    def stake_player(self, arr, offender):
        """Whose pieces are at stake: the offender's, or in team play, once all of his are home and he
        moves his partner's (partner_plays), his partner's (the compiled rules' mover)."""
        mate = self.partner(offender)
        if mate is not None and self.tab.partner_plays and all(
                arr[POS + offender * PIECES + k] > self.home_after for k in range(PIECES)):
            return mate
        return offender

    home_after = 0               # the last place before home (a game with teams gives it)

    def claim_place(self, p):
        """A called piece's place as its Move gives it."""
        return int(p)

    def claim_notation(self, text):
        """[(slot, piece, kind)] for 'call-a' and 'nocall', else None."""
        if text == "nocall":
            return [(0, 0, self.nocall_kind)]
        if text.startswith("call-") and text[5:] in self.piece_names:
            return [(0, self.piece_names.index(text[5:]), self.call_kind)]
        return None

    def claim_to_json(self, arr):
        """The turn's "claim" while one is open (and the offender's banked rolls), else None."""
        claim = self.claim(arr)
        if claim is None or arr[K.H_PHASE] != K.PHASE_MOVE:
            return None
        offender, pieces = claim
        turn = {"claim": {"offender": offender, "pieces": [self.piece_names[k] for k in pieces]}}
        if arr[self.extra_at]:
            turn["extra_rolls"] = int(arr[self.extra_at])
        return turn

    def claim_from_json(self, arr, turn):
        """Open the claim a position file's turn gives (popped from `turn`); False when it gives none."""
        claim = turn.pop("claim", None)
        if claim is None:
            return False
        if not self.claim_allowed():
            raise GameError("turn: a missed capture is called only with {option}", option=self.claim_option)
        if not isinstance(claim, dict) or set(claim) != {"offender", "pieces"}:
            raise GameError("turn: claim is {{\"offender\": a player, \"pieces\": [the letters of the pieces that "
                            "could have captured]}}, not {value}", value=claim)
        offender, pieces, caller = claim["offender"], claim["pieces"], int(arr[K.H_PLAYER])
        if isinstance(offender, bool) or not isinstance(offender, int) or not 0 <= offender < self.players:
            raise GameError("turn: the claim's offender is a player from 0 to {last}, not {value}",
                            last=self.players - 1, value=offender)
        if offender == caller:
            raise GameError("turn: the player to move calls the missed capture, so it is not the offender")
        if (not isinstance(pieces, list) or not pieces
                or not all(isinstance(k, str) and k in self.piece_names for k in pieces)):
            raise GameError("turn: the claim's pieces are letters of the offender's pieces, like [\"a\"], not {value}",
                            value=pieces)
        stake = 0
        for letter in pieces:
            k = self.piece_names.index(letter)
            problem = self.stake_problem(arr, offender, k)
            if problem:
                raise GameError("turn: the offender's piece {piece} {problem}", piece=letter, problem=problem)
            stake |= 1 << k
        extra = take_count(turn, "extra_rolls", 0, 1)
        arr[K.H_PHASE] = K.PHASE_MOVE
        arr[K.H_NDICE] = 0
        arr[self.claim_at] = offender + 1
        arr[self.stake_at] = stake
        arr[self.extra_at] = extra
        return True
