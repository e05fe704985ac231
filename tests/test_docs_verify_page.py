"""docs/verify.html, the check of a game's dice without Python (issue 46, 7): its script
("brade-check") run with node on records the engine exports, against the Python checker
(engine/verify.py): the same verdict, and the same words where a roll, the teka, the seed
or the commitment differs, in English and Swedish.  Skipped where node is missing (the
page itself needs only a browser)."""

from __future__ import annotations

import json
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.__main__ import play_random_game
from engine.game import Game
from engine.record import export
from engine.verify import verify
from tests.engine.helpers import one_die_game

PAGE = Path(__file__).resolve().parents[1] / "docs" / "verify.html"
NODE = shutil.which("node")
RUNNER = """
const { checkRecord } = require(process.argv[2]);
let input = "";
process.stdin.on("data", d => { input += d; });
process.stdin.on("end", async () => {
  const out = [];
  for (const c of JSON.parse(input)) {
    const v = await checkRecord(c.text, c.expected, c.lang);
    out.push({ ok: v.ok, key: v.key, text: v.text });
  }
  process.stdout.write(JSON.stringify(out));
});
"""


def _record(game: Game, *, reveal: bool = True) -> str:
    return export(game, white="Anna", black="Bertil", date="2026-05-01",
                  seed=game.reveal() if reveal else None,
                  tags={"Commitment": game.commitment or ""})


def _cases() -> list[dict]:
    """Records of every kind, good and spoiled, with what to check them against."""
    texts = []
    for rules in ("talisman", "classic+double_six", "backgammon", "puff-kontrar",
                  "puff-kontrar+generalpasch", "puff-lang"):
        for n in range(2):
            texts.append((_record(play_random_game(rules, random.Random(n))), ""))
    good = _record(one_die_game())
    texts.append((good, ""))
    lines = good.splitlines()
    turn = next(k for k, line in enumerate(lines) if re.match(r"\d+\. \w+ [1-6]-[1-6] ", line))
    a, b = re.match(r"\d+\. \w+ ([1-6])-([1-6])", lines[turn]).groups()  # type: ignore[union-attr]
    spoiled = lines.copy()
    spoiled[turn] = spoiled[turn].replace(f"{a}-{b}", f"{int(a) % 6 + 1}-{b}", 1)
    texts.append(("\n".join(spoiled), ""))  # a roll changed
    turn = next(k for k, line in enumerate(lines)
                if (m := re.match(r"\d+\. \w+ ([1-6])-([1-6]) ", line)) and m[1] != m[2])
    a, b = re.match(r"\d+\. \w+ ([1-6])-([1-6])", lines[turn]).groups()  # type: ignore[union-attr]
    spoiled = lines.copy()
    spoiled[turn] = spoiled[turn].replace(f"{a}-{b}", f"{b}-{a}", 1)
    texts.append(("\n".join(spoiled), ""))  # a roll's dice written in another order
    teka = next(k for k, line in enumerate(lines) if line.startswith("teka "))
    spoiled = lines.copy()
    spoiled[teka] = "teka " + "-".join(reversed(lines[teka].split()[-1].split("-")))
    texts.append(("\n".join(spoiled), ""))  # the teka swapped
    seed = re.search(r'\[Seed "([0-9a-f]{64})"\]', good)
    assert seed is not None
    texts.append((good.replace(seed[1], seed[1][:-1] + ("0" if seed[1][-1] != "0" else "1")),
                  ""))  # another seed
    texts.append((good.replace(seed[1], "not-hex"), ""))
    texts.append((good, "0" * 64))  # not the commitment shown
    texts.append((_record(play_random_game("vasa", random.Random(3)), reveal=False), ""))
    texts.append((re.sub(r'\[Commitment "[0-9a-f]+"\]\n', "", good), ""))
    return [{"text": text, "expected": expected, "lang": lang}
            for text, expected in texts for lang in ("en", "sv")]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_checks_as_the_python_checker_does(tmp_path: Path) -> None:
    html = PAGE.read_text(encoding="utf-8")
    script = re.search(r'<script id="brade-check">(.*?)</script>', html, re.S)
    assert script is not None
    module = tmp_path / "check.js"
    module.write_text(script[1], encoding="utf-8")
    runner = tmp_path / "run.js"
    runner.write_text(RUNNER, encoding="utf-8")
    cases = _cases()
    assert NODE is not None
    done = subprocess.run([NODE, str(runner), str(module)], input=json.dumps(cases),
                          capture_output=True, text=True, timeout=120, check=True)
    results = json.loads(done.stdout)
    worded = {"verify.roll_mismatch", "verify.order_mismatch", "verify.teka_mismatch",
              "verify.seed_mismatch", "verify.bad_seed", "verify.other_commitment", "verify.no_commitment"}
    seen = set()
    for case, got in zip(cases, results, strict=True):
        want = verify(case["text"], expected=case["expected"] or None)
        assert got["ok"] == want.ok, (got, want.message(case["lang"]))
        assert got["key"] == want.key.removeprefix("verify."), (got, want.key)
        seen.add(want.key)
        if want.key in worded:  # the same words as the Python checker
            assert got["text"] == want.message(case["lang"]), got
        if want.ok:
            assert str(want.rolls) in got["text"] and want.params["commitment"] in got["text"]
            assert got["text"].startswith("✅ Every roll matches" if case["lang"] == "en"
                                          else "✅ Varje slag stämmer")
    assert seen == worded | {"verify.ok", "verify.no_seed"}
