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

def bundled() -> List[str]: ...
