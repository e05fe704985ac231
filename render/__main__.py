"""``python -m render``: example boards, and an animated replay of an exported game.

``python -m render gallery OUTDIR`` writes the example boards;
``python -m render replay GAME.txt OUT.gif`` turns a game record (what the bot's export and
``engine.record.export`` write, docs/league.md) into an animated GIF, or an APNG when
OUT ends in ``.png``/``.apng``.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from engine.errors import EngineError
from engine.position import Side
from render.gallery import write_gallery
from render.texts import LANGS
from render.themes import THEMES

_SAY = {
    "en": {"wrote": "wrote {path}: {n} bytes", "cannot_read": "cannot read {file}: {why}",
           "cannot_write": "cannot write {file}: {why}"},
    "sv": {"wrote": "skrev {path}: {n} byte", "cannot_read": "kan inte läsa {file}: {why}",
           "cannot_write": "kan inte skriva {file}: {why}"},
}


def _replay(args: argparse.Namespace) -> int:
    from render.replay import render_replay

    lang = args.lang
    say = _SAY[lang]
    fmt = "apng" if args.out.suffix.lower() in (".png", ".apng") else "gif"
    try:
        text = sys.stdin.read() if args.record == "-" else Path(args.record).read_text("utf-8")
    except OSError as e:
        print(say["cannot_read"].format(file=args.record, why=e.strerror), file=sys.stderr)
        return 2
    try:
        data = render_replay(text, perspective=Side(args.perspective), theme=args.theme,
                             lang=lang, fmt=fmt, frame_ms=args.frame_ms, scale=args.scale,
                             max_bytes=args.max_bytes)
    except EngineError as e:  # a record that does not replay names its bad line
        print(e.message(lang), file=sys.stderr)
        return 2
    except ValueError as e:
        print(str(e), file=sys.stderr)
        return 2
    try:
        args.out.write_bytes(data)
    except OSError as e:
        print(say["cannot_write"].format(file=args.out, why=e.strerror), file=sys.stderr)
        return 2
    print(say["wrote"].format(path=args.out, n=len(data)))
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m render",
                                     description="Board pictures from the command line.")
    sub = parser.add_subparsers(dest="command", required=True)
    gal = sub.add_parser("gallery", help="write example boards as PNG files")
    gal.add_argument("outdir")
    rp = sub.add_parser("replay", help="an animated replay (GIF or APNG) of a game record",
                        description="Draw a game record (as exported) as an animated replay: "
                                    "a title frame, one frame per turn, the result.")
    rp.add_argument("record", help="the game record, a text file ('-': standard input)")
    rp.add_argument("out", type=Path, help="the file to write: .gif, or .png/.apng for APNG")
    rp.add_argument("--lang", choices=LANGS, default="sv", help="language of the pictures")
    rp.add_argument("--perspective", choices=["white", "black"], default="white",
                    help="the side the board is drawn from (its numbering)")
    rp.add_argument("--theme", choices=list(THEMES), default="classic")
    rp.add_argument("--frame-ms", type=int, default=900, help="milliseconds per turn")
    rp.add_argument("--scale", type=float, default=0.5, help="size against the full board")
    rp.add_argument("--max-bytes", type=int, default=8_000_000,
                    help="largest file; longer games drop frames to fit")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if args.command == "gallery":
        for path in write_gallery(args.outdir):
            print(path)
        return 0
    return _replay(args)


if __name__ == "__main__":
    sys.exit(main())
