"""ayla: mancala rules from TOML rule files, for Python.

The same engine as the ``ayla`` program: load a bundled game or a rule
file, read its rules and open points (and, as the package grows, play it,
check records, measure self-play and solve positions)::

    >>> import ayla
    >>> kpe = ayla.Rules.load("kpe")
    >>> kpe.name
    'Kpé'
    >>> "kpe" in ayla.bundled()
    True

Errors in a rule file raise :class:`RulesError`, whose ``problems`` give
the file, line and column of each, as ``ayla rules validate`` does.
"""

from ._ayla import (
    Game,
    IllegalPly,
    Rules,
    RulesError,
    __version__,
    bundled,
    check,
    check_text,
    random_playouts,
)

__all__ = [
    "Game",
    "IllegalPly",
    "Rules",
    "RulesError",
    "__version__",
    "bundled",
    "check",
    "check_text",
    "random_playouts",
]
