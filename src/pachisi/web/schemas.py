"""Every message of the web app, as pydantic models: HTTP requests and answers,
and the WebSocket messages both ways (documented in docs/web.md)."""
from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, TypeAdapter, field_validator

from ..engine import kernel as K
from ..i18n import LANGUAGES

SPEEDS = ("instant", "fast", "normal", "slow")     # bot speeds, as table.SPEEDS
REACTIONS = ("👍", "😂", "😮", "😢", "🔥", "👏")     # the quick reactions a room offers
NAME_MAX = 24
CHAT_MAX = 200
Scalar = Union[bool, int, str]


class Strict(BaseModel):
    """What a client sends: no unknown fields, and no coercion ("0" or true is not the number 0 or 1)."""
    model_config = ConfigDict(extra="forbid", strict=True)


# -- HTTP: the lobby --------------------------------------------------------------
class SeatSpec(Strict):
    kind: Literal["local", "invite", "bot"]
    name: str = Field("", max_length=100)
    level: Optional[int] = Field(None, ge=1, le=99)


class TableOptions(Strict):
    """A table's turn clock (web/table.py), off unless asked for; and whether its people may ask for hints
    with invited people at the table (a hot-seat or bot game always may)."""
    clock: int = Field(0, ge=0, le=3600)    # seconds a person has for each decision (0: no clock)
    misses: int = Field(3, ge=1, le=20)     # turns missed in a row before `then`
    then: Literal["bot", "forfeit"] = "bot"  # bot: a bot plays for them until they are back; forfeit: they resign
    hints: bool = False                     # hints with invited people at the table too

    @field_validator("clock")
    @classmethod
    def _long_enough(cls, v):
        if 0 < v < 5:
            raise ValueError("a turn clock gives at least 5 seconds a decision (or 0: no clock)")
        return v


class CreateRoom(Strict):
    game: str = Field(min_length=1, max_length=40)
    preset: Optional[str] = Field(None, max_length=60)
    options: dict[str, Scalar] = Field(default_factory=dict)
    seats: list[SeatSpec] = Field(min_length=1, max_length=K.MAX_PLAYERS)      # the largest board's seats
    wins: Optional[int] = Field(None, ge=1, le=9)
    public: bool = False            # listed in the lobby while it waits for invited players: only if asked
    absent_after: Optional[float] = Field(None, ge=0, le=86400)
    standin_level: Optional[int] = Field(None, ge=1, le=99)
    table: TableOptions = Field(default_factory=TableOptions)

    @field_validator("options")
    @classmethod
    def _few_options(cls, v):
        if len(v) > 40:
            raise ValueError("at most 40 options")
        for key, value in v.items():
            if len(key) > 60 or (isinstance(value, str) and len(value) > 60):
                raise ValueError("option names and values are at most 60 characters")
        return v


class Created(BaseModel):
    code: str
    token: str
    url: str                        # the invitation link: /r/CODE?k=KEY (the key opens a private room's seats)
    key: str


class JoinRoom(Strict):
    """One seat (`player`) or several (`players`, e.g. a team's two): all of them are taken or none is.
    With `token`, the caller's seat token in this room, the seats are taken under it (one person, more
    seats); the room checks the seats (open, in range, none twice) and says which one is wrong."""
    player: Optional[int] = Field(None, ge=0, le=K.MAX_PLAYERS - 1)
    players: Optional[list[int]] = Field(None, max_length=K.MAX_PLAYERS)
    name: str = Field("", max_length=100)
    key: Optional[str] = Field(None, max_length=64)     # the invitation link's key (a private room's seats need it)
    token: Optional[str] = Field(None, min_length=1, max_length=100)    # a seat token of this room: join it


class RematchIn(Strict):
    token: str = Field(min_length=1, max_length=100)       # a seat token of the finished room


class HintIn(Strict):
    token: str = Field(min_length=1, max_length=100)       # the seat token of the player on turn


class Hint(BaseModel):
    move: str                       # the move's notation
    level: int                      # the bot level whose choice it is
    equity: Optional[float]         # the mover's chance after it (3+ players: expected place reward); None: no evaluator


class Rematch(BaseModel):
    code: str
    url: str


class Joined(BaseModel):
    code: str
    token: str
    player: int                     # the first seat taken
    players: list[int]              # every seat taken


class ValueInfo(BaseModel):
    value: Scalar
    name: Optional[dict[str, str]] = None


class OptionInfo(BaseModel):
    name: str
    default: Scalar
    help: str
    translations: dict[str, str] = {}   # the help in other languages: {"ru": "..."}
    kind: Literal["bool", "int", "str", "number"]
    choices: list[Scalar]
    title: dict[str, str] = {}          # a short name, by language
    player_help: dict[str, str] = {}    # the help by language, its values named as the lobby shows them
    values: list[ValueInfo] = []      # the choices, each with its name by language (None: shown as is)
    min: str | None = None              # a number's least and greatest value and its step, as decimals
    max: str | None = None
    step: str | None = None


class PresetInfo(BaseModel):
    name: str
    title: dict[str, str]
    help: dict[str, str]
    values: dict[str, Scalar]


class QuickStart(BaseModel):
    players: int
    level: int


class GameInfo(BaseModel):
    name: str
    title: str
    min_players: int
    max_players: int
    match_wins: int
    colours: list[str]
    piece_names: str
    options: list[OptionInfo]
    presets: dict[str, dict[str, Scalar]]
    seating: dict[str, list[int]]   # number of players -> the seat of each player
    rules: bool
    preset_info: list[PresetInfo] = []
    quick: Optional[QuickStart] = None
    familiarity: int = 100          # the lobby lists the quick starts of the best known games first


class LevelInfo(BaseModel):
    level: int
    bot: str


class Lobby(BaseModel):
    games: list[GameInfo]
    levels: list[LevelInfo]
    default: str                    # the game the lobby's form shows first


class SeatInfo(BaseModel):
    player: int
    colour: str
    seat: int
    kind: Literal["local", "invite", "bot"]
    name: str
    level: Optional[int] = None
    open: bool = False
    present: bool = False
    standin: bool = False
    resigned: bool = False          # its person resigned (or forfeited on the clock): a bot plays it to the end
    holder: Optional[int] = None    # the first seat of the same seat token: seats of one holder are one person's
                                    # (an invited person's) or one screen's (the host's local seats)


class RoomInfo(BaseModel):
    code: str
    game: str
    title: str
    preset: str
    options: dict[str, Scalar]
    players: int
    wins: int
    score: list[int]
    round: int
    status: Literal["waiting", "playing", "over"]
    commit: str
    terms: str = ""                 # what the commitment binds besides the dice: game|players|preset|options
    seed: Optional[str] = None      # a 64-bit number as a string: JavaScript's numbers lose digits above 2**53
    salt: Optional[str] = None
    public: bool
    absent_after: float
    piece_names: str
    standin_level: int = 0          # the level of the bot that plays for an absent person
    rematch: Optional[str] = None   # the code of the room of this one's rematch, once a player asked for it
    colours: list[str]              # by seat
    more_colours: list[str] = []    # the colours of the pieces after the players' that nobody plays (a neutral one)
    dice: list[list[int]]           # each die's faces
    weights: list[list[int]]        # how often each face comes
    marks: list[dict[str, str]] = []  # what a face shows besides its number, per die (a cowrie throw's shells)
    seats: list[SeatInfo]
    table: TableOptions = TableOptions()
    hotseat: bool = False           # every seat a person at one screen: undo is allowed
    hints: bool = False             # its people may ask for a hint (a hot-seat or bot game, or the table allows it)


class OpenRoom(BaseModel):
    code: str
    game: str
    title: str
    preset: str
    players: int
    open_seats: list[int]
    names: list[str]


class MyRooms(Strict):
    tokens: dict[str, str] = Field(max_length=200)      # room code -> the seat token this browser keeps


class MyRoom(BaseModel):
    code: str
    game: str
    title: str
    status: Literal["waiting", "playing", "over"]
    you: list[int]                  # the players this token plays
    names: list[str]
    colours: list[str]
    kinds: list[str]
    levels: list[Optional[int]] = []   # a bot's level, by player
    turn: Optional[int] = None      # whose turn it is (None: waiting or over)
    winner: Optional[int] = None
    round: int
    score: list[int]


class DiceFaces(BaseModel):
    game: str
    dice: list[list[int]]           # each die's faces
    weights: list[list[int]]        # how often each face comes (all 1: a fair die)
    first_player: Optional[str] = None


class RulesPage(BaseModel):
    name: str
    title: str
    lang: str               # the language the text is in: the one asked for where translated, else "en"
    html: str


class PlayPage(RulesPage):
    diagrams: list[dict[str, Any]]  # catalogue.diagram: the boards drawn in the page's <figure data-diagram=i>


class VerifyRoll(BaseModel):
    round: int
    line: int
    player: str
    dice: list[int]
    expected: list[int]
    ok: bool


class VerifyReport(BaseModel):
    ok: bool
    games: int
    rolls: int
    commitment: Literal["ok", "mismatch", "absent", "unrevealed"]
    problems: list[str]
    checked: list[VerifyRoll]


class ReplayFrame(BaseModel):
    round: int
    player: Optional[int]
    kind: Literal["start", "roll", "move"]
    value: str
    dice: list[int]
    events: list[dict[str, Any]]
    s: list[dict[str, Any]] = []            # its events as the log tells them (engine.story)
    layout: Optional[dict[str, Any]] = None
    position: dict[str, Any]
    route: Optional[list[str]] = None       # a move's squares, "r,c" from its source: the board walks it
    d: Optional[dict[str, Any]] = None      # a move as the log tells it (Game.move_story)


class ReplayOut(BaseModel):
    game: str
    title: str
    players: int
    colours: list[str]              # by player
    seat_colours: list[str]         # by seat
    seats: list[int]
    dice: list[list[int]]           # each die's faces
    weights: list[list[int]]        # how often each face comes
    piece_names: str
    headers: list[dict[str, str]]
    frames: list[ReplayFrame]


# -- WebSocket: from the browser -------------------------------------------------------
class Hello(Strict):
    type: Literal["hello"]
    token: Optional[str] = Field(None, max_length=100)
    lang: Literal[LANGUAGES] = "en"                         # the language of this connection's refusals
    speed: Literal[SPEEDS] = "normal"                       # the bot speed its player chose (table.SPEEDS)


class Act(Strict):
    type: Literal["act"]
    seq: int = Field(ge=0, le=10 ** 9)
    action: str = Field(min_length=1, max_length=80)       # "roll" or a move in the game's notation
    id: Optional[str] = Field(None, max_length=40)         # the client's own id, echoed back


class ChatIn(Strict):
    type: Literal["chat"]
    text: str = Field(min_length=1, max_length=CHAT_MAX)


class Ping(Strict):
    type: Literal["ping"]


class Pace(Strict):
    type: Literal["pace"]
    speed: Literal[SPEEDS]                                  # the bot speed its player chose now


class Resign(Strict):
    type: Literal["resign"]
    player: int = Field(ge=0, le=K.MAX_PLAYERS - 1)                         # the seat its holder gives up


class Back(Strict):
    type: Literal["back"]                                   # "I am back": the clock's bot stops playing for me


class Undo(Strict):
    type: Literal["undo"]
    seq: int = Field(ge=0, le=10 ** 9)                      # the position the undo was asked on


class React(Strict):
    type: Literal["react"]
    emoji: Literal[REACTIONS]


ClientMessage = TypeAdapter(Annotated[Union[Hello, Act, ChatIn, Ping, Pace, Resign, Back, Undo, React],
                                      Field(discriminator="type")])


# -- WebSocket: to the browser -----------------------------------------------------------
class Welcome(BaseModel):
    type: Literal["welcome"] = "welcome"
    code: str
    you: list[int]                  # the players this connection may act for
    resigns: list[list[int]] = []   # for each of `you`, the seats its resignation gives up with it
    spectator: bool
    host: bool
    key: Optional[str] = None       # the invitation link's key, told to the room's players and host


class ErrorOut(BaseModel):
    type: Literal["error"] = "error"
    code: str                       # stale, duplicate, turn, token, illegal, malformed, too_large, rate, ...
    message: str
    seq: Optional[int] = None
    id: Optional[str] = None


class Turn(BaseModel):
    player: Optional[int]
    phase: Literal["roll", "move", "over", "waiting"]
    dice: list[int]
    roll: list[int]
    actor: Literal["person", "bot", "standin", "none"]
    absent: bool = False
    standin_in: Optional[float] = None
    clock_in: Optional[float] = None    # seconds left for this decision on the turn clock (None: no clock)


class LogEntry(BaseModel):
    n: int
    r: int
    p: int
    k: Literal["roll", "move", "resign"]     # resign: v is the player, then "clock" if it was a forfeit
    v: str
    by: str                         # person, bot, standin, clock (the turn clock played for the person)
    e: list[dict[str, Any]] = []    # its events but those the move itself tells (moved, house, pass, fence)
    s: list[dict[str, Any]] = []    # its events as the log tells them (engine.story: message keys and values)
    d: Optional[dict[str, Any]] = None      # a move as the log tells it (Game.move_story)


class Last(LogEntry):
    events: list[dict[str, Any]]    # every event
    id: Optional[str] = None
    route: Optional[list[str]] = None       # a move's squares, "r,c" from its source: the board walks it


class MoveOut(BaseModel):
    t: str
    p: int
    f: Optional[str]
    to: Optional[str]
    r: Optional[list[str]] = None           # the squares its piece walks, f first


class FenceMovesOut(BaseModel):
    """The moves of one fence, as one group: [[notation, target slot], ...] (boardjson.compact_moves)."""
    p: int
    f: str
    g: list[list[str]]


class ChatOut(BaseModel):
    type: Literal["chat"] = "chat"
    player: int
    name: str
    text: str
    at: float


class StateOut(BaseModel):
    type: Literal["state"] = "state"
    seq: int
    room: RoomInfo
    turn: Turn
    winner: Optional[int]
    order: list[int]
    layout: Optional[dict[str, Any]] = None
    position: dict[str, Any]
    moves: list[Union[MoveOut, FenceMovesOut]]     # to the seat to move only; [] to the others
    last: Optional[Last] = None
    log: Optional[list[LogEntry]] = None
    chat: Optional[list[ChatOut]] = None


class Pong(BaseModel):
    type: Literal["pong"] = "pong"
    seq: int
