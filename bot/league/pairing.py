"""Who meets whom: knockout bracket order, the round-robin circle, Swiss pairing.

Pure functions over player ids (strings), so each format's rule can be tested alone.
``None`` in a pair stands for a bye.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

Pair = tuple[str, str | None]


# -- single elimination ---------------------------------------------------------------------


def bracket_size(n: int) -> int:
    """The smallest power of two holding ``n`` players."""
    size = 1
    while size < n:
        size *= 2
    return size


def seed_positions(size: int) -> list[int]:
    """Seeds (1-based) in bracket order, so seed 1 and 2 can meet only in the final.

    For 8: ``[1, 8, 4, 5, 2, 7, 3, 6]``: each pair sums to size + 1, and each half is the
    same pattern for half the field.
    """
    order = [1]
    while len(order) < size:
        m = 2 * len(order) + 1
        order = [s for seed in order for s in (seed, m - seed)]
    return order


def knockout_first_round(seeded: Sequence[str]) -> list[Pair]:
    """Round one of a bracket: seeds missing from a power of two are byes.

    Since seed ``s`` meets seed ``size + 1 − s``, the missing (lowest) seeds are the
    opponents of the top seeds: byes go to the top seeds, as is customary.
    """
    size = bracket_size(max(2, len(seeded)))
    pos = seed_positions(size)
    pairs: list[Pair] = []
    for i in range(0, size, 2):
        a, b = pos[i], pos[i + 1]
        pa = seeded[a - 1] if a <= len(seeded) else None
        pb = seeded[b - 1] if b <= len(seeded) else None
        if pa is None:
            pa, pb = pb, None
        assert pa is not None  # the higher seed of a pair always exists
        pairs.append((pa, pb))
    return pairs


# -- round robin ----------------------------------------------------------------------------


def round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every round of a round robin by the circle method (Berger tables).

    The first player stays fixed while the others rotate one place per round; an odd
    field gets a phantom whose opponent each round has the bye.
    """
    field: list[str | None] = list(players)
    if len(field) % 2:
        field.append(None)
    n = len(field)
    rounds: list[list[Pair]] = []
    for r in range(n - 1):
        pairs: list[Pair] = []
        for i in range(n // 2):
            a, b = field[i], field[n - 1 - i]
            if r % 2 and i == 0:  # alternate the fixed player's side, as Berger does
                a, b = b, a
            if a is None:
                a, b = b, None
            if a is None:
                continue
            pairs.append((a, b))
        rounds.append(pairs)
        field = [field[0], field[-1], *field[1:-1]]
    return rounds


def double_round_robin(players: Sequence[str]) -> list[list[Pair]]:
    """Every round of a double round robin: the single one, then the same rounds again
    with the sides swapped (the first named is the home side or White), so each pair
    meets once each way."""
    first = round_robin(players)
    return first + [[(b, a) if b is not None else (a, None) for a, b in r] for r in first]


# -- Swiss ----------------------------------------------------------------------------------


def swiss_max_rounds(n: int) -> int:
    """The most Swiss rounds that can always be paired without a rematch: ⌈n/2⌉.

    Count a bye as a game against a phantom, so the field is even (m = n or n + 1).
    After r rounds every player still has m − 1 − r fresh opponents.  While that is at
    least m/2, Dirac's theorem says the graph of unplayed pairs has a Hamiltonian cycle,
    so it has a perfect matching, and the search finds it.  That holds for every
    round up to ⌈n/2⌉.  With more rounds, earlier pairings chosen by score can leave no
    rematch-free round; a field that wants to meet everyone should play a round robin.
    """
    return max(1, (n + 1) // 2)


def swiss_pairs(ranked: Sequence[str], score: Mapping[str, float],
                played: Callable[[str, str], bool], had_bye: Callable[[str], bool],
                budget: int = 200_000) -> list[Pair]:
    """One Swiss round: score groups, top half against bottom half, no rematches.

    ``ranked`` is the current order (score, tie-breaks, seed).  With an odd field the bye
    goes to the lowest-ranked player who has not had one and whose absence still lets
    everyone else be paired.  The rest are paired from the top: each player takes the
    opponent in their score group that the Dutch system names (top half meets bottom
    half), else the next best there, else the nearest lower group, backtracking when
    a choice would leave someone who can only meet a former opponent.  Returns None
    only when no rematch-free round exists at all (the caller prevents that by
    limiting the number of rounds), after ``budget`` search steps at most.
    """
    players = list(ranked)
    bye_candidates: list[str | None] = [None]
    if len(players) % 2:
        bye_candidates = [p for p in reversed(players) if not had_bye(p)] or \
            [players[-1]]
    steps = [0]
    for bye in bye_candidates:
        rest = [p for p in players if p != bye]
        found = _pair_from_top(rest, score, played, steps, budget)
        if found is not None:
            return [*found, *([(bye, None)] if bye is not None else [])]
    raise NoPairing


class NoPairing(Exception):
    """No round without a rematch exists (or the search budget ran out)."""


def _pair_from_top(rest: list[str], score: Mapping[str, float],
                   played: Callable[[str, str], bool], steps: list[int],
                   budget: int) -> list[Pair] | None:
    if not rest:
        return []
    steps[0] += 1
    if steps[0] > budget:
        return None
    top, others = rest[0], rest[1:]
    for opp in _preferences(top, others, score):
        if played(top, opp):
            continue
        tail = _pair_from_top([p for p in others if p != opp], score, played, steps, budget)
        if tail is not None:
            return [(top, opp), *tail]
    return None


def _preferences(top: str, others: list[str], score: Mapping[str, float]) -> list[str]:
    """``top``'s opponents in the order the Dutch system prefers them."""
    group = [p for p in others if score[p] == score[top]]
    lower = [p for p in others if score[p] != score[top]]
    # In a group of k (top included) the top player's ideal opponent is k//2 places down.
    ideal = (len(group) + 1) // 2 - 1
    if ideal < 0:
        ordered_group: list[str] = []
    else:
        ordered_group = group[ideal:] + list(reversed(group[:ideal]))
    lower.sort(key=lambda p: abs(score[p] - score[top]))  # stable: keeps rank order
    return ordered_group + lower
