"""Type stubs of the extension module (python/src/lib.rs)."""

from typing import Dict, List, Optional, TypedDict

__version__: str

class Problem(TypedDict):
    file: str
    line: int
    column: int
    key: str
    message: str

class RulesError(ValueError):
    """A rule file or variant name that cannot be used."""

    problems: List[Problem]

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
    def copy(self) -> "Game": ...
    def __copy__(self) -> "Game": ...
    def __deepcopy__(self, memo: object) -> "Game": ...

def bundled() -> List[str]: ...
