"""``python -m render gallery OUTDIR``: write the example boards."""

from __future__ import annotations

import argparse
import sys

from render.gallery import write_gallery


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m render")
    sub = parser.add_subparsers(dest="command", required=True)
    gal = sub.add_parser("gallery", help="write example boards as PNG files")
    gal.add_argument("outdir")
    args = parser.parse_args(argv)
    if args.command == "gallery":
        for path in write_gallery(args.outdir):
            print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())
