"""Animated replays (issue 6, spectating): valid GIF and APNG files with one frame per turn,
the same bytes for a game and its record, and a size bound that is kept."""

from __future__ import annotations

import hashlib
import io
import math
import os
import random
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from engine.__main__ import play_random_game
from engine.errors import EngineError
from engine.game import Game
from engine.position import Side
from engine.record import export
from render.board import BOTH, board_layout
from render.layout import checker_center
from render.replay import (
    FOOTER,
    _anim_palette,
    load,
    render_replay,
)
from render.themes import CLASSIC
from tests.render.helpers import decode_frames

LAYOUT = board_layout(BOTH)  # a replay prints both players' numbering

SMALL = 0.25  # quarter size keeps every test here fast


def finished_game() -> Game:
    """A 12-turn talisman game won by jan."""
    g = play_random_game("talisman", random.Random(399))
    assert g.is_over and g.turn_count == 12
    return g


def partial_game(rules: str, seed: int, turns: int, roll_last: bool = False) -> Game:
    rng = random.Random(seed)
    g = Game.new(rules, seed=seed)
    g.opening()
    while g.turn_count < turns:
        if g.phase == "roll":
            g.roll()
        if g.phase == "move":
            g.play_turn(rng.choice(g.legal_turns))
    if roll_last and g.phase == "roll":
        g.roll()
    return g


def opened(data: bytes) -> Image.Image:
    im = Image.open(io.BytesIO(data))
    im.load()
    return im


def durations(data: bytes) -> list[int]:
    im = opened(data)
    out = []
    for n in range(im.n_frames):
        im.seek(n)
        out.append(im.info["duration"])
    return out


def close(a: tuple[int, ...], b: tuple[int, ...], tol: float = 40) -> bool:
    return sum((x - y) ** 2 for x, y in zip(a, b, strict=True)) ** 0.5 < tol


@pytest.fixture(scope="module")
def game() -> Game:
    return finished_game()


@pytest.fixture(scope="module")
def gif(game: Game) -> bytes:
    return render_replay(game, fmt="gif", scale=SMALL, frame_ms=500)


def test_gif_has_title_turn_and_final_frames(gif: bytes) -> None:
    im = opened(gif)
    assert im.format == "GIF"
    assert im.n_frames == 12 + 2
    # a quarter is an exact 4×4 box reduction, which rounds partial blocks up
    assert im.size == (math.ceil(LAYOUT.width * SMALL), math.ceil((LAYOUT.height + FOOTER) * SMALL))
    assert im.info.get("loop") == 0
    assert durations(gif) == [1000] + [500] * 12 + [2000]  # title ×2, final ×4


def test_apng_has_the_same_frames_as_the_gif(game: Game, gif: bytes) -> None:
    png = render_replay(game, fmt="apng", scale=SMALL, frame_ms=500)
    im = opened(png)
    assert im.format == "PNG" and im.is_animated
    assert im.n_frames == 14
    assert durations(png) == [1000] + [500] * 12 + [2000]
    # Both writers store only what changed, over a transparent index: decoded, the two
    # files must show exactly the same pictures, frame for frame.
    a, b = list(decode_frames(gif)), list(decode_frames(png))
    assert len(a) == len(b) == 14
    for n, (x, y) in enumerate(zip(a, b, strict=True)):
        assert x.tobytes() == y.tobytes(), f"frame {n} differs"
    assert len({f.tobytes() for f in a}) == 14  # no two frames alike
    # the colour parked on the transparent index never shows
    pal, clear, _ = _anim_palette(CLASSIC)
    hidden = tuple(pal[3 * clear:3 * clear + 3])
    for f in a:
        assert hidden not in {c for _, c in f.getcolors(1 << 16) or []}


def test_deterministic_and_thread_safe(game: Game, gif: bytes) -> None:
    assert render_replay(game, fmt="gif", scale=SMALL, frame_ms=500) == gif
    with ThreadPoolExecutor(max_workers=3) as pool:
        got = list(pool.map(lambda _: render_replay(game, fmt="gif", scale=SMALL,
                                                    frame_ms=500), range(3)))
    assert got == [gif] * 3


def test_same_bytes_in_a_fresh_process(gif: bytes) -> None:
    # The palette and its transparent index are chosen at first use; neither may depend
    # on hash seeds or on what the process drew before.
    code = ("import hashlib,random;from engine.__main__ import play_random_game;"
            "from render.replay import render_replay;"
            "g=play_random_game('talisman',random.Random(399));"
            "print(hashlib.sha256(render_replay(g,fmt='gif',scale=0.25,frame_ms=500))"
            ".hexdigest())")
    env = {**os.environ, "PYTHONHASHSEED": "4242"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         env=env, check=True).stdout.strip()
    assert out == hashlib.sha256(gif).hexdigest()


def test_record_text_gives_the_same_bytes(game: Game, gif: bytes) -> None:
    text = export(game)
    assert render_replay(text, fmt="gif", scale=SMALL, frame_ms=500) == gif
    # a record can say more than the game knows: its date goes on the title frame
    dated = render_replay(export(game, date="2026-11-22"), fmt="gif", scale=SMALL,
                          frame_ms=500)
    assert dated != gif
    assert list(decode_frames(dated))[1:] == list(decode_frames(gif))[1:]
    named = export(game, white="Åsa", black="Örjan")
    by_record = render_replay(named, scale=SMALL)
    assert by_record == render_replay(game, names=("Åsa", "Örjan"), scale=SMALL)
    assert by_record != render_replay(game, scale=SMALL)
    # names given explicitly win over the record's tags
    assert render_replay(named, names={"white": "A", "black": "B"}, scale=SMALL) == \
        render_replay(game, names=("A", "B"), scale=SMALL)


def test_turn_frames_show_the_board_after_each_turn(game: Game) -> None:
    data = render_replay(game, scale=0.5, fmt="apng")
    frames = list(decode_frames(data))
    rg = load(game)
    probed = 0
    for k in (1, 6, 11):
        t = rg.turns[k]
        im = frames[k + 1]  # frame 0 is the title, frame k + 1 turn k (0-based)
        pos = t.turn.position
        touched = {pos.geometry.board_point(t.mover, p)
                   for s in t.turn.steps for p in (s.frm, s.to)}
        for bpt in range(1, 25):
            side, n = pos.at_board(bpt)
            if side is None or bpt in touched:
                continue
            face = CLASSIC.white_face if side is Side.WHITE else CLASSIC.black_face
            # an arrow may cross a checker: one checker of the stack must show its face
            centres = [checker_center(bpt, i, n, Side.WHITE, pos.geometry, LAYOUT)
                       for i in range(min(n, 5))]
            assert any(close(im.getpixel((round(x / 2), round(y / 2))), face)
                       for x, y in centres), (k, bpt, side)
            probed += 1
    assert probed >= 15


def test_footer_progress_bar(gif: bytes) -> None:
    frames = list(decode_frames(gif))
    y = round((LAYOUT.height + FOOTER // 2 - 3) * SMALL)
    x = round((LAYOUT.width - LAYOUT.margin - 14) * SMALL)
    assert close(frames[0].getpixel((x, y)), CLASSIC.strip, 25)  # title: empty bar
    assert close(frames[-1].getpixel((x, y)), CLASSIC.accent, 25)  # end: full bar


def test_size_bound_drops_frames_deterministically(game: Game) -> None:
    full = render_replay(game, scale=SMALL)
    bound = len(full) * 2 // 3
    small = render_replay(game, scale=SMALL, max_bytes=bound)
    assert len(small) <= bound
    im = opened(small)
    assert 2 <= im.n_frames < 14
    assert durations(small)[0] == 1800 and durations(small)[-1] == 3600
    assert render_replay(game, scale=SMALL, max_bytes=bound) == small
    with pytest.raises(ValueError, match="does not fit"):
        render_replay(game, scale=SMALL, max_bytes=500)


def test_running_game_with_a_roll_pending() -> None:
    g = partial_game("talisman", 3, 5, roll_last=True)
    assert g.phase == "move" and not g.is_over
    data = render_replay(g, scale=SMALL, lang="en")
    assert opened(data).n_frames == 5 + 2
    assert render_replay(export(g), scale=SMALL, lang="en") == data


def test_resigned_game_ends_on_its_own_frame() -> None:
    g = partial_game("behrens-helmfrid", 5, 4)
    g.resign(g.turn)
    frames = list(decode_frames(render_replay(g, scale=SMALL, fmt="apng")))
    assert len(frames) == 4 + 2
    assert frames[-1].tobytes() != frames[-2].tobytes()


@pytest.mark.parametrize("rules", ["backgammon", "puff-lang", "puff-kontrar"])
def test_other_games_replay(rules: str) -> None:
    g = partial_game(rules, 11, 4)
    data = render_replay(g, scale=SMALL, perspective=Side.BLACK, theme="contrast")
    assert opened(data).n_frames == 6


def test_options_change_the_picture(game: Game, gif: bytes) -> None:
    assert render_replay(game, fmt="gif", scale=SMALL, frame_ms=500, lang="en") != gif
    assert render_replay(game, fmt="gif", scale=SMALL, frame_ms=500,
                         perspective=Side.BLACK) != gif


def test_bad_input_is_refused_clearly(game: Game) -> None:
    with pytest.raises(ValueError, match="fmt"):
        render_replay(game, fmt="webp")
    with pytest.raises(ValueError, match="scale"):
        render_replay(game, scale=0)
    with pytest.raises(ValueError, match="frame_ms"):
        render_replay(game, frame_ms=5)
    with pytest.raises(ValueError, match="lang"):
        render_replay(game, lang="de")
    with pytest.raises(TypeError):
        render_replay(42)  # type: ignore[arg-type]
    bad = export(game).replace("1. ", "1. ", 1).splitlines()
    turn_line = next(i for i, ln in enumerate(bad) if ln.startswith("2. "))
    bad[turn_line] = bad[turn_line].split(";")[0].rsplit(" ", 2)[0] + " 24/off"
    with pytest.raises(EngineError) as err:
        render_replay("\n".join(bad))
    assert "Rad" in err.value.message("sv")


def test_command_line_makes_a_replay_from_an_exported_record(game: Game, gif: bytes,
                                                             tmp_path) -> None:
    """``python -m render replay GAME.txt OUT.gif``: the same replay as the function."""
    record = tmp_path / "game.txt"
    record.write_text(export(game), encoding="utf-8")
    out = tmp_path / "game.gif"
    proc = subprocess.run(
        [sys.executable, "-m", "render", "replay", str(record), str(out), "--lang", "sv",
         "--scale", str(SMALL), "--frame-ms", "500"],
        capture_output=True, text=True, check=True)
    assert out.read_bytes() == gif
    assert "skrev" in proc.stdout
    apng = tmp_path / "game.png"
    subprocess.run([sys.executable, "-m", "render", "replay", str(record), str(apng),
                    "--scale", str(SMALL), "--lang", "en"], check=True, capture_output=True)
    im = opened(apng.read_bytes())
    assert im.format == "PNG" and im.n_frames == 12 + 2


def test_command_line_refuses_a_bad_record_by_its_line(tmp_path, capsys) -> None:
    from render.__main__ import main as render_main

    bad = tmp_path / "bad.txt"
    bad.write_text(export(finished_game()).replace("1. ", "7. ", 1), encoding="utf-8")
    out = tmp_path / "bad.gif"
    assert render_main(["replay", str(bad), str(out), "--lang", "sv"]) == 2
    assert capsys.readouterr().err.startswith("Rad ")
    assert not out.exists()
    assert render_main(["replay", str(tmp_path / "none.txt"), str(out)]) == 2
