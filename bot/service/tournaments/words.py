"""Small pieces of a tournament's messages: ids, mentions, counts, times, scores."""

from __future__ import annotations

import re
from datetime import datetime
from typing import Any

from bot.i18n import TABLES, t
from bot.service.model import UserError
from bot.service.text import mention, moment


def uid(player: str | None) -> int:
    return int(player) if player else 0


def parse_score(text: str | None, has_winner: bool) -> tuple[int, int]:
    """``"3-1"`` -> (3, 1), the winner's score first; none given: 1–0 (0–0 for a
    double forfeit).  Whether the match could end so is the league's check
    (``Tournament.check_score``)."""
    if not text or not text.strip():
        return (1, 0) if has_winner else (0, 0)
    m = re.fullmatch(r"\s*(\d{1,4})\s*[-–:]\s*(\d{1,4})\s*", text)
    if not m:
        raise UserError("trn.bad_score", score=text[:20])
    return int(m.group(1)), int(m.group(2))


def counted(key: str, lang: str, n: int, **params: Any) -> str:
    """``key`` with ``n``, in its ``.one`` form for 1 where the language has one."""
    one = f"{key}.one"
    table = TABLES["sv" if lang == "sv" else "en"]
    return t(one if n == 1 and one in table else key, lang, n=n, **params)


def player_id(text: str | None) -> str | None:
    """An id from the player option: the autocompleted id, a mention or a raw id."""
    m = re.fullmatch(r"\s*(?:<@!?)?(\d{1,20})>?\s*", text or "")
    return m.group(1) if m else None


def mention_player(player: str | None) -> str:
    """A tournament player (their id as the league keeps it) mentioned; "—" for none."""
    return mention(player) if player else "—"


def stamp(when: datetime | None, style: str = "f") -> str:
    """``when`` for the reader's clock (``moment``); nothing for no time."""
    return moment(when.timestamp(), style) if when else ""


def num(x: float) -> str:
    return str(int(x)) if float(x).is_integer() else f"{x:.1f}"
