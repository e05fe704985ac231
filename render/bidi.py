"""The order in which a line of mixed left-to-right and right-to-left text is drawn.

A player's name may be Hebrew or Arabic (read right to left), or mix such a script
with Latin letters, digits and emoji.  The renderer draws each run of one font and one
direction on its own (Pillow has no font fallback), so it needs the visual order of
those runs: this module is the Unicode Bidirectional Algorithm (UAX #9) for one
paragraph without explicit embeddings — rules P2–P3, W1–W7, N1–N2, I1–I2 and L2 —
which is all a name or a label on the board can hold (explicit embedding and isolate
controls are treated as neutrals).

Pure functions of the text, tested on their own.
"""

from __future__ import annotations

import unicodedata

_STRONG_R = {"R", "AL"}
_NEUTRAL = {"B", "S", "WS", "ON", "BN", "LRE", "LRO", "RLE", "RLO", "PDF", "LRI", "RLI",
            "FSI", "PDI"}


def is_rtl_char(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in _STRONG_R


def base_level(text: str) -> int:
    """P2–P3: 1 (right to left) when the first strong character is R or AL, else 0."""
    for ch in text:
        t = unicodedata.bidirectional(ch)
        if t == "L":
            return 0
        if t in _STRONG_R:
            return 1
    return 0


def levels(text: str, base: int | None = None) -> list[int]:
    """The embedding level of each character (even: left to right, odd: right to left)."""
    if base is None:
        base = base_level(text)
    sos = "R" if base % 2 else "L"
    types = [unicodedata.bidirectional(ch) or "ON" for ch in text]
    n = len(types)
    # W1: a non-spacing mark takes the type of the character before it
    prev = sos
    for i, t in enumerate(types):
        if t == "NSM":
            types[i] = prev
        else:
            prev = t
    # W2: a European number after Arabic letters is an Arabic number; W3: AL is R
    last_strong = sos
    for i, t in enumerate(types):
        if t in ("L", "R", "AL"):
            last_strong = t
        elif t == "EN" and last_strong == "AL":
            types[i] = "AN"
    types = ["R" if t == "AL" else t for t in types]
    # W4: one separator between two numbers of the same kind joins them
    for i in range(1, n - 1):
        a, t, b = types[i - 1], types[i], types[i + 1]
        if (t == "ES" and a == b == "EN") or (t == "CS" and a == b and a in ("EN", "AN")):
            types[i] = a
    # W5: terminators (%, currency) next to European numbers are numbers
    for i, t in enumerate(types):
        if t != "ET":
            continue
        j = i
        while j < n and types[j] == "ET":
            j += 1
        if (i > 0 and types[i - 1] == "EN") or (j < n and types[j] == "EN"):
            for k in range(i, j):
                types[k] = "EN"
    # W6: other separators and terminators are neutral
    types = ["ON" if t in ("ES", "ET", "CS") else t for t in types]
    # W7: a European number after left-to-right text is left to right
    last_strong = sos
    for i, t in enumerate(types):
        if t in ("L", "R"):
            last_strong = t
        elif t == "EN" and last_strong == "L":
            types[i] = "L"
    # N1–N2: neutrals between two strong of one direction take it, others the base's
    i = 0
    while i < n:
        if types[i] not in _NEUTRAL:
            i += 1
            continue
        j = i
        while j < n and types[j] in _NEUTRAL:
            j += 1
        before = _dir(types[i - 1]) if i > 0 else sos
        after = _dir(types[j]) if j < n else sos
        fill = before if before == after else sos
        for k in range(i, j):
            types[k] = fill
        i = j
    # I1–I2
    out = []
    for t in types:
        if base % 2 == 0:
            out.append(base + (1 if t == "R" else 2 if t in ("AN", "EN") else 0))
        else:
            out.append(base + (1 if t in ("L", "EN", "AN") else 0))
    return out


def _dir(t: str) -> str:
    return "R" if t in ("R", "AN", "EN") else "L"


def visual_order(items: list[int]) -> list[int]:
    """L2: indices of items with these levels, in the order they are drawn left to right
    (from the highest level down to the lowest odd one, each run of items at that level
    or higher is reversed)."""
    order = list(range(len(items)))
    if not items:
        return order
    top = max(items)
    low_odd = min((lv for lv in items if lv % 2), default=None)
    if low_odd is None:
        return order
    for level in range(top, low_odd - 1, -1):
        i = 0
        while i < len(order):
            if items[order[i]] >= level:
                j = i
                while j < len(order) and items[order[j]] >= level:
                    j += 1
                order[i:j] = reversed(order[i:j])
                i = j
            else:
                i += 1
    return order


def display(text: str) -> str:
    """The characters of ``text`` in the order they appear left to right (no shaping, no
    mirroring): what a test or a plain-text reader compares a drawing against."""
    lv = levels(text)
    return "".join(text[i] for i in visual_order(lv))
