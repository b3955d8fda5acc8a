"""Type stubs of the extension module (python/src/lib.rs)."""

import os
from typing import Any, Dict, List, Optional, Sequence, TypedDict, Union

__version__: str

class RuleProblem(TypedDict):
    file: str
    line: int
    column: int
    key: str
    message: str

class RulesError(ValueError):
    """A rule file or variant name that cannot be used."""

    problems: List[RuleProblem]

class IllegalPly(ValueError):
    """A ply that cannot be played: not in the notation, or not legal."""

class Reading(TypedDict):
    name: str
    point: str
    reason: str
    default: str
    chosen: str
    alternatives: Dict[str, Dict[str, str]]

class Rules:
    """The rules of one variant, under a choice of readings."""

    @staticmethod
    def load(
        name: str,
        readings: Optional[Dict[str, str]] = None,
        base: Optional[str] = None,
    ) -> "Rules": ...
    @staticmethod
    def parse(text: str, file: str = "<text>") -> "Rules": ...
    @property
    def id(self) -> str: ...
    @property
    def name(self) -> str: ...
    @property
    def summary(self) -> Optional[str]: ...
    def show(self) -> str: ...
    def readings(self) -> List[Reading]: ...

class Outcome(TypedDict):
    reason: str
    text: str
    totals: List[int]
    winner: Optional[str]
    without_glory: bool

class Game:
    """A game under a set of rules: its position, the plies played, its end."""

    def __init__(self, rules: Rules, position: Optional[str] = None) -> None: ...
    @property
    def rules(self) -> Rules: ...
    def legal(self) -> List[str]: ...
    def play(self, ply: str) -> str: ...
    def undo(self, n: int = 1) -> int: ...
    @property
    def plies(self) -> List[str]: ...
    @property
    def position(self) -> str: ...
    @property
    def to_move(self) -> Optional[str]: ...
    @property
    def is_over(self) -> bool: ...
    @property
    def outcome(self) -> Optional[Outcome]: ...
    def svg(self) -> str: ...
    def _repr_svg_(self) -> str: ...
    def engine_ply(self, level: str = "3", seed: int = 1) -> Optional[str]: ...
    def solve(
        self,
        max_positions: int = 50_000_000,
        reachable: bool = False,
        db_seeds: Optional[int] = None,
        table_mb: int = 256,
    ) -> Dict[str, Any]:
        """The position under perfect play, as `ayla solve --json` gives it."""
        ...
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...

def bundled() -> List[str]: ...

class Playouts(TypedDict):
    plies: int
    games: int
    south_wins: int
    north_wins: int
    draws: int
    seconds: float

class ReplayedPly(TypedDict):
    number: int
    side: str
    text: str
    effect: str
    position: str
    comments: List[str]

class Tag(TypedDict):
    name: str
    value: str

class Replay(TypedDict):
    file: str
    game: int
    line: int
    variant: str
    readings: Dict[str, str]
    tags: List[Tag]
    start: str
    plies: List[ReplayedPly]
    position: str
    result: Optional[str]
    winner: Optional[str]
    ended: Optional[str]
    without_glory: Optional[bool]
    match_game: Optional[int]
    match_result: Optional[str]
    errors: List[Problem]

def replay(
    path: str, rules: Optional[str] = None, readings: Optional[Dict[str, str]] = None
) -> List[Replay]: ...

class SelfPlayGame(TypedDict):
    index: int
    a_side: str
    first: str
    end: Optional[str]
    totals: List[int]
    winner: Optional[str]
    plies: int
    captured: int
    mean_legal: float
    trades: List[int]

def self_play(
    rules: Rules,
    games: int = 200,
    a: str = "3",
    b: Optional[str] = None,
    opening: int = 4,
    seed: int = 1,
    max_plies: int = 2000,
) -> List[SelfPlayGame]: ...
def stats(
    rules: Rules,
    games: int = 200,
    a: str = "3",
    b: Optional[str] = None,
    opening: int = 4,
    seed: int = 1,
    max_plies: int = 2000,
) -> Dict[str, Any]:
    """The figures of `ayla stats` (a combination of its --json): setup,
    `figures`, `matches` (or None) and `seconds`."""
    ...
def fit(paths: Union[str, "os.PathLike[str]", Sequence[Union[str, "os.PathLike[str]"]]], rules: Optional[str] = None) -> Dict[str, Any]:
    """Which readings the games of record files fit (`ayla fit`):
    `variants` (each with `variant`, `files`, `error`, `readings`,
    `groups`) and `unusable` files."""
    ...
def random_playouts(rules: Rules, min_plies: int = 1_000_000, seed: int = 1) -> Playouts: ...

class Problem(TypedDict):
    kind: str
    file: str
    line: Optional[int]
    column: Optional[int]
    ply: Optional[int]
    side: Optional[str]
    text: Optional[str]
    message: str
    position: Optional[str]

class Verdict(TypedDict):
    file: str
    game: Optional[int]
    line: Optional[int]
    status: str
    variant: Optional[str]
    readings: Optional[Dict[str, str]]
    plies: Optional[int]
    claimed: Optional[str]
    result: Optional[str]
    winner: Optional[str]
    ended: Optional[str]
    without_glory: Optional[bool]
    position: Optional[str]
    match_game: Optional[int]
    match_result: Optional[str]
    errors: List[Problem]

def check(
    path: str, rules: Optional[str] = None, readings: Optional[Dict[str, str]] = None
) -> List[Verdict]: ...
def check_text(
    text: str,
    file: str = "<text>",
    base: Optional[str] = None,
    rules: Optional[str] = None,
    readings: Optional[Dict[str, str]] = None,
) -> List[Verdict]: ...
