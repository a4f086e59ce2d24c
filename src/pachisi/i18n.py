"""What the engine and the server say, in the languages of the interface (issue #6).

Gettext style: the English text is the key, so a message nobody has translated
yet still reaches the player, in English.  A message with values is a template
("seat {player} is already taken"): it is translated first and filled after,
so nothing is ever parsed back out of a finished sentence.  A value that is a
word of the interface itself (a colour, "a bot") is passed as a `Term` and is
translated too; a part with values of its own (the error in "line 5: {error}")
is a `Text` or an `Error`.  Every error the package raises is an `Error` with
a template, so a record, a position file or an option refused is told in the
reader's language too.  One catalogue serves the server's refusals, the games'
reasons, these errors and the house-rule help the lobby shows (web/catalogue.py
hands it on).
"""

LANGUAGES = ("en", "ru")


class Term(str):
    """A value filled into a message that is itself a word to translate."""


class Text:
    """A sentence to tell in any language: its English template and the values
    to fill in (a value may itself be a Term, a Text or an Error)."""

    __slots__ = ("template", "values")

    def __init__(self, template, /, **values):
        self.template, self.values = template, values

    def message(self, lang="en"):
        return render(self.template, lang, **self.values)

    def __str__(self):
        return self.message()

    def __repr__(self):
        return f"Text({self.message()!r})"


class Error(ValueError):
    """An error whose message can be told in any language: raised with an
    English template and its values, like a Text; str() is the English."""

    def __init__(self, template, /, **values):
        self.template, self.values = template, values
        super().__init__(self.message())

    def message(self, lang="en"):
        return render(self.template, lang, **self.values)


class Plural(str):
    """A message whose words follow a count, as gettext's msgid and msgid_plural: the English singular
    (the key of its translations: a tuple of each language's forms, in the order of its plural rule),
    with the English plural and the name of the field that holds the count."""

    def __new__(cls, singular, plural, count="count"):
        self = super().__new__(cls, singular)
        self.plural, self.count = plural, count
        return self

    def __reduce__(self):
        return Plural, (str(self), self.plural, self.count)


plural = Plural


def plural_form(lang, n):
    """Which of a language's forms a count takes (gettext's Plural-Forms): Russian says 1, 21 фишка;
    2, 22 фишки; 5, 11, 25 фишек; English 1 piece, else pieces."""
    n = abs(int(n))
    if lang == "ru":
        return 0 if n % 10 == 1 and n % 100 != 11 else 1 if 2 <= n % 10 <= 4 and not 12 <= n % 100 <= 14 else 2
    return 0 if n == 1 else 1


def translate(text, lang="en"):
    """`text` in `lang`; the English text itself where the catalogue has none (a Plural: its forms)."""
    return CATALOGUES.get(lang, {}).get(text, text)


def render(template, lang="en", subject=None, /, **values):
    """`template` in `lang` with its {fields} filled, after "subject: " when a subject
    (the move refused) is given; a Plural in the form its count takes."""
    text = translate(template, lang)
    if isinstance(template, Plural):
        told = isinstance(text, tuple)
        forms = text if told else (str(template), template.plural)
        text = forms[plural_form(lang if told else "en", values[template.count])]
    if values:
        text = text.format(**{k: _told(v, lang) for k, v in values.items()})
    return text if subject is None else f"{subject}: {text}"


def _told(value, lang):
    if isinstance(value, Term):
        return translate(value, lang)
    if isinstance(value, (Text, Error)):
        return value.message(lang)
    if value is None or isinstance(value, (bool, list, tuple, dict)):
        return _Written(value)
    return value


class _Written(str):
    """A value as a position file or a command line writes it (true, [1, 2], null),
    also under {value!r}: a message never shows Python's True or (0, 1)."""

    def __new__(cls, value):
        import json
        return super().__new__(cls, json.dumps(value, ensure_ascii=False, default=str))

    def __repr__(self):
        return str(self)


def translations(text):
    """{lang: text} in every other language the catalogue has it in."""
    return {lang: CATALOGUES[lang][text] for lang in LANGUAGES if text in CATALOGUES.get(lang, {})}


def negotiate(header):
    """The language of LANGUAGES an Accept-Language header prefers; English without one."""
    best, best_q = "en", 0.0
    for part in (header or "").split(","):
        tag, _, params = part.partition(";")
        lang = tag.strip().lower().split("-")[0]
        q = 1.0
        for param in params.split(";"):
            key, _, value = param.strip().partition("=")
            if key == "q":
                try:
                    q = float(value)
                except ValueError:
                    q = 0.0
        if lang in LANGUAGES and q > best_q:
            best, best_q = lang, q
    return best


# The words the games' players use (docs/games and the rule texts): Шиш-беш has a парк, a домик and
# укрытия; Мандавошка an болото, the БУР, масти (corners) and туалеты; Трясучка a база, лунки and a дом;
# Ludo a двор; Parchís a дом, барьеры and a коридор; Parcheesi a гнездо and блокады; Kimbo пешки and заборы.
RU = {
    # -- the engine: why a move is refused ----------------------------------------------
    "the game is over": "игра окончена",
    "roll the dice first": "сначала бросьте кубики",
    "no such move": "такого хода нет",
    "the dice are already rolled: a move is expected": "кубики уже брошены: ждём хода",
    "action {action} is not a move of this game": "действие {action} — не ход этой игры",
    "no die of this roll is left with that value": "в этом броске не осталось кубика с таким числом",
    "there is no such piece": "такой фишки нет",
    "no die of this roll is left showing {value}": "в этом броске не осталось кубика с числом {value}",
    "no die or bonus of this roll is left showing {value}":
        "в этом броске не осталось кубика или бонуса с числом {value}",
    "no fence of yours stands on {slot}": "на {slot} нет вашего забора",
    "the sum {a}+{b} is not the roll left to play": "сумма {a}+{b} — не тот бросок, что остался сыграть",
    "there is no such kind of move": "такого вида хода нет",
    "the house is entered by exact count: this die overshoots it":
        "в дом заходят только точным счётом: с этим кубиком будет перебор",

    # the whole roll: a move legal alone that the roll as a whole does not allow
    "the dice must be used as fully as possible, and this move leaves a die unplayable where another play "
    "uses both":
        "кубики надо сыграть как можно полнее, а после этого хода один кубик сыграть нельзя, "
        "хотя можно сыграть оба",
    "the dice must be used as fully as possible and, when some such play captures, the play must capture; "
    "this move leads to no such play":
        "кубики надо сыграть как можно полнее, а если при этом можно срубить, то рубить обязательно; "
        "этот ход к такой игре не ведёт",
    "the roll must be used as fully as it can be: this move leaves a die unplayable where another play "
    "uses both":
        "бросок надо сыграть как можно полнее: после этого хода один кубик сыграть нельзя, "
        "хотя можно сыграть оба",
    "a move must be made when one is possible": "если ход есть, ходить обязательно",
    "the die must be played when it can be; a 5 must bring a piece out of home when it can, and a 6 must "
    "open a barrier when it can":
        "кубик надо сыграть, если можно; пятёрка обязана вывести фишку из дома, если может, "
        "а шестёрка — разбить свой барьер, если может",
    "a 5 must enter a pawn when it can; then the roll must use as many dice as possible (the larger when "
    "only one can be used), and a blockade may not move on together":
        "пятёрка обязана вывести фишку из гнезда, если может; затем бросок надо сыграть как можно "
        "большим числом кубиков (если можно только один — больший), а блокада не может идти дальше вместе",

    # Шиш-беш
    "a piece leaves the park only on a six": "из парка выходят только на шестёрку",
    "a piece leaves the park only on a double": "из парка выходят только на дубль",
    "a piece leaves the park only on a six or a double": "из парка выходят только на шестёрку или на дубль",
    "your own piece stands on your start": "на вашем старте стоит ваша фишка",
    "the piece is locked in its shelter while a piece stands on its cell":
        "фишка заперта в укрытии, пока на его поле стоит фишка",
    "in the house a piece cannot pass your own pieces": "в домике свои фишки перепрыгивать нельзя",
    "two of your own pieces cannot stand on one cell": "две свои фишки не могут стоять на одной клетке",
    "your own piece hides in that shelter (shelter_own_stack is off)":
        "в этом укрытии прячется ваша фишка (shelter_own_stack выключено)",
    "jumps are made only from a corner": "прыгают только с угла",
    "a 1 jumps to the adjacent corner and a 3 diagonally; this die cannot jump so":
        "«1» прыгает на соседний угол, «3» — по диагонали; этим кубиком так не прыгнуть",
    "a piece in the park can only enter": "фишка в парке может только выйти",
    "a move is written die, piece and an optional jump mark: 6a, 2c, 1b>, 1b<, 3d/":
        "ход пишется так: кубик, фишка и, если надо, знак прыжка: 6a, 2c, 1b>, 1b<, 3d/",

    # Мандавошка
    "a piece leaves the swamp or the БУР only on a six": "из болота и из БУРа выходят только на шестёрку",
    "your own piece stands on your start (start_single_occupancy is on)":
        "на вашем старте стоит ваша фишка (start_single_occupancy включено)",
    "the piece is locked in its shelter while an opponent stands on its cell":
        "фишка заперта в туалете, пока на его клетке стоит соперник",
    "that house cell holds your own piece": "на этой клетке домика уже стоит ваша фишка",
    "an enemy piece stands in the way, and enemy pieces cannot be passed":
        "на пути стоит чужая фишка, а чужие фишки перепрыгивать нельзя",
    "jumps are made only from a corner (масть)": "прыгают только с масти (угловой клетки)",
    "a 1 jumps straight to the next corner and a 2 diagonally; this die cannot jump so":
        "«1» прыгает прямо на следующую масть, «2» — по диагонали; этим кубиком так не прыгнуть",
    "a jump may not carry the piece past its home corner into a second lap":
        "прыжок не может унести фишку мимо своей масти на второй круг",
    "a piece in the БУР stands where this jump would fly over": "этот прыжок пролетел бы над фишкой в БУРе",
    "this move does not stop on a shelter cell with room to hide":
        "этот ход не кончается на клетке со свободным туалетом",
    "jumps go forward only (corner_jump_backward is off)": "прыгают только вперёд (corner_jump_backward выключено)",
    "a missed capture may be called now: call it or let it pass":
        "сейчас можно заявить о несрубленной фишке: заявите или пропустите",
    "there is no missed capture to call": "заявлять не о чем: рубку никто не пропускал",
    "that piece is not one that could have captured": "эта фишка не могла срубить",
    "a move is written die, piece and an optional mark: 6a, 3bh (hide), 1c> (jump on), 2d/ (diagonal), "
    "1c< (back); or call-a / nocall":
        "ход пишется так: кубик, фишка и, если надо, знак: 6a, 3bh (в туалет), 1c> (прыжок вперёд), "
        "2d/ (по диагонали), 1c< (назад); или call-a / nocall",

    # Трясучка
    "your own piece stands in the way: own pieces cannot be passed":
        "на пути стоит ваша фишка: свои фишки перешагивать нельзя",
    "your own piece stands there: two pieces never share a hole":
        "там стоит ваша фишка: в одной лунке две фишки не стоят",
    "a move is written die and piece: 7a, 2c": "ход пишется так: кубик и фишка: 7a, 2c",

    # Ludo, Parchís, Parcheesi (the track games)
    "no die (or bonus) of this roll is left with that value":
        "в этом броске не осталось кубика (или бонуса) с таким числом",
    "this game has no such kind of move": "в этой игре нет такого хода",
    "the piece has already reached the goal": "фишка уже дошла до финиша",
    "the goal is reached by exact count: this move overshoots it":
        "на финиш приходят только точным счётом: с этим ходом будет перебор",
    "a block (two pieces of one colour) stands in the way and cannot be passed":
        "на пути стоит блок (две фишки одного цвета), его не пройти",
    "the square already holds two pieces": "на клетке уже две фишки",
    "two of your own pieces cannot stand on one square": "две свои фишки не могут стоять на одной клетке",
    "a block (two pieces of one colour) stands there": "там стоит блок (две фишки одного цвета)",
    "a piece in the yard can only enter, not take a bonus": "фишка во дворе может только выйти, а не взять бонус",
    "an opponent's piece stands on that safe square": "на этой безопасной клетке стоит фишка соперника",
    "the pieces waiting to enter are alike: the first of them (lowest letter) enters":
        "ждущие выхода фишки одинаковы: выходит первая из них (с младшей буквой)",
    "a piece leaves the yard only on a 6": "фишка выходит со двора только на 6",
    "a move is written die and piece: 6a, 3c": "ход пишется так: кубик и фишка: 6a, 3c",
    "a piece leaves home only on a 5": "фишка выходит из дома только на 5",
    "your own barrier closes your exit": "ваш же барьер закрывает выход",
    "a barrier (two pieces of one colour) stands in the way: nobody passes it":
        "на пути барьер (две фишки одного цвета): сквозь него не проходит никто",
    "a move is written die (7 for a 6 counting 7) or bonus, then piece: 5a, 7c, 20b, 10d":
        "ход пишется так: кубик (7 — шестёрка, которая считается за 7) или бонус, затем фишка: 5a, 7c, 20b, 10d",
    "a pawn leaves the nest only on a 5 or a sum of 5": "фишка выходит из гнезда только на 5 или на сумму 5",
    "entering on the sum needs both dice of this roll unused and summing to 5, and the pawn in the nest":
        "чтобы выйти на сумму, оба кубика броска должны быть не сыграны и давать в сумме 5, "
        "а фишка — стоять в гнезде",
    "a pawn may not pass its home row (may_pass_home_row is off)":
        "фишка не может пройти мимо своего домашнего ряда (may_pass_home_row выключено)",
    "this move does not reach past the pawn's home-row turn-off":
        "этот ход не уводит фишку дальше поворота в её домашний ряд",
    "a blockade stands in the way: nobody passes it, its owner included":
        "на пути блокада: сквозь неё не проходит никто, даже её хозяин",
    "two own pawns already stand there": "там уже стоят две ваши фишки",
    "a blockade stands there": "там стоит блокада",
    "a pawn in the nest can only enter, not take a bonus": "фишка в гнезде может только выйти, а не взять бонус",
    "a move is written die (or bonus) and pawn, '>' to go round past the home row, or the two dice of a sum "
    "entry: 5a, 3b, 4c>, 20d, 2+3a":
        "ход пишется так: кубик (или бонус) и фишка, «>» — идти мимо домашнего ряда на новый круг, "
        "или два кубика выхода на сумму: 5a, 3b, 4c>, 20d, 2+3a",

    # Kimbo
    "that is not what is decided now (fence move, pawn move or placing a captured pawn)":
        "сейчас решается другое (ход забором, ход пешкой или где поставить сбитую пешку)",
    "there is no such pawn": "такой пешки нет",
    "the two dice move two different pawns (one pawn moves by the sum)":
        "два кубика двигают две разные пешки (одна пешка идёт на сумму)",
    "the pawn is already in the centre": "пешка уже в центре",
    "the pawn is waiting to be put back on a start square": "пешка ждёт, когда её поставят на стартовое поле",
    "that side of the pawn's square is closed": "эта сторона поля пешки закрыта",
    "the pawn has no such route: the turns written do not match the fences met":
        "у пешки нет такого пути: записанные повороты не совпадают со встреченными заборами",
    "the move ends on your own pawn": "ход кончается на вашей же пешке",
    "a pawn jumps a fence only on a double, as the whole turn":
        "через забор пешка прыгает только на дубль, и это весь ход",
    "there is no fence on that side of the pawn to jump": "с этой стороны пешки нет забора, через который прыгать",
    "a pawn cannot jump into the centre": "в центр прыгать нельзя",
    "you have no fence there to move": "там нет вашего забора, чтобы его переставить",
    "that slot is not free": "это место для забора занято",
    "that fence would cut squares off from the centre": "этот забор отрезал бы поля от центра",
    "a captured pawn goes on a free start square of its colour":
        "сбитая пешка ставится на свободное стартовое поле своего цвета",
    "the centre is entered on the last point only (centre_entry=illegal)":
        "в центр входят только последним очком (centre_entry=illegal)",
    "a move is keep, a fence move (m3n-h6n), a pawn, its dice, its direction and its turns (a5n, b3+4eLR), "
    "a jump on a double (c^w) or a captured pawn put back (a@o1)":
        "ход — это keep, ход забором (m3n-h6n), пешка с кубиками, направлением и поворотами (a5n, b3+4eLR), "
        "прыжок на дубль (c^w) или сбитая пешка, поставленная обратно (a@o1)",

    # -- the dice, the game and the match ----------------------------------------------------
    "this game rolls {count} dice, not {given}": "в этой игре бросают кубиков: {count}, а не {given}",
    "a die shows {low} to {high}, not {value!r}": "на кубике от {low} до {high}, а не {value!r}",
    "nothing to undo": "отменять нечего",
    "no move to choose: {why}": "выбирать не из чего: {why}",
    "no legal move": "разрешённых ходов нет",
    "a seed is a whole number from 0 to 2**63-1, not {seed!r}": "зерно — целое число от 0 до 2**63-1, а не {seed!r}",
    "player {player} does not exist in a {players}-player game": "игрока {player} нет в игре на {players} игроков",
    "{game} is played by {low} to {high} players, not {players!r}":
        "в {game} играют от {low} до {high} игроков, а не {players!r}",
    "a match is played to at least one win, not {wins!r}": "матч играется хотя бы до одной победы, а не до {wins!r}",
    "the match is over": "матч окончен",
    "only a finished game counts in a match": "в матче засчитывается только оконченная партия",
    "game {number} must be started by {expected}, not {first}":
        "партию {number} должен начинать {expected}, а не {first}",

    # -- house-rule options, by name -----------------------------------------------------------
    "unknown game {name!r}; games: {games}": "игры {name!r} нет; игры: {games}",
    "unknown preset {preset!r}; presets: {presets}": "набора правил {preset!r} нет; наборы: {presets}",
    "unknown option {option!r}; options: {options}": "правила {option!r} нет; правила: {options}",
    "option {option!r} takes true or false, not {value!r}": "правило {option!r} — true или false, а не {value!r}",
    "option {option!r} takes a whole number, not {value!r}": "правило {option!r} — целое число, а не {value!r}",
    "option {option!r} takes one of {choices}, not {value}": "правило {option!r} — одно из {choices}, а не {value}",
    "option {option!r} takes one of {choices}, not {value!r}": "правило {option!r} — одно из {choices}, а не {value!r}",
    "option {item!r} must be written key=value": "правило {item!r} пишется как ключ=значение",
    "options is a JSON object": "options — это объект JSON",

    # -- records: a game written down, uploaded, replayed and checked --------------------------
    "the record is empty": "запись пуста",
    "line {number}: not a header [Key \"value\"] nor a turn 'N. player ...': {line!r}":
        "строка {number}: это не заголовок [Ключ \"значение\"] и не ход «N. игрок ...»: {line!r}",
    "line {number}: a turn before any header": "строка {number}: ход раньше заголовков",
    "line {number}: the game is already over": "строка {number}: игра уже окончена",
    "line {number}: it is {expected}'s turn, not {name}'s": "строка {number}: ходит {expected}, а не {name}",
    "line {number}: {error}": "строка {number}: {error}",
    "the record has no [{key}] header": "в записи нет заголовка [{key}]",
    "[First] names {first!r}, not a player of this game ({names})":
        "[First] называет {first!r}, а такого игрока в этой игре нет ({names})",
    "the headers do not describe a game: {error}": "заголовки не описывают игру: {error}",
    "the [Result] header says {result!r}, but the moves give {moves!r}":
        "в заголовке [Result] сказано {result!r}, а по ходам выходит {moves!r}",
    "[Match] says {first!r}; write it as \"first to N wins\"":
        "в [Match] сказано {first!r}; пишите так: \"first to N wins\"",
    "round {round}": "партия {round}",
    "round {round}: the match was already won": "партия {round}: матч уже выигран",
    "round {round} is unfinished but more rounds follow": "партия {round} не окончена, а за ней идут другие",
    "round {round}: {error}": "партия {round}: {error}",
    "the record is too long to replay here (more than {limit} steps)":
        "запись слишком длинная, чтобы проиграть её здесь (больше {limit} шагов)",
    "the record holds {count} games; at most {limit} are checked here":
        "в записи партий: {count}; здесь проверяют не больше {limit}",
    "the record holds {count} rolls and moves; at most {limit} are checked here":
        "в записи бросков и ходов: {count}; здесь проверяют не больше {limit}",
    "checking the record took more than {seconds} s; it was stopped":
        "проверка записи заняла больше {seconds} с и была остановлена",
    "{count} records from your address are being checked already; wait for them":
        "с вашего адреса уже проверяются записи ({count}); дождитесь их",
    "your address has used its share of the record checker; try again in {seconds} s":
        "ваш адрес исчерпал свою долю проверки записей; попробуйте через {seconds} с",
    "the server is checking too many records; try again in a moment":
        "сервер проверяет слишком много записей; попробуйте чуть позже",
    "the record could not be checked: its checker stopped ({problem})":
        "запись не удалось проверить: проверка остановилась ({problem})",
    "the record checker is restarting; try again in a moment": "проверка записей перезапускается; попробуйте чуть позже",
    "{file} is not UTF-8 text: {problem}": "{file} — не текст в UTF-8: {problem}",
    "not a saved state: {error}": "это не сохранённая позиция: {error}",
    "not a saved {game} state: {found} numbers, expected {size}":
        "это не сохранённая позиция {game}: чисел {found}, а надо {size}",
    # fair dice: the verify report
    "the game": "партия",
    "the match: {error}": "матч: {error}",
    "the record says it is a web room's, but it has no [DiceCommit]: a web room's record always carries the "
    "commitment to its dice, so without it the record cannot be verified":
        "запись называет себя записью веб-комнаты, но в ней нет [DiceCommit]: запись веб-комнаты всегда несёт "
        "обязательство своих кубиков, так что без него запись не проверить",
    "{label}: a record with a dice commitment starts from the game's first position; a [Position] header is not "
    "allowed in it":
        "{label}: запись с обязательством кубиков начинается с начальной позиции игры; заголовок [Position] в ней "
        "недопустим",
    "{label} is unfinished: a web room reveals its seed only when its game or match is over":
        "{label} не окончена: веб-комната раскрывает зерно, только когда её партия или матч окончены",
    "the match is unfinished: it is played to {wins} wins, and the score is {score}":
        "матч не окончен: он идёт до {wins} побед, а счёт {score}",
    "{label}: the record does not reveal its dice seed (is the game over?)":
        "{label}: запись не раскрывает зерно кубиков (игра окончена?)",
    "{label}: [Seed] and [Round] must be whole numbers": "{label}: [Seed] и [Round] должны быть целыми числами",
    "{label}: seed {seed} is not the match's seed {base} + {later}":
        "{label}: зерно {seed} — не зерно матча {base} + {later}",
    "{label}: {first} started, but the seed's roll-off gives {expected}":
        "{label}: начал {first}, а по розыгрышу из зерна начинает {expected}",
    "{label}, line {number}: {name} rolled {dice}, but the seed gives {expected}":
        "{label}, строка {number}: у {name} выпало {dice}, а по зерну выходит {expected}",
    "the record does not reveal the seed and salt of its commitment":
        "запись не раскрывает зерно и соль своего обязательства",
    "the commitment {commit} is not sha256 of seed {base} and salt {salt}":
        "обязательство {commit} — не sha256 от зерна {base} и соли {salt}",
    # a stored room that cannot be restored (the server's log)
    "room {code}: stored action {n} out of sequence (expected {seq})":
        "комната {code}: сохранённое действие {n} не по порядку (ожидалось {seq})",
    "room {code}: stored roll {value} is not the seed's roll {roll}":
        "комната {code}: сохранённый бросок {value} — не бросок зерна {roll}",

    # -- position files: a position written by hand -------------------------------------------
    # the moment of a turn (docs/positions.md: "turn")
    "turn is an object of the turn's fields ({allowed}), not {value}":
        "turn — объект с полями хода ({allowed}), а не {value}",
    "unknown turn field(s) for {game}: {keys}; allowed: {allowed}":
        "у {game} нет таких полей хода: {keys}; можно: {allowed}",
    "turn: a roll is given, but the position is at a decision before any roll":
        "turn: дан бросок, а позиция — на решении до всякого броска",
    "turn: roll is a list of the dice rolled, like [6, 2], not {value}":
        "turn: roll — список выпавших кубиков, например [6, 2], а не {value}",
    "turn: played lists the moves of a roll: give the roll too": "turn: played — ходы броска: дайте и сам бросок (roll)",
    "turn: roll {dice}: {error}": "turn: бросок {dice}: {error}",
    "turn: played is a list of the moves already made in this roll, like [\"6a\"]":
        "turn: played — список ходов, уже сделанных в этом броске, например [\"6a\"]",
    "turn: played move {number} is not a move's text: {value}": "turn: ход {number} в played — не запись хода: {value}",
    "turn: played move {number} is not legal: {error}": "turn: ход {number} в played нельзя сделать: {error}",
    "the game is over: a position file holds a game still in play":
        "партия окончена: в файле позиции — только партия, которая ещё идёт",
    "this moment of a roll cannot be written: the position before the roll is not known (it was loaded, or its "
    "undo stack was cleared, after the roll)":
        "этот момент броска не записать: позиция до броска неизвестна (её загрузили или очистили историю отмены "
        "уже после броска)",
    "turn: {key} is a whole number from {low} up, not {value}": "turn: {key} — целое число от {low}, а не {value}",
    "turn: {key} is a whole number from {low} to {high}, not {value}":
        "turn: {key} — целое число от {low} до {high}, а не {value}",
    "turn: {key} is a piece letter ({letters}) or null, not {value}":
        "turn: {key} — буква фишки ({letters}) или null, а не {value}",
    "turn: roll gives the dice rolled, {count} of them, each {low} to {high}, not {value}":
        "turn: roll — выпавшие кубики, {count} шт., каждый от {low} до {high}, а не {value}",
    "turn: step is fence (before the fence move) or roll (the fence move is made), not {value}":
        "turn: step — fence (до хода забором) или roll (ход забором сделан), а не {value}",
    "turn: step roll contradicts pieces, which give the turn at its fence step":
        "turn: step roll противоречит pieces, где ход стоит на шаге забора",
    "turn: turn_start matters only with third_six=void_turn (the third six undoes the turn)":
        "turn: turn_start нужен только при third_six=void_turn (третья шестёрка отменяет весь ход)",
    "turn: with third_six=void_turn a turn under way needs its turn_start (where the pieces stood when it began)":
        "turn: при third_six=void_turn начатому ходу нужен turn_start (где стояли фишки в начале хода)",
    "turn: a missed capture is called only with capture_rule=claim":
        "turn: о несрубленной фишке заявляют только при capture_rule=claim",
    "turn: claim is {{\"offender\": a player, \"pieces\": [the letters of the pieces that could have captured]}}, "
    "not {value}":
        "turn: claim — {{\"offender\": игрок, \"pieces\": [буквы фишек, которые могли срубить]}}, а не {value}",
    "turn: the claim's offender is a player from 0 to {last}, not {value}":
        "turn: нарушитель в claim — игрок от 0 до {last}, а не {value}",
    "turn: the player to move calls the missed capture, so it is not the offender":
        "turn: о несрубленной фишке заявляет тот, чей ход, — значит, он не нарушитель",
    "turn: the claim's pieces are letters of the offender's pieces, like [\"a\"], not {value}":
        "turn: pieces в claim — буквы фишек нарушителя, например [\"a\"], а не {value}",
    "turn: extra_rolls is the offender's roll again after a claim: give the claim too":
        "turn: extra_rolls — повторный бросок нарушителя после заявки: дайте и саму заявку (claim)",
    "turn: the offender's piece {piece} is neither in the swamp nor on the circle, so it cannot be sent to the БУР":
        "turn: фишка {piece} нарушителя не в болоте и не на круге, её нельзя отправить в БУР",
    "turn: turn_start lists where the {count} pawn of the player to move stood when the turn began, not {value}": (
        "turn: turn_start — где стояла {count} фишка ходящего в начале хода, а не {value}",
        "turn: turn_start — где стояли {count} фишки ходящего в начале хода, а не {value}",
        "turn: turn_start — где стояли {count} фишек ходящего в начале хода, а не {value}"),
    "turn: blockade_age lists for every player the turns each pawn has stood in the same blockade, like "
    "[[0, 0, 2, 2], ...], not {value}":
        "turn: blockade_age — для каждого игрока, сколько ходов каждая фишка простояла в одной блокаде, например "
        "[[0, 0, 2, 2], ...], а не {value}",
    "turn: {key} matters only with blockade_turns (a limit on the turns a blockade may stand)":
        "turn: {key} нужен только при blockade_turns (предел ходов, которые может стоять блокада)",
    "turn_start pawn {piece}": "turn_start, фишка {piece}",
    "turn: last_moved names a piece moved earlier in this turn, but no six has been rolled in it (sixes is 0)":
        "turn: last_moved — фишка, ходившая раньше в этом ходе, но шестёрок в нём не было (sixes равно 0)",
    "turn: the last-moved piece {piece} is at home: a piece that has moved is on the board":
        "turn: последняя ходившая фишка {piece} дома, а ходившая фишка стоит на доске",
    "turn: tries_left counts the quick charge's rolls: only with quick_charge=true":
        "turn: tries_left считает броски быстрого старта: только при quick_charge=true",
    "turn: tries_left counts the quick charge's rolls, which are made while none of the player's pieces is on the "
    "circle; player {player} has one there":
        "turn: tries_left считает броски быстрого старта, а они бывают, только пока на круге нет фишек игрока; "
        "у игрока {player} там есть фишка",
    "turn: bonus lists the bonuses to play now, each {capture} (a capture) or {goal} (a piece reaching the "
    "{place}), not {value}":
        "turn: bonus — бонусы, которые играются сейчас, каждый {capture} (за взятие) или {goal} (за фишку, "
        "дошедшую до финиша: {place}), а не {value}",
    "turn: the roll {roll} and {run} {count} contradict each other: {run} counts this roll too":
        "turn: бросок {roll} и {run} {count} противоречат друг другу: {run} считает и этот бросок",
    "turn: no piece can play the bonus {bonus} here: it is lost, and the position is the one after it":
        "turn: бонус {bonus} здесь не сыграть ни одной фишкой: он пропадает, и позиция — уже после него",
    "turn: arrived_last names pieces, like [[1, \"a\"]], each sharing a square with a piece of another colour, "
    "not {value}":
        "turn: arrived_last — фишки, например [[1, \"a\"]], каждая на одном поле с фишкой другого цвета, а не {value}",
    "turn: a pending bonus is the moment after the roll's moves: write it without played":
        "turn: ждущий бонус — это момент уже после ходов броска: пишите его без played",
    "the move is not written in full: write {spellings}": "ход записан не полностью: пишите {spellings}",
    "the position is not valid JSON: {error}": "позиция — не правильный JSON: {error}",
    "the position is not UTF-8 text: {error}": "позиция — не текст в UTF-8: {error}",
    "the position nests deeper than {depth} levels": "позиция вложена глубже {depth} уровней",
    "game is the name of a game, not {value}": "game — это название игры, а не {value}",
    "preset is the name of a preset, not {value}": "preset — это название набора правил, а не {value}",
    "options is an object of house rules, each true, false, a whole number or a word, not {value}":
        "options — объект домашних правил, каждое true, false, целое число или слово, а не {value}",
    "options is not valid JSON: {error}": "options — не правильный JSON: {error}",
    "options nest deeper than {depth} levels": "options вложены глубже {depth} уровней",
    "a position is a JSON object with game, players, to_move and pieces":
        "позиция — это объект JSON с game, players, to_move и pieces",
    "unknown key(s) in the position: {keys}; allowed: {allowed}": "в позиции лишние ключи: {keys}; можно: {allowed}",
    "the position has no {key!r}": "в позиции нет {key!r}",
    "to_move must be a player from 0 to {last}, not {to_move!r}": "to_move — игрок от 0 до {last}, а не {to_move!r}",
    "pieces must list {players}, each with {places}": "в pieces должны быть {players}, у каждого {places}",
    "{count} player": ("{count} игрок", "{count} игрока", "{count} игроков"),
    "{count} place": ("{count} место", "{count} места", "{count} мест"),
    "player {player}: give exactly {count} place": ("игрок {player}: нужно ровно {count} место",
                                                   "игрок {player}: нужно ровно {count} места",
                                                   "игрок {player}: нужно ровно {count} мест"),
    "player {player} piece {piece}": "игрок {player}, фишка {piece}",
    "player {player} has already won: all pieces are in the house": "игрок {player} уже выиграл: все фишки в доме",
    "player {player} has already won: all pieces are in the {goal}":
        "игрок {player} уже выиграл: все фишки — {goal}",
    "centre": "в центре", "home": "дома", "meta": "на финише", "goal": "на финише",
    "{where}: place {place} is off the board (-1..{top})": "{where}: места {place} на доске нет (-1..{top})",
    "{where}: two pieces on house cell {place}": "{where}: две фишки на клетке {place} домика",
    "{where}: place {place} has no shelter to hide in": "{where}: на месте {place} нет укрытия",
    "{where}: only a piece on the circle can hide": "{where}: спрятаться может только фишка на круге",
    "{where}: {value!r} is not a place (-1 park, 0..{last} circle, {first}..{top} house, '15s' hidden)":
        "{where}: {value!r} — не место (-1 парк, 0..{last} круг, {first}..{top} домик, '15s' — в укрытии)",
    "two pieces stand on cell {cell} (seat 0's numbering): {first} and {second}":
        "на клетке {cell} (в нумерации места 0) стоят две фишки: {first} и {second}",
    "two pieces hide in the shelter of cell {cell} (seat 0's numbering)":
        "в укрытии клетки {cell} (в нумерации места 0) прячутся две фишки",
    "player {player}: a piece stands above its own hidden piece, but shelter_own_stack is off":
        "игрок {player}: фишка стоит над своей спрятанной фишкой, а shelter_own_stack выключено",
    "{where}: {value!r}: a piece is held only in an opponent's swamp, and only with captured_to=captor":
        "{where}: {value!r}: фишку держат только в болоте соперника и только при captured_to=captor",
    "{where}: {value!r} is not a place (-1 swamp, 0..{last} circle, {first}..{top} house, '15s' hidden, 'bur', "
    "'bur-exit', 'held2')":
        "{where}: {value!r} — не место (-1 болото, 0..{last} круг, {first}..{top} домик, '15s' — в туалете, "
        "'bur', 'bur-exit', 'held2')",
    "{where}: the shelter on {place} is full (shelter_capacity={capacity})":
        "{where}: туалет на {place} полон (shelter_capacity={capacity})",
    "{where}: an enemy piece stands on the same cell ({cell} in seat 0's numbering)":
        "{where}: на той же клетке стоит чужая фишка ({cell} в нумерации места 0)",
    "{where}: the centre of the БУР holds one piece": "{where}: в центре БУРа помещается одна фишка",
    "{where}: {value!r} is not a place (-1 base, 1..76 circle, 77..80 house)":
        "{where}: {value!r} — не место (-1 база, 1..76 круг, 77..80 дом)",
    "{where}: nothing stands on the start before its lap: a piece on its own start hole is at 72":
        "{where}: до круга на старте никто не стоит: фишка на своей стартовой лунке — это 72",
    "{where}: place {place} is off the board (-1, 1..{top})": "{where}: места {place} на доске нет (-1, 1..{top})",
    "{where}: {other} already stands there": "{where}: там уже стоит {other}",
    "{where}, place {place}: {problem}": "{where}, место {place}: {problem}",
    "{where}: {value!r} is not a place ({places})": "{where}: {value!r} — не место ({places})",
    "{where}: place {value} is off the board ({places})": "{where}: места {value} на доске нет ({places})",
    "-1 yard, 0..50 track, 51..55 home column, 56 centre": "-1 двор, 0..50 дорожка, 51..55 домашняя колонна, 56 центр",
    "-1 nest, 0..63 ring from the own entry space, 64..70 home row, 71 Home, 72..75 ring past the turn-off":
        "-1 гнездо, 0..63 круг от своего выхода, 64..70 домашний ряд, 71 Дом, 72..75 круг после поворота",
    "-1 home, 0..63 ring from the own exit, 64..70 corridor, 71 meta":
        "-1 дом, 0..63 круг от своего выхода, 64..70 коридор, 71 финиш",
    "player {player}: {count} piece on lane place {place}": ("игрок {player}: {count} фишка на месте {place} дорожки",
                                                            "игрок {player}: {count} фишки на месте {place} дорожки",
                                                            "игрок {player}: {count} фишек на месте {place} дорожки"),
    "{count} piece on one square (at most {capacity})": ("{count} фишка на одной клетке (можно не больше {capacity})",
                                                        "{count} фишки на одной клетке (можно не больше {capacity})",
                                                        "{count} фишек на одной клетке (можно не больше {capacity})"),
    "pieces of different colours share a square that is not safe":
        "фишки разных цветов стоят вместе на небезопасной клетке",
    "player {player} has more than {capacity} piece there": ("у игрока {player} там больше {capacity} фишки",
                                                            "у игрока {player} там больше {capacity} фишек",
                                                            "у игрока {player} там больше {capacity} фишек"),
    "pawns of different colours never share a space": "фишки разных цветов никогда не стоят вместе",
    "{count} pawn on one space (at most 2)": ("{count} фишка на одной клетке (можно не больше 2)",
                                             "{count} фишки на одной клетке (можно не больше 2)",
                                             "{count} фишек на одной клетке (можно не больше 2)"),
    "pieces is a list of rows, or {\"turn\": \"fence\", \"players\": rows}":
        "pieces — это список строк или {\"turn\": \"fence\", \"players\": строки}",
    "pieces must list {players}, each with pawns and fences": "в pieces должны быть {players}, у каждого пешки и заборы",
    "player {player}: give {{\"pawns\": [4 squares], \"fences\": [6 slots]}}":
        "игрок {player}: укажите {{\"pawns\": [4 поля], \"fences\": [6 мест]}}",
    "player {player}: give exactly {count} pawn square": ("игрок {player}: нужно ровно {count} поле для пешек",
                                                         "игрок {player}: нужно ровно {count} поля для пешек",
                                                         "игрок {player}: нужно ровно {count} полей для пешек"),
    "player {player}: give exactly {count} fence slot": ("игрок {player}: нужно ровно {count} место для заборов",
                                                        "игрок {player}: нужно ровно {count} места для заборов",
                                                        "игрок {player}: нужно ровно {count} мест для заборов"),
    "player {player} pawn {pawn}: {error}": "игрок {player}, пешка {pawn}: {error}",
    "player {player} pawn {pawn}: {square} already holds a pawn": "игрок {player}, пешка {pawn}: на {square} уже стоит пешка",
    "player {player} has already won: all pawns are in the centre": "игрок {player} уже выиграл: все пешки в центре",
    "player {player}: {error}": "игрок {player}: {error}",
    "player {player}: slot {slot} already holds {other}": "игрок {player}: на месте {slot} уже стоит {other}",
    "a fixed fence": "неподвижный забор",
    "a fence of player {player}": "забор игрока {player}",
    "{text!r} is not a square (a1 .. o15, or C for the centre)": "{text!r} — не поле (a1 .. o15 или C — центр)",
    "{text} lies in the centre: write C": "{text} — в центре: пишите C",
    "{text!r} is not a fence slot: a square and the side n or e of it (h6n is the line north of h6), never a "
    "border or a fixed centre wall":
        "{text!r} — не место для забора: поле и его сторона n или e (h6n — линия к северу от h6), "
        "но не край доски и не неподвижная стена центра",

    # -- the house rules, as the lobby explains them -----------------------------------------
    "after the winner the others play on for the places": "после победителя остальные доигрывают за места",
    "who starts: a roll-off (highest sum) or the first seat":
        "кто начинает: розыгрыш (у кого больше сумма) или первое место",
    "who starts: a roll-off (highest die) or the first seat":
        "кто начинает: розыгрыш (у кого больше выпало) или первое место",
    "who starts the first game: a roll-off (highest sum) or the first seat":
        "кто начинает первую партию: розыгрыш (у кого больше сумма) или первое место",
    # Шиш-беш
    "arm length: 5 is the normal field (circle 48, house 4), 6 the long field (circle 56, house 5)":
        "длина луча: 5 — обычное поле (круг 48, домик 4), 6 — длинное (круг 56, домик 5)",
    "shelters on the 3rd cell from the edge of every lane (opposite), or staggered: 3rd on the lane to the "
    "centre, 4th on the lane out (alternate)":
        "укрытия на 3-й клетке с края каждой дорожки (opposite) или лесенкой: 3-я на дорожке к центру, "
        "4-я на дорожке от центра (alternate)",
    "a piece leaves the park on a six, on a double (either of its dice), or on either":
        "фишка выходит из парка на шестёрку, на дубль (любым его кубиком) или на то и другое",
    "while none of a player's pieces is on the circle, three rolls a turn to get a move":
        "пока у игрока нет фишек на круге, на выход даётся три броска за ход",
    "a piece may stand on the cell above its own hidden piece":
        "фишка может стоять на поле над своей спрятанной фишкой",
    "a double that also captures earns two extra rolls, each capture one (off: one extra roll a roll at most)":
        "дубль с рубкой даёт два лишних броска, каждая рубка — по одному (выкл.: не больше одного за бросок)",
    # Мандавошка
    "the obligation to capture: a miss sends the piece that could have captured to the БУР at once (penalty) "
    "or when an opponent calls it before the next roll (claim); or only capturing plays are legal (forced); "
    "or no obligation (lenient)":
        "обязанность рубить: фишка, которая могла срубить и не срубила, сразу идёт в БУР (penalty) или "
        "если соперник заметит это до следующего броска (claim); или можно играть только с рубкой (forced); "
        "или обязанности нет (lenient)",
    "a captured piece goes to its own swamp, or to the captor's swamp and is bought back with a six":
        "срубленная фишка идёт в своё болото или в болото срубившего, откуда её выкупают шестёркой",
    "the start: the tip of the arm (0) or the tip-row corner next to the swamp (1)":
        "старт: кончик луча (0) или угловая клетка торца у болота (1)",
    "no piece enters while an own piece stands on the start": "фишка не выходит, пока на старте стоит своя",
    "a 1 may also jump back to the previous corner (back from the first corner is the срез to the last)":
        "«1» может прыгнуть и назад, на предыдущую масть (назад с первой масти — срез на последнюю)",
    "shelters on the 3rd cell from the edge of every lane (opposite), or the 3rd on the lane to the centre "
    "and the 4th on the lane out (alternate)":
        "туалеты на 3-й клетке с края каждой дорожки (opposite) или на 3-й на дорожке к центру "
        "и на 4-й на дорожке от центра (alternate)",
    "pieces one shelter holds": "сколько фишек помещается в один туалет",
    # Трясучка
    "a match is played to this many won games": "матч играется до стольких выигранных партий",
    "a die move that ends on a corner holding an enemy captures it (+1) before the jump; off: the enemy "
    "stays and only the jump happens":
        "ход кубиком, кончившийся на углу с чужой фишкой, сбивает её (+1) перед прыжком; "
        "выкл.: чужая фишка остаётся, и фишка только прыгает",
    "an enemy captured by a pushed chain of own pieces earns +1":
        "чужая фишка, сбитая толкаемой цепочкой своих, даёт +1",
    "+1 for a piece stopping in the house where it can go no further (stuck: at 80 or right behind an own "
    "piece) or only at the end of the house (end)":
        "+1 фишке, вставшей в доме так, что дальше ей некуда (stuck: на 80 или сразу за своей фишкой), "
        "или только в конце дома (end)",
    # Ludo
    "the third 6 in a row: that roll is not played (void_roll) or the whole turn is undone (void_turn); "
    "either way the turn passes":
        "третья шестёрка подряд: этот бросок не играется (void_roll) или весь ход отменяется (void_turn); "
        "так или иначе ход переходит дальше",
    "a capture earns an extra roll": "рубка даёт лишний бросок",
    "a piece reaching the centre earns an extra roll": "фишка, дошедшая до центра, даёт лишний бросок",
    "two own pieces may share a square and form a block that opponents can neither pass nor land on":
        "две свои фишки могут стоять на одной клетке и образуют блок, который соперникам не пройти и не занять",
    "every reason for an extra roll counts (a 6 that captures earns two); off: one extra roll a roll at most":
        "каждая причина для лишнего броска считается (шестёрка с рубкой даёт два); "
        "выкл.: не больше одного лишнего броска за бросок",
    # Parchís
    "a piece leaving home onto its exit where two pieces stand, one of another colour, captures that one "
    "(off: a full exit is closed)":
        "фишка, выходящая из дома на выход, где стоят две фишки, одна из них чужая, рубит её "
        "(выкл.: занятый выход закрыт)",
    "the third 6 spares the last-moved piece when it is already in the corridor (off: only the meta spares it)":
        "третья шестёрка щадит последнюю ходившую фишку, если та уже в коридоре (выкл.: щадит только финиш)",
    # Parcheesi
    "a 5 (or a sum of 5) must bring a pawn out of the nest when entry is possible, before anything else":
        "пятёрка (или сумма 5) прежде всего обязана вывести фишку из гнезда, если выход возможен",
    "a pawn may pass its home row and go round again": "фишка может пройти мимо своего домашнего ряда на новый круг",
    "the third double in a row is not played and the pawn farthest along (home row included) goes back to "
    "the nest":
        "третий дубль подряд не играется, а самая продвинутая фишка (считая домашний ряд) возвращается в гнездо",
    "a local limit: a blockade that has stood through this many of its owner's turns must be broken when the "
    "roll can break it (0: no limit)":
        "местное правило: блокаду, простоявшую столько ходов её хозяина, надо разбить, если бросок позволяет "
        "(0 — без ограничения)",
    # Kimbo
    "initial fences: A closes the 3x3 pen of each corner with its seat's six fences; B stands them on the "
    "inner boundary of the 4x4 corner block, open along the border":
        "начальные заборы: A — шесть заборов каждого места закрывают загон 3×3 в его углу; B — стоят по "
        "внутренней границе углового квадрата 4×4, открытого вдоль края доски",
    "an entrance met with points left over is a wall (wall), or the move may not run into it (illegal)":
        "вход в центр, до которого пешка доходит с лишними очками, — стена (wall), или так ходить нельзя (illegal)",
    "a pawn may end on an own pawn and share its square (an opponent ending there captures both)":
        "пешка может закончить ход на своей пешке и стоять с ней на одном поле (соперник, вставший туда, "
        "бьёт обеих)",
    "a captured pawn goes on a free start square of its colour (own_start) or on any free start square "
    "(any_start); its owner chooses":
        "сбитая пешка ставится на свободное стартовое поле своего цвета (own_start) или на любое свободное "
        "стартовое поле (any_start); поле выбирает её хозяин",

    # -- the command line: pachisi play, replay, tournament and the terminal board -----------------
    "error:": "ошибка:",
    "rolls is the number of rolls made so far, a whole number from 0 up, not {value!r}":
        "rolls — число уже сделанных бросков, целое от 0, а не {value!r}",
    # pachisi rules and pachisi moves (the referee)
    "({name}), {low}-{high} players": "({name}), игроков: {low}–{high}",
    "[bold]Options[/] (set one with -o name=value)": "[bold]Правила на выбор[/] (задаются так: -o имя=значение)",
    "[bold]Presets[/] (choose one with --preset name)": "[bold]Наборы правил[/] (выбираются так: --preset имя)",
    "the seed's rules": "исходные правила",
    "the position is of {game}, not {asked}": "позиция — из игры {game}, а не {asked}",
    "--dice {dice}: the position is at a decision that needs no roll ({decision}); leave out --dice":
        "--dice {dice}: в позиции решение без броска ({decision}); уберите --dice",
    "the position is before a roll: give the roll with --dice (e.g. --dice {example})":
        "позиция перед броском: укажите бросок в --dice (например, --dice {example})",
    "{player} rolled {dice}: no legal move — {what}; {next}": "{player}: выпало {dice}, ходов нет — {what}; {next}",
    "the dice burn": "кубики сгорают",
    "{decision}: {count} legal move": ("{decision}: {count} законный ход", "{decision}: {count} законных хода",
                                        "{decision}: {count} законных ходов"),
    "(from → to on the board; in brackets, the places of {player}'s run, as position files number them)":
        "(откуда → куда на доске; в скобках — места на пути игрока ({player}), как их нумеруют файлы позиций)",
    "{player} to move with {dice}": "ходит {player}, на кубиках {dice}",
    "{player} to move with {dice} to play": "ходит {player}, разыграть {dice}",
    "{player} to move before the roll": "ходит {player}, до броска",
    "the game is over, {player} wins": "партия окончена, победил {player}",
    "{player} rolls next": "дальше бросает {player}",
    "{player} moves next": "дальше ходит {player}",
    "no move given": "ход не указан",
    "no move can be made with this roll: the dice burn": "с этим броском ходов нет: кубики сгорают",
    "{move}: the roll is over after {moves}; {next}": "{move}: бросок закончился после {moves}; {next}",
    "{move}: illegal — {reason}": "{move}: незаконно — {reason}",
    "{move}: legal — {said}{left}; {then}": "{move}: законно — {said}{left}; {then}",
    "; dice left: {dice}": "; на кубиках осталось: {dice}",
    "--dice: dice must be numbers like 6,1, not {text}": "--dice: кубики — это числа, например 6,1, а не {text}",
    # errors of the other commands
    "--lang is one of {languages}, not {lang!r}": "--lang — это один из языков {languages}, а не {lang!r}",
    "unknown player {name!r}; choose from {allowed}": "игрока {name!r} нет; выберите из: {allowed}",
    "{option} must be at least 1": "{option} должно быть не меньше 1",
    "{option} must be 0 or more": "{option} должно быть 0 или больше",
    "--resume continues the run in an --out file: give --out":
        "--resume продолжает прогон из файла --out: укажите --out",
    "cannot write {file}: {problem}": "не удаётся записать {file}: {problem}",
    "cannot write {file}: no directory {folder}": "не удаётся записать {file}: нет папки {folder}",
    "nothing to play: -n, --greedy and --level5 are all 0": "играть нечего: -n, --greedy и --level5 все равны 0",
    "--sqlite-sync is NORMAL or FULL, not {value!r}": "--sqlite-sync — это NORMAL или FULL, а не {value!r}",
    "human": "человек",
    "rolls": "бросает",
    "plays": "ходит",
    "yard": "во дворе", "park": "в парке", "swamp": "в болоте", "base": "на базе", "nest": "в гнезде",
    "captured": "сбиты", "off the board": "вне доски",
    "start square": "стартовая клетка", "safe square": "безопасная клетка", "home column": "дорожка к дому",
    "the goal": "финиш", "shelter": "укрытие", "corner": "угол", "corner: a piece stopping here jumps": "угол: вставшая сюда фишка прыгает",
    "the БУР": "БУР", "entrance to the centre": "вход в центр",
    "fence (in its owner's colour)": "забор (цвета хозяина)",
    ": a piece (symbol and colour: its player; letter: the piece)": ": фишка (знак и цвет — игрок, буква — фишка)",
    ": a capital letter hides in a shelter": ": заглавная буква — фишка прячется в укрытии",
    "+: more pieces than fit; all are listed under the board": "+: фишек больше, чем помещается; все перечислены под доской",
    "the last move": "последний ход",
    "squares are named by their numbers, the others by file and rank":
        "клетки называются своими номерами, остальные — вертикалью и горизонталью",
    "squares are named by file and rank (a1 is bottom left)":
        "клетки называются вертикалью и горизонталью (a1 — левый нижний угол)",
    "captures {player}'s {piece}": "сбивает фишку {piece} ({player})",
    "rolls again": "бросает ещё раз",
    "{die} burns": "{die} сгорает",
    "hides in the shelter": "прячется в укрытие",
    "jumps": "прыгает",
    "{player} finishes, place {place}": "{player} закончил(а), место {place}",
    "rolls again ({tries} tries left)": "бросает ещё раз (осталось попыток: {tries})",
    "bonus of {points} lost": "бонус {points} потерян",
    "earns a bonus of {points}": "получает бонус {points}",
    "{player}'s {piece} is sent back by a penalty": "фишка {piece} ({player}) возвращается за штраф",
    "{player} missed a capture: {other} may call it": "{player} пропустил(а) рубку: {other} может её заявить",
    "{player}'s {piece} is flushed out of its shelter": "фишку {piece} ({player}) выгоняют из укрытия",
    "pushes own {piece} on to {place}": "толкает свою фишку {piece} на {place}",
    "{player} is thinking…": "{player} думает…",
    "Enter rolls the dice, or type a real roll (e.g. {example}); {commands}: ":
        "Enter — бросить кубики, или введите настоящий бросок (например, {example}); {commands}: ",
    "your move (number or notation; {commands}): ": "ваш ход (номер или запись; {commands}): ",
    "no move number {number}; moves are 1–{last}": "хода с номером {number} нет; ходы: 1–{last}",
    "dice left {dice}": "осталось на кубиках {dice}",
    "before the roll": "до броска",
    "  … and {count} more: type any of them in the game's notation":
        "  … и ещё {count}: любой из них можно ввести в записи игры",
    "Notation: {help}": "Запись ходов: {help}",
    "A move is chosen by its number in the list or typed in notation (capitals or not).":
        "Ход выбирают по номеру в списке или вводят в записи (заглавными буквами или нет).",
    "Commands: help (this), hint (the strongest bot's choice), undo (hot-seat games: take back to the last "
    "decision), list (the moves again), q (quit and save the record).":
        "Команды: help (эта справка), hint (выбор сильнейшего бота), undo (игра за одним экраном: вернуть "
        "до последнего решения), list (снова список ходов), q (выйти и сохранить запись).",
    "At the roll: Enter rolls the dice; typing a real roll ({example}) plays it.":
        "При броске: Enter бросает кубики; введённый настоящий бросок ({example}) играется как есть.",
    "hint: {move} (level {level}); after it greedy playouts win {rate:.0%} for you":
        "подсказка: {move} (уровень {level}); после него жадные доигрывания выигрывают за вас в {rate:.0%}",
    "undo is for hot-seat games (every seat a person at this terminal)":
        "undo — только для игры за одним экраном (все места — люди у этого терминала)",
    "undone: back to before {move}": "отменено: назад, до хода {move}",
    "type the dice as numbers, e.g. {example}, or press Enter to roll":
        "введите кубики числами, например {example}, или нажмите Enter, чтобы бросить",
    "this game rolls one die: type one number, e.g. {example}":
        "в этой игре один кубик: введите одно число, например {example}",
    "this game rolls {count} die: type {count} number, e.g. {example}": (
        "в этой игре кубиков: {count}; введите {count} число, например {example}",
        "в этой игре кубиков: {count}; введите {count} числа, например {example}",
        "в этой игре кубиков: {count}; введите {count} чисел, например {example}"),
    "{dice} is not a roll of this game (its dice show {spans})":
        "{dice} — не бросок этой игры (её кубики показывают {spans})",
    "{game} — preset {preset}, seed {seed}": "{game} — набор правил {preset}, зерно {seed}",
    ", a match to {wins} wins": ", матч до {wins} побед",
    "{player} starts by the roll-off.": "{player} начинает по жребию.",
    "{player} starts game {number}.": "{player} начинает партию {number}.",
    "{player} wins.": "{player} побеждает.",
    "Match score: {score}.": "Счёт матча: {score}.",
    "{player} wins the match.": "{player} выигрывает матч.",
    "{player} wins the match": "{player} выигрывает матч",
    "stopped; record saved to {path}": "остановлено; запись сохранена в {path}",
    "record saved to {path}": "запись сохранена в {path}",
    "cannot write records to {folder}: {problem}": "не удаётся записывать партии в {folder}: {problem}",
    "here is the record:": "вот запись партии:",
    "cannot read {file}: {problem}": "не удаётся прочитать {file}: {problem}",
    "unfinished": "не закончена",
    "{file}: {game}, {rolls} rolls, all moves legal; result: {result}":
        "{file}: {game}, бросков: {rolls}, все ходы законны; итог: {result}",
    "match to {wins} wins: {score}": "матч до {wins} побед: {score}",
    "-n must be at least 1": "-n должно быть не меньше 1",
    "a tournament needs at least two bots": "для турнира нужно хотя бы два бота",
    "cannot save the plot: {problem}": "не удаётся сохранить график: {problem}",
    "playing": "игра",
    "{game}: {n} games ({finished} finished), {players} players, seats rotated, {seconds}s":
        "{game}: партий {n} (закончено {finished}), игроков {players}, места по кругу, {seconds} с",
    "plot saved to {path}": "график сохранён в {path}",
    "bot": "бот", "games": "партии", "wins": "победы", "win rate": "доля побед", "95% CI": "95% ДИ",

    # -- the RL environments (pachisi.rl): arguments refused --------------------------------------
    "illegal is {choices}, not {value!r}": "illegal — это {choices}, а не {value!r}",
    "max_rolls is a whole number from 1, not {value!r}": "max_rolls — целое число от 1, а не {value!r}",
    "penalty is a number, not {value!r}": "penalty — число, а не {value!r}",
    "skip_forced is True or False, not {value!r}": "skip_forced — True или False, а не {value!r}",
    "give one opponent per other seat: {count}, not {given}":
        "нужен один соперник на каждое другое место: {count}, а не {given}",
    "render_mode is {modes} or None, not {value!r}": "render_mode — это {modes} или None, а не {value!r}",
    "seat is a player from 0 to {last}, not {value!r}": "seat — игрок от 0 до {last}, а не {value!r}",
    "an opponent is a level (level1 ... level5), a bot ({bots}) or a Bot, not {value!r}":
        "соперник — это уровень (level1 ... level5), бот ({bots}) или объект Bot, а не {value!r}",

    # -- the lobby: short names of the house rules, of their values and of the presets (web/catalogue.py) --
    "Play on for the places": "Доигрывать за места", "Who starts": "Кто начинает",
    "Starting fences": "Начальные заборы", "Overshooting the centre": "Перебор у входа в центр",
    "Two own pawns on one square": "Две свои пешки на одном поле",
    "Where a captured piece goes": "Куда идёт сбитая фишка", "Third six in a row": "Третья шестёрка подряд",
    "Extra roll for a capture": "Лишний бросок за рубку",
    "Extra roll for reaching the centre": "Лишний бросок за фишку в центре",
    "Blocks": "Блоки", "Extra rolls add up": "Лишние броски складываются", "A missed capture": "Несрубленная фишка",
    "Start cell": "Стартовая клетка", "One own piece on the start": "На старте одна своя фишка",
    "Jump back from a corner": "Прыжок с масти назад", "Shelters": "Укрытия",
    "Pieces one shelter holds": "Фишек в одном укрытии", "A 5 must bring a pawn out": "Пятёрка обязана выводить",
    "Go round past the home row": "Новый круг мимо домашнего ряда",
    "Third double is punished": "Штраф за третий дубль", "Blockade time limit": "Срок блокады",
    "Capture when leaving home": "Рубка при выходе из дома",
    "The third 6 spares the corridor": "Третья шестёрка щадит коридор", "Field size": "Размер поля",
    "Leaving the park": "Выход из парка", "Three tries to come out": "Три броска на выход",
    "Stand over your own hidden piece": "Стоять над своей спрятанной фишкой",
    "Match to this many wins": "Матч до стольких побед",
    "Capture on a corner before the jump": "Рубка на углу перед прыжком",
    "Bonus for a capture by pushing": "Бонус за сбивание толчком", "Bonus in the house": "Бонус в доме",
    "a roll-off": "розыгрыш кубиками", "the first seat": "первое место",
    "closed pens (A)": "закрытые загоны (A)", "open corners (B)": "открытые углы (B)",
    "the entrance is a wall": "вход — стена", "the move is not allowed": "так ходить нельзя",
    "its own start squares": "на свои стартовые поля", "any start square": "на любое стартовое поле",
    "its own swamp": "в своё болото", "the captor's swamp": "в болото срубившего",
    "that roll is lost": "бросок пропадает", "the whole turn is undone": "весь ход отменяется",
    "punished at once": "наказание сразу", "punished if an opponent calls it": "наказание, если соперник заметит",
    "you must capture": "рубить обязательно", "no duty to capture": "рубить не обязательно",
    "the tip of the arm": "кончик луча", "the corner next to the swamp": "угол у болота",
    "facing each other": "друг напротив друга", "staggered": "лесенкой", "no limit": "без ограничения",
    "normal (arms of 5)": "обычное (луч 5)", "long (arms of 6)": "длинное (луч 6)",
    "on a six": "на шестёрку", "on a double": "на дубль", "on a six or a double": "на шестёрку или дубль",
    "when it can go no further": "когда дальше некуда", "only at the end of the house": "только в конце дома",
    "Standard": "Стандартные", "the rules as the game's rule text gives them": "правила, как их даёт текст правил игры",
    "With bonuses": "С бонусами",
    "extra rolls for a capture and for reaching the centre; two pieces form a block":
        "лишние броски за рубку и за фишку в центре; две фишки образуют блок",
    "Third six undoes the turn": "Третья шестёрка отменяет ход",
    "three sixes in a row undo the whole turn": "три шестёрки подряд отменяют весь ход",
    "Open start": "Открытый старт", "the fences start open along the border (B)":
        "заборы в начале открыты вдоль края доски (B)",
    "Captor's swamp": "Болото срубившего",
    "a captured piece goes to the captor's swamp and is bought back with a six":
        "срубленная фишка идёт в болото срубившего, откуда её выкупают шестёркой",
    "Call a missed capture": "Заявка о несрубленной",
    "a missed capture is punished only when an opponent calls it":
        "за несрубленную фишку наказывают, только если соперник заметит",
    "Forced capture": "Обязательная рубка",
    "when a capture is possible, only capturing plays are allowed": "если можно срубить, можно играть только с рубкой",
    "No duty to capture": "Без обязанности рубить", "a missed capture is not punished": "за несрубленную фишку не наказывают",
    "Hasbro rules": "Правила Hasbro",
    "the third double sends your leading pawn home; no going round past the home row":
        "третий дубль отправляет вашу передовую фишку в гнездо; мимо домашнего ряда не ходят",
    "No capture at the exit": "Без рубки на выходе",
    "a full exit is closed: leaving home never captures": "занятый выход закрыт: при выходе из дома не рубят",
    "Long field": "Длинное поле", "arms of 6: a circle of 56 cells and a house of 5": "лучи по 6: круг из 56 клеток и домик из 5",
    "Out on a double": "Выход на дубль", "pieces leave the park on a double instead of a six":
        "фишки выходят из парка на дубль вместо шестёрки",
    "Out on a six or a double": "Выход на шестёрку или дубль",
    "pieces leave the park on a six or on a double": "фишки выходят из парка на шестёрку или на дубль",
    "Three tries": "Три попытки", "with no piece on the circle, three rolls a turn to come out":
        "пока на круге нет фишек, на выход даётся три броска за ход",
    "Staggered shelters": "Укрытия лесенкой",
    "shelters on the 3rd cell in and the 4th cell out of each arm":
        "укрытия на 3-й клетке дорожки к центру и на 4-й клетке дорожки от центра",
    "Single game": "Одна партия", "one game instead of a match to two wins": "одна партия вместо матча до двух побед",
    "No capture on corners": "Без рубки на углах",
    "a move ending on an enemy on a corner only jumps": "ход, кончившийся на углу с чужой фишкой, только прыгает",

    # a move in plain words (Game.move_words; the web's move buttons)
    "bring piece {piece} out ({dice})": "вывести фишку {piece} ({dice})",
    "{dice} with piece {piece}": "{dice} фишкой {piece}",
    "{move}, {then}": "{move}, {then}", "{move}, home": "{move}, домой",
    "jump on to the next corner": "прыжок вперёд на угол", "jump back": "прыжок назад",
    "jump across the diagonal": "прыжок по диагонали", "and hide in the shelter": "и спрятаться в укрытие",
    "go round again": "ещё круг",
    "let the missed capture pass": "не ловить на зевке",
    "call the missed capture: piece {piece} goes to the lock-up": "поймать на зевке: фишка {piece} идёт в БУР",
    "keep the fences": "оставить заборы",
    "move the fence {fence} to {slot}": "перенести забор {fence} на {slot}",
    "put pawn {pawn} back on {square}": "вернуть фишку {pawn} на {square}",
    "{pawn}: jump the fence {direction}": "{pawn}: прыжок через забор {direction}",
    "{pawn}: {dice} {direction}": "{pawn}: {dice} {direction}",
    "{move}, at the fence {turn}": "{move}, у забора {turn}", "{move}, then {turn}": "{move}, потом {turn}",
    "north": "на север", "east": "на восток", "south": "на юг", "west": "на запад",
    "left": "налево", "right": "направо",
    "{where}, diagram at line {line}: {error}": "{where}, диаграмма в строке {line}: {error}",
    "{move} is not a legal move there; legal: {legal}": "{move} — там не законный ход; законные: {legal}",

    # -- the server: refusals of a room or a request -------------------------------------------
    "the game starts when every invited player has taken a seat": "игра начнётся, когда все приглашённые займут места",
    "the move could not be stored, so it was not made: {problem}":
        "ход не удалось сохранить, поэтому он не сделан: {problem}",
    "the server cannot reach its database just now; try again in a moment":
        "сервер сейчас не может связаться со своей базой данных; попробуйте чуть позже",
    "action {id} was already applied (position {seq})": "действие {id} уже сделано (позиция {seq})",
    "your action was made on position {seq}, but the game is at position {now}: it was not applied":
        "ваше действие сделано в позиции {seq}, а игра уже в позиции {now}: оно не применено",
    "you are watching: take a seat to play": "вы зритель: займите место, чтобы играть",
    "it is {colour}'s turn ({who}), not yours": "сейчас ходит {colour} ({who}), а не вы",
    "a bot": "бот",
    "red": "красный", "green": "зелёный", "yellow": "жёлтый", "blue": "синий",
    "spectators cannot chat: take a seat to talk": "зрители не пишут в чат: займите место, чтобы говорить",
    "an empty chat line": "пустое сообщение",
    "you are chatting too fast; wait a moment": "вы пишете слишком часто; подождите немного",
    "this room has players 0 to {last}": "в этой комнате игроки с 0 по {last}",
    "seat {player} is not open to invited players": "место {player} не для приглашённых",
    "seat {player} is already taken": "место {player} уже занято",
    "this token holds no seat in this room: you are watching as a spectator":
        "этот ключ не занимает места в этой комнате: вы смотрите как зритель",
    "unknown bot level {level}; levels: {levels}": "нет бота уровня {level}; уровни: {levels}",
    "too many rooms created from here; wait a little": "отсюда создано слишком много комнат; подождите немного",
    "{n} rooms were created from this address in the last hour, the most allowed; try again in {minutes} min":
        "с этого адреса за последний час создано {n} комнат — это предел; попробуйте снова через {minutes} мин",
    "absent_after: a bot stands in after at least {least} seconds (or 0: never), not {value}":
        "absent_after: бот заменяет отошедшего не раньше чем через {least} с (или 0 — никогда), а не {value}",
    "wins {wins} contradicts options.match_wins {match_wins}: give one of them":
        "wins {wins} противоречит options.match_wins {match_wins}: укажите что-то одно",
    "no room {code}": "комнаты {code} нет",
    # connections and rates (pachisi/web/limits.py)
    "too many lookups of rooms that do not exist from here; wait a minute":
        "отсюда слишком часто спрашивают несуществующие комнаты; подождите минуту",
    "this seat already has {n} connections open: close one of its tabs or devices first":
        "у этого места уже открыто соединений: {n}; сначала закройте одну из вкладок или одно из устройств",
    "this room already has {n} spectators: try again later": "в этой комнате уже {n} зрителей: попробуйте позже",
    "too many rooms are watched from your address (at most {n})":
        "с вашего адреса смотрят слишком много комнат (не больше {n})",
    "too many actions from this seat; slow down": "слишком много действий с этого места; помедленнее",
    "too many refused actions from your address; wait a little":
        "с вашего адреса слишком много отклонённых действий; подождите немного",
    "{move!r} is not a move here": "{move!r} — здесь не ход",
    "the name {name} reads like a bot's: pick another, so that nobody takes you for a bot":
        "имя {name} похоже на имя бота: выберите другое, чтобы вас не приняли за бота",
    "this room is private: its seats are taken through the invitation link (ask whoever invited you for it)":
        "это закрытая комната: места в ней занимают по ссылке-приглашению (попросите её у того, кто вас пригласил)",
    "nothing at /{path}": "по адресу /{path} ничего нет",
    "no how-to-play page for {game}": "для {game} нет страницы «Как играть»",
    "a record is UTF-8 text": "запись партии — это текст в UTF-8",
    "the request is larger than {limit} bytes": "запрос больше {limit} байт",
    "the request body is not JSON that can be read (is it nested too deeply?)":
        "тело запроса — не читаемый JSON (может быть, вложено слишком глубоко?)",
    "{method} is not allowed at {path}": "{method} нельзя по адресу {path}",
    "a message is at most {limit} bytes": "сообщение — не больше {limit} байт",
    "too many messages; slow down": "слишком много сообщений; помедленнее",
    "not a valid message: {problem}": "неверное сообщение: {problem}",
    "hello was already said": "hello уже было",
    # the table (pachisi/web/table.py): resigning, undo, reactions
    "you hold no seat {player} here": "вы не занимаете здесь место {player}",
    "undo is for hot-seat games (every seat a person at this screen): here it would take back moves of {who}":
        "отмена хода — только для игры за одним экраном (все места — люди у этого экрана): здесь она отменила бы "
        "ходы, которые сделали {who}",
    "bots": "боты", "other people": "другие люди",
    "nothing to undo in this game": "в этой партии нечего отменять",
    "not a reaction: {emoji}": "это не реакция: {emoji}",
    "say hello first (with your seat token, or none to watch)":
        "сначала скажите hello (с ключом своего места или без него, чтобы смотреть)",
    "only a player of this room can ask for a rematch": "реванш может попросить только игрок этой комнаты",
    "the game is not over yet: a rematch starts after it": "игра ещё не окончена: реванш — после неё",
}

CATALOGUES = {"ru": RU}
