"""ayla: mancala rules from TOML rule files, for Python.

The same engine as the ``ayla`` program: load a bundled game or a rule
file, read its rules and open points, play it, check and replay records,
fit readings to them, measure self-play and solve positions::

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
    fit,
    random_playouts,
    replay,
    self_play,
    stats,
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
    "fit",
    "random_playouts",
    "replay",
    "self_play",
    "self_play_frame",
    "stats",
]


def self_play_frame(rules, **kwargs):
    """:func:`self_play` as a pandas DataFrame: one row a game, the totals
    split into ``south_total`` and ``north_total``. Needs pandas, which
    the package does not require (``pip install pandas``)."""
    try:
        import pandas as pd
    except ImportError as e:
        raise ImportError(
            "self_play_frame needs pandas, which ayla does not install: pip install pandas"
        ) from e
    rows = self_play(rules, **kwargs)
    for r in rows:
        r["south_total"], r["north_total"] = r.pop("totals")
    return pd.DataFrame(rows)
