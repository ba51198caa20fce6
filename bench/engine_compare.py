"""Side-by-side engine speed of two commits: ``python -m bench.engine_compare``.

Checks the base commit out into a temporary worktree (``git worktree add --detach``),
then runs ``python -m bench.engine`` from the base tree and from the new tree
(the current checkout, or ``--new COMMIT`` in a second temporary worktree) in
alternating rounds, so that load from other work on the machine falls on both
alike. Each run is a fresh process with ``PYTHONPATH`` set to its own tree. Prints
the complete-hands-per-CPU-second figure of every round and preset, the medians and
the ratio new / base. ``--help`` for options.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path

DEFAULT_BASE = "0be2fe3"


def _git(*args: str, cwd: Path) -> str:
    return subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, text=True
    ).stdout.strip()


def add_worktree(repo: Path, commit: str, where: Path) -> Path:
    _git("worktree", "add", "--detach", str(where), commit, cwd=repo)
    return where


def remove_worktree(repo: Path, where: Path) -> None:
    subprocess.run(
        ["git", "worktree", "remove", "--force", str(where)],
        cwd=repo,
        check=False,
        capture_output=True,
    )


def parse_hands_per_s(output: str) -> dict[str, float]:
    """preset -> hands/s from ``bench.engine``'s first table (column "hands/s")."""
    lines = output.splitlines()
    for k, line in enumerate(lines):
        cols = line.split()
        if cols[:2] == ["decks", "preset"]:
            # the headers hold spaces ("check µs"): find the column from the right
            col = -3  # ... hands/s, hands, s
            out: dict[str, float] = {}
            for row in lines[k + 2 :]:
                cells = row.split()
                if not cells:
                    break
                out[cells[1]] = float(cells[col].replace(",", ""))
            return out
    raise ValueError("no results table in bench.engine's output:\n" + output)


def run_bench(tree: Path, bench_args: Sequence[str], compiled: bool = False) -> dict[str, float]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    env.pop("SHENGJI_COMPILED", None)
    if compiled:  # the tree's own compiled build (bot/compiled), refused when stale
        env["SHENGJI_COMPILED"] = "1"
    got = subprocess.run(
        [sys.executable, "-m", "bench.engine", *bench_args],
        cwd=tree,
        env=env,
        capture_output=True,
        text=True,
    )
    if got.returncode != 0:
        raise RuntimeError(f"bench.engine failed in {tree}:\n{got.stdout}\n{got.stderr}")
    return parse_hands_per_s(got.stdout)


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bench.engine_compare", description=__doc__.split("\n")[0]
    )
    ap.add_argument("--base", default=DEFAULT_BASE, help=f"base commit (default {DEFAULT_BASE})")
    ap.add_argument(
        "--new", default=None, help="new commit (default: this checkout, as it is on disk)"
    )
    ap.add_argument("--rounds", type=int, default=3, help="runs of each tree, alternating")
    ap.add_argument("--decks", default="2,4", help="bench.engine --decks")
    ap.add_argument("--friends", default="friends-10", help="bench.engine --friends")
    ap.add_argument("--hands", type=int, default=1500, help="bench.engine --hands")
    ap.add_argument("--seed", type=int, default=20240601, help="bench.engine --seed")
    ap.add_argument(
        "--compiled",
        action="store_true",
        help="run the new tree with its compiled build (python -m bot.compiled there first)",
    )
    args = ap.parse_args(argv)
    if args.rounds < 1:
        ap.error("--rounds must be ≥ 1")

    repo = Path(_git("rev-parse", "--show-toplevel", cwd=Path.cwd()))
    bench_args = [
        "--decks",
        args.decks,
        "--friends",
        args.friends,
        "--hands",
        str(args.hands),
        "--seed",
        str(args.seed),
    ]
    tmp = Path(tempfile.mkdtemp(prefix="engine-compare-"))
    trees: list[Path] = []
    try:
        base = add_worktree(repo, args.base, tmp / "base")
        trees.append(base)
        if args.new is None:
            new = repo
            new_name = "this checkout"
        else:
            new = add_worktree(repo, args.new, tmp / "new")
            trees.append(new)
            new_name = args.new
        short = _git("rev-parse", "--short", "HEAD", cwd=base)
        if args.compiled:
            new_name += " (compiled build)"
            if args.new is None:
                from bot.compiled import stale_reason

                reason = stale_reason(repo, repo / ".compiled")
                if reason is not None:
                    ap.error(f"--compiled: {reason}")
        print(f"base {args.base} ({short}) vs new {new_name}")
        print(f"python -m bench.engine {' '.join(bench_args)}; {args.rounds} rounds, alternating")
        sys.stdout.flush()
        runs: dict[str, dict[str, list[float]]] = {"base": {}, "new": {}}
        for r in range(args.rounds):
            # Alternate which tree goes first, so a drift in load does not favour one.
            order = [("base", base), ("new", new)]
            if r % 2:
                order.reverse()
            for label, tree in order:
                got = run_bench(tree, bench_args, args.compiled and label == "new")
                for name, hps in got.items():
                    runs[label].setdefault(name, []).append(hps)
                cells = ", ".join(f"{n} {v:,.0f}" for n, v in got.items())
                print(f"  round {r + 1} {label}: {cells}")
                sys.stdout.flush()
    finally:
        for t in trees:
            remove_worktree(repo, t)
        with contextlib.suppress(OSError):
            tmp.rmdir()

    print()
    header = (
        f"{'preset':<12} {'base median':>12} {'new median':>11} {'ratio':>6}"
        f" {'base best':>10} {'new best':>9} {'ratio':>6}"
    )
    print(header)
    print("-" * len(header))
    for name, base_runs in runs["base"].items():
        new_runs = runs["new"].get(name) or [float("nan")]
        b, n = statistics.median(base_runs), statistics.median(new_runs)
        bb, nb = max(base_runs), max(new_runs)
        print(
            f"{name:<12} {b:>12,.0f} {n:>11,.0f} {n / b:>5.2f}×"
            f" {bb:>10,.0f} {nb:>9,.0f} {nb / bb:>5.2f}×"
        )
    print(
        "(complete random hands per CPU second, one core; the median and the best of the\n"
        "rounds: on a shared machine other work only slows a run down, so the best is the\n"
        "steadier figure)"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
