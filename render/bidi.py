"""The order in which a line of mixed left-to-right and right-to-left text is drawn.

A player's name may be Hebrew or Arabic (read right to left), or mix such a script with
Latin letters, digits and emoji.  Pillow draws a string with one font, so a name that
needs several fonts is drawn run by run (``render.fonts``), and the order of those runs
on the line comes from the Unicode Bidirectional Algorithm (UAX #9) over the whole line,
which Pillow does not expose.  Both sources here are libraries:

* GNU FriBidi, the library Pillow's libraqm itself loads to order text: its
  ``fribidi_log2vis`` gives each character's embedding level and the visual order.  It is
  a C library with no maintained Python binding, so the one function is called through
  ``ctypes``; ``levels_and_order`` is what the renderer uses when libraqm lays out the
  runs (each run is then shaped by libraqm in logical order: Arabic joins, brackets in
  right-to-left text are mirrored).
* python-bidi's implementation where FriBidi cannot be loaded (then Pillow has no libraqm
  either and draws everything left to right): ``visual`` gives the line in the order it
  is read on screen with brackets mirrored, drawn as is.
"""

from __future__ import annotations

import ctypes
import ctypes.util
from collections.abc import Callable, Iterator

from bidi.algorithm import get_display

#: FRIBIDI_PAR_ON (fribidi-bidi-types.h): the paragraph takes the direction of its first
#: strong character (UAX #9 P2–P3).
_PAR_ON = 0x40


def _names() -> Iterator[str | None]:
    # The names Pillow's libraqm loads FriBidi by, then whatever the system lists.
    yield from ("libfribidi.so.0", "libfribidi.0.dylib", "fribidi-0.dll")
    yield ctypes.util.find_library("fribidi")


def _load() -> Callable[..., int] | None:
    for name in _names():
        if not name:
            continue
        try:
            fn = ctypes.CDLL(name).fribidi_log2vis
        except (OSError, AttributeError):
            continue
        # FriBidiLevel fribidi_log2vis(const FriBidiChar *str, FriBidiStrIndex len,
        #     FriBidiParType *pbase_dir, FriBidiChar *visual_str,
        #     FriBidiStrIndex *positions_L_to_V, FriBidiStrIndex *position_V_to_L,
        #     FriBidiLevel *embedding_levels)  -- 0 on failure
        fn.restype = ctypes.c_int8
        fn.argtypes = [ctypes.POINTER(ctypes.c_uint32), ctypes.c_int,
                       ctypes.POINTER(ctypes.c_uint32), ctypes.c_void_p, ctypes.c_void_p,
                       ctypes.POINTER(ctypes.c_int), ctypes.POINTER(ctypes.c_int8)]
        return fn
    return None


_LOG2VIS = _load()
FRIBIDI = _LOG2VIS is not None


def levels_and_order(text: str) -> tuple[list[int], list[int]]:
    """Each character's resolved embedding level (odd: right to left) and the logical
    index of the character at each visual position, left to right (FriBidi)."""
    if _LOG2VIS is None:
        raise RuntimeError("GNU FriBidi (libfribidi) is not installed")
    n = len(text)
    if n == 0:
        return [], []
    base = ctypes.c_uint32(_PAR_ON)
    order = (ctypes.c_int * n)()
    levels = (ctypes.c_int8 * n)()
    if not _LOG2VIS((ctypes.c_uint32 * n)(*map(ord, text)), n, ctypes.byref(base),
                    None, None, order, levels):
        raise MemoryError("fribidi_log2vis failed")
    return list(levels), list(order)


def visual(text: str) -> str:
    """``text`` in the order it is read on screen, left to right, brackets in
    right-to-left runs mirrored (python-bidi; no shaping).  Formatting characters that
    draw nothing (zero-width joiners, bidi controls) are left out."""
    return get_display(text)
