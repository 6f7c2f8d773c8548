"""The score of one bridge deal, from the Laws of Duplicate Bridge 2017, Law 77.

Every value is a parameter of `Values`, so rubber, Chicago, Old Polish and house tables reuse
the same arithmetic. The defaults are Law 77; each component is kept apart (a Breakdown) so
rubber can put trick points below the line and everything else above it, and a sheet can say
how a score was made.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from zapis.core.module import Rules
from zapis.core.words import Bi

STRAINS = ("C", "D", "H", "S", "NT")
SEATS = ("N", "E", "S", "W")
SIDE_OF = {"N": "NS", "S": "NS", "E": "EW", "W": "EW"}
OTHER = {"NS": "EW", "EW": "NS"}
VUL_CHOICES = ("none", "NS", "EW", "both")
DOUBLES = {"": 0, "X": 1, "XX": 2}
STRAIN_SYMBOL = {"C": "♣", "D": "♦", "H": "♥", "S": "♠", "NT": "NT"}


def both(text: Callable[[str], str]) -> Bi:
    """A text in Polish and English from one function of the language ("pl" or "en")."""
    return Bi(text("pl"), text("en"))


#: a passed-out deal as a sheet writes it
PASSED_OUT = Bi("pas", "passed out")


def not_a_contract(value: str) -> Bi:
    return Bi(f"{value} to nie kontrakt (wysokość 1-7 i miano: ♣ ♦ ♥ ♠ BA, albo pas)",
              f"{value} is not a contract (level 1-7 and C, D, H, S or NT, or pass)")


_NONE_OF = {"declarer": Bi("rozgrywającego", "declarer"), "tricks": Bi("lew", "tricks"),
            "honours": Bi("honorów", "honours"), "honours_side": Bi("strony z honorami", "honours side")}


def pass_has_no(key: str, value: str, deal: str = "deal") -> Bi:
    """ "9: a passed-out deal has no tricks" (a board, in a pairs session)."""
    what = _NONE_OF[key]
    return Bi(f"{value}: w spasowanym rozdaniu nie ma {what.pl}", f"{value}: a passed-out {deal} has no {what.en}")


#: vulnerability as the sheets say it (the seed's Chicago table: "obie strony przed partią", "NS po partii")
VUL_WORDS = {
    "none": Bi("obie przed partią", "neither vulnerable"), "NS": Bi("N-S po partii", "N-S vulnerable"),
    "EW": Bi("E-W po partii", "E-W vulnerable"), "both": Bi("obie po partii", "both vulnerable"),
}


@dataclass(frozen=True)
class Contract:
    level: int
    strain: str
    double: int = 0  # 0 undoubled, 1 doubled, 2 redoubled

    @property
    def needed(self) -> int:
        return 6 + self.level

    def __str__(self) -> str:
        return f"{self.level}{self.strain}{'X' * self.double}"

    def pretty(self) -> Bi:
        """The contract as players write it: 4♠, 2♥X; no trumps 3BA in Polish, 3NT in English (the record keeps
        the spec's 4S, 3NT)."""
        x = "X" * self.double
        if self.strain == "NT":
            return Bi(f"{self.level}BA{x}", f"{self.level}NT{x}")
        return Bi(f"{self.level}{STRAIN_SYMBOL[self.strain]}{x}")


#: strains as players write them, in Polish and in English; a lone K (karo or kier?) is not guessed
STRAIN_WORDS = {
    "C": "C", "♣": "C", "T": "C", "TREFL": "C", "TREFLE": "C", "CLUB": "C", "CLUBS": "C",
    "D": "D", "♦": "D", "♢": "D", "KARO": "D", "DIAMOND": "D", "DIAMONDS": "D",
    "H": "H", "♥": "H", "♡": "H", "KIER": "H", "KIERY": "H", "HEART": "H", "HEARTS": "H",
    "S": "S", "♠": "S", "P": "S", "PIK": "S", "PIKI": "S", "SPADE": "S", "SPADES": "S",
    "NT": "NT", "N": "NT", "BA": "NT", "B": "NT", "BEZATU": "NT", "NOTRUMP": "NT", "NOTRUMPS": "NT",
}
PASS_WORDS = ("pass", "pas", "passed", "pasy")


def canonical_contract(text: str) -> str:
    """A contract as the record writes it ("4S", "3NT", "pass"), from what a player typed: 3BA, 3 bez atu,
    4P, 4♠, 4 pik, pas. Text that is no contract comes back unchanged, for the check to name."""
    t = "".join(text.split())
    if t.lower() in PASS_WORDS:
        return "pass"
    if len(t) >= 2 and t[0] in "1234567":
        strain = STRAIN_WORDS.get(t[1:].upper())
        if strain:
            return f"{t[0]}{strain}"
    return text


#: a double written after the contract, as players write it ("4SX", "3NTXX", "4 pik x", "4 kier kontra")
DOUBLE_SUFFIX = ("double", (("rekontra", "XX"), ("kontra", "X"), ("xx", "XX"), ("x", "X")))

#: how a contract is put together on a pad: a level, then a strain (or "pass" alone)
CONTRACT_PARTS = (("1", "2", "3", "4", "5", "6", "7"), ("C", "D", "H", "S", "NT"))


def tricks_needed(hand: Mapping[str, Any]) -> int | None:
    """The tricks the hand's contract needs (4S: 10), so that a result reads "=", "+1", "-2"; None without one."""
    parsed = parse_contract(canonical_contract(str(hand.get("contract", ""))))
    return parsed[0] + 6 if parsed else None


def parse_contract(text: str) -> tuple[int, str] | None:
    """("4S" -> (4, "S"), "3nt" -> (3, "NT")); None when it is not a contract."""
    t = text.strip().upper()
    if len(t) < 2 or not t[0].isdigit():
        return None
    level, strain = int(t[0]), t[1:]
    if strain == "N":
        strain = "NT"
    if not 1 <= level <= 7 or strain not in STRAINS:
        return None
    return level, strain


def written_contract(text: Any, lang: str) -> str:
    """A contract as the record writes it ("3NT", "4S", "pass") as players write it in `lang`: 3BA (3NT in
    English), 4♠, pas; anything else as it is."""
    if not isinstance(text, str):
        return str(text)
    if text.strip().lower() in PASS_WORDS:
        return PASSED_OUT.say(lang)
    parsed = parse_contract(text)
    return text if parsed is None else Contract(*parsed).pretty().say(lang)


def result_text(c: Contract, tricks: int) -> str:
    """"=" when the contract is made exactly, "+1" / "-2" otherwise."""
    d = tricks - c.needed
    return "=" if d == 0 else f"{d:+d}"


def vulnerable(vul: str, side: str) -> bool:
    return vul == "both" or vul == side


@dataclass(frozen=True)
class Values:
    """Score values; the defaults are Law 77 (2017)."""

    trick: Mapping[str, int] = field(default_factory=lambda: {"C": 20, "D": 20, "H": 30, "S": 30, "NT": 30})
    nt_first: int = 40  # the first odd trick in no trumps
    overtricks_at_trick_value: bool = True  # undoubled overtricks; else overtrick_nv / overtrick_v
    overtrick_nv: int = 50
    overtrick_v: int = 100
    overtrick_doubled_nv: int = 100  # redoubled: twice this
    overtrick_doubled_v: int = 200
    undertrick_nv: int = 50  # undoubled, each
    undertrick_v: int = 100
    doubled_undertricks: str = "law77"  # or "pre1987": NV 100 then 200 each
    insult: int = 50  # making a doubled contract
    insult_redoubled: int = 100
    small_slam_nv: int = 500
    small_slam_v: int = 750
    grand_slam_nv: int = 1000
    grand_slam_v: int = 1500
    making_nv: int = 0  # a bonus for making any contract (Old Polish "bien joué")
    making_v: int = 0
    #: deal_parts() as a fold has found them with these values: ((contract, double) as the hand spells them,
    #: vulnerable, tricks) -> its parts
    memo: dict[tuple[tuple[str, str], bool, int], Parts] = field(default_factory=dict, init=False, compare=False, repr=False)

    @classmethod
    def of(cls, rules: Rules) -> Values:
        """from_rules(rules), one for the same Rules (a season's games of a ruleset share theirs, and with it the
        memo of their deals' parts)."""
        known = _VALUES_OF.get(id(rules))
        if known is not None and known[0] is rules:
            return known[1]
        if len(_VALUES_OF) >= 64:
            _VALUES_OF.clear()
        values = cls.from_rules(rules)
        _VALUES_OF[id(rules)] = (rules, values)  # the rules held: their id names no other while kept here
        return values

    @classmethod
    def from_rules(cls, rules: Mapping[str, Any]) -> Values:
        given = rules.values if isinstance(rules, Rules) else rules  # a Rules' own values: no Mapping methods
        kw = {k: given[k] for k in cls.__dataclass_fields__ if k in given}
        if "trick_values" in rules:
            kw["trick"] = dict(rules["trick_values"])
        return cls(**kw)

    def contract_points(self, c: Contract) -> int:
        """Trick points for the odd tricks bid and made (below the line)."""
        per = self.trick[c.strain]
        first = self.nt_first if c.strain == "NT" else per
        return (first + per * (c.level - 1)) * (1 << c.double)

    def overtrick_each(self, c: Contract, vul: bool) -> int:
        if c.double:
            base = self.overtrick_doubled_v if vul else self.overtrick_doubled_nv
            return base * c.double
        if self.overtricks_at_trick_value:
            return self.trick[c.strain]
        return self.overtrick_v if vul else self.overtrick_nv

    def undertricks(self, c: Contract, vul: bool, down: int) -> int:
        if c.double == 0:
            return down * (self.undertrick_v if vul else self.undertrick_nv)
        if vul:
            doubled = 200 + 300 * (down - 1)
        elif self.doubled_undertricks == "pre1987":
            doubled = 100 + 200 * (down - 1)
        else:
            doubled = 100 + 200 * min(down - 1, 2) + 300 * max(down - 3, 0)
        return doubled * c.double

    def slam(self, c: Contract, vul: bool) -> int:
        if c.level == 6:
            return self.small_slam_v if vul else self.small_slam_nv
        if c.level == 7:
            return self.grand_slam_v if vul else self.grand_slam_nv
        return 0


@dataclass(frozen=True)
class Breakdown:
    """A deal's score in parts. Everything but `undertricks` goes to the declaring side."""

    contract: Contract
    vul: bool
    tricks: int
    below: int = 0  # trick points of the contract
    overtricks: int = 0
    insult: int = 0
    slam: int = 0
    making: int = 0
    undertricks: int = 0  # to the defenders
    premium: int = 0  # game or partscore premium (duplicate-style scoring only)
    premium_kind: str = ""  # what the premium is for, for the words: "game", "partscore" or "fourth" (deal 4)

    @property
    def made(self) -> bool:
        return self.tricks >= self.contract.needed

    @property
    def above(self) -> int:
        """Premium points of the declaring side other than a game/partscore premium."""
        return above_line(self.numbers())

    @property
    def declarer_score(self) -> int:
        """The deal's score from the declaring side's view (negative when defeated)."""
        return declarer_score(self.numbers(), self.premium)

    def numbers(self) -> Parts:
        """The parts as deal_parts() gives them."""
        return self.below, self.overtricks, self.insult, self.slam, self.making, self.undertricks

    def result(self) -> str:
        return result_text(self.contract, self.tricks)

    def parts(self) -> list[tuple[Bi, int]]:
        """The points beside the trick score, each named: [(nadróbka / overtrick, 30), (za kontrę / insult, 50)]."""
        over = self.tricks - self.contract.needed
        return [(name, v) for name, v in (
            (Bi("nadróbka", "overtrick") if over == 1 else Bi("nadróbki", "overtricks"), self.overtricks),
            (INSULT_WORDS.get(self.contract.double, INSULT_WORDS[1]), self.insult),
            (SLAM_WORDS[self.contract.level == 7], self.slam),
            (Bi("za ugranie", "making bonus"), self.making),
            (PREMIUM_WORDS.get(self.premium_kind, PREMIUM_WORDS[""]), self.premium)) if v]

    def words(self) -> Bi:
        """How the score was made, in both languages: "120 + nadróbka 30 + premia za dograną 500 = 650"
        (4♥+1 vulnerable; en: "120 + overtrick 30 + game bonus 500 = 650")."""
        if not self.made:
            down, pts = self.contract.needed - self.tricks, self.undertricks
            return Bi(f"bez {down}: {pts} dla obrońców", f"down {down}: {pts} to the defenders")
        return both(lambda lang: " + ".join([str(self.below)] + [f"{name.say(lang)} {v}" for name, v in self.parts()])
                    + f" = {self.declarer_score}")


#: the parts of a score as a sheet's "how" names them
INSULT_WORDS = {1: Bi("za kontrę", "insult"), 2: Bi("za rekontrę", "insult")}
SLAM_WORDS = {False: Bi("szlemik", "small slam"), True: Bi("szlem", "grand slam")}
PREMIUM_WORDS = {"game": Bi("premia za dograną", "game bonus"),
                 "partscore": Bi("premia za częściówkę", "partscore bonus"),
                 "fourth": Bi("premia za częściówkę w 4. rozdaniu", "fourth-deal partscore bonus"),
                 "": Bi("premia", "bonus")}


#: a deal's score as plain numbers: (below, overtricks, insult, slam, making, undertricks), the fields of a Breakdown
Parts = tuple[int, int, int, int, int, int]


_VALUES_OF: dict[int, tuple[Rules, Values]] = {}


def deal_parts(c: Contract, vul: bool, tricks: int, values: Values) -> Parts:
    """The parts of a deal's score, without any game or partscore premium, as plain numbers: what breakdown() is
    made of, and what a fold that builds no sheet (a season's totals) adds up."""
    needed = c.needed
    if tricks < needed:
        return 0, 0, 0, 0, 0, values.undertricks(c, vul, needed - tricks)
    return (values.contract_points(c), (tricks - needed) * values.overtrick_each(c, vul),
            (values.insult, values.insult_redoubled)[c.double - 1] if c.double else 0,
            values.slam(c, vul), values.making_v if vul else values.making_nv, 0)


def above_line(parts: Parts) -> int:
    """The declaring side's points beside the trick score (overtricks, insult, slam, making), premium aside."""
    return parts[1] + parts[2] + parts[3] + parts[4]


def declarer_score(parts: Parts, premium: int = 0) -> int:
    """A deal's score from the declaring side's view (negative when defeated)."""
    return parts[0] + above_line(parts) + premium - parts[5]


def breakdown(c: Contract, vul: bool, tricks: int, values: Values | None = None) -> Breakdown:
    """The parts of a deal's score, without any game or partscore premium."""
    return Breakdown(c, vul, tricks, *deal_parts(c, vul, tricks, values or LAW77))


def premium(made: bool, below: int, vul: bool, game_threshold: int = 100, partscore: int = 50,
            game_nv: int = 300, game_v: int = 500) -> tuple[int, str]:
    """Duplicate-style: the game premium (trick points reach the threshold) or the partscore one, and which it is
    (Breakdown.premium_kind); (0, "") for a contract defeated."""
    if not made:
        return 0, ""
    if below >= game_threshold:
        return (game_v if vul else game_nv), "game"
    return partscore, "partscore"


def with_premium(b: Breakdown, game_threshold: int = 100, partscore: int = 50,
                 game_nv: int = 300, game_v: int = 500) -> Breakdown:
    """Duplicate-style: add the game premium (trick points reach the threshold) or the partscore one."""
    if not b.made:
        return b
    prem, kind = premium(True, b.below, b.vul, game_threshold, partscore, game_nv, game_v)
    return Breakdown(**{**b.__dict__, "premium": prem, "premium_kind": kind})


LAW77 = Values()
_table: dict[tuple[int, str, int, bool, int], int] = {}


def duplicate_score(c: Contract, vul: bool, tricks: int, values: Values = LAW77) -> int:
    """Law 77: the declaring side's score of one deal (negative when defeated).

    With the Law 77 values every (contract, vulnerability, tricks) is computed once and then looked
    up: the table has 7 x 5 x 3 x 2 x 14 cells.
    """
    if values is not LAW77:
        return with_premium(breakdown(c, vul, tricks, values)).declarer_score
    key = (c.level, c.strain, c.double, vul, tricks)
    got = _table.get(key)
    if got is None:
        got = _table[key] = with_premium(breakdown(c, vul, tricks, values)).declarer_score
    return got


# Law 78B: the IMP scale as lower bounds of each band (0-10 -> 0, 20-40 -> 1, ...).
IMP_SCALE = (20, 50, 90, 130, 170, 220, 270, 320, 370, 430, 500, 600, 750, 900, 1100, 1300,
             1500, 1750, 2000, 2250, 2500, 3000, 3500, 4000)


def imps(diff: int | float, scale: tuple[int, ...] | list[int] = IMP_SCALE) -> int:
    """IMPs for a score difference, with its sign (Law 78B)."""
    a = abs(diff)
    n = sum(1 for lower in scale if a >= lower)
    return n if diff >= 0 else -n


def board_dealer_vul(board: int) -> tuple[str, str]:
    """Law 2: the dealer and vulnerability of a board (the 16-board cycle)."""
    b = (board - 1) % 16
    return SEATS[b % 4], VUL_CHOICES[(b // 4 + b % 4) % 4]
