"""An optional compiled build of the engine's hot modules: ``python -m bot.compiled``.

``rules/`` is fully typed, so mypyc can compile it to C extensions. The build copies
``rules/`` into ``.compiled/`` (git-ignored), compiles the modules of the card-play
engine and of the AI's play-outs there (``MODULES``), then checks that the compiled
copy plays exactly as the source does: a digest of seeded random hands at three
presets and of fixed-sample strong-player games (every decision, so every rng draw)
must match the pure-Python digest, or nothing is installed. It needs mypy (the dev
extra) and a C compiler; the tests never need it.

Use it with ``SHENGJI_COMPILED=1``: in the environment of a ``python -m bench.…`` run
(``bench/__init__.py`` calls ``activate``), or in the bot's ``.env`` (``python -m
bot`` calls it: a faster 高手). ``bot/compiled/__init__.py`` puts the compiled copy first on
``sys.path`` only while it is current: the build records a SHA-256 of every source
file of ``rules/`` and the interpreter's tag; if any file was edited, added or removed
since, or the interpreter differs, ``activate`` says so on stderr and the process uses
the source, so a stale binary never shadows an edited ``.py``.

Not compiled: the player classes (``rules/ai/basic.py``, ``rules/ai/strong.py``: tests
and experiments subclass them, which compiled classes refuse), ``rules/game.py``
(``cls.__new__``) and the data types of actions, events and rule sets (mypyc's
dataclasses differ on ``ClassVar`` fields); none of them is on the hot path.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import subprocess
import sys
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path

try:
    import fcntl
except ImportError:  # (Windows: no lock; run one build at a time)
    fcntl = None  # type: ignore[assignment]

# What a process needs to use the build lives in the bot (it activates it too):
from bot.compiled import (
    BUILD,
    ENV,
    MANIFEST,
    ROOT,
    activate,
    is_compiled,
    source_hashes,
    stale_reason,
)

__all__ = [
    "BUILD",
    "ENV",
    "BuildError",
    "activate",
    "build",
    "digest",
    "is_compiled",
    "stale_reason",
]

MODULES = (
    "rules/rng.py",
    "rules/cards.py",
    "rules/trump.py",
    "rules/follow_patterns.py",
    "rules/units.py",
    "rules/play.py",
    "rules/tricks.py",
    "rules/best_follow.py",
    "rules/follows.py",
    "rules/scoring.py",
    "rules/ai/state.py",
    "rules/ai/sim.py",
    "rules/ai/following.py",
    "rules/ai/follow_options.py",
    "rules/ai/leading.py",
    "rules/ai/common.py",
    "rules/ai/calls.py",
    "rules/ai/inference.py",
    "rules/ai/policy.py",
)
DIGEST_PRESETS = ("classic", "four-decks", "friends-6")


class BuildError(RuntimeError):
    pass


# ---- the digest both builds must agree on ------------------------------------------------


def digest(hands: int, pairs: int) -> str:
    """SHA-256 over seeded random hands (``bench.engine``'s player, its results and the
    rng state after each) and fixed-sample strong-vs-basic games (every decision).
    (The benchmarks' workloads: the build must agree with the source on the games they
    time; ``bench`` ships with the project.)"""
    from bench.ai.match import run_pairs
    from bench.ai.records import Config
    from bench.engine_hands import play_hand
    from rules.presets import preset

    h = hashlib.sha256()
    for name in DIGEST_PRESETS:
        rules = preset(name)
        rng = random.Random(f"compiled/{name}")
        for _ in range(hands):
            h.update(repr(play_hand(rules, rng)).encode())
        h.update(repr(rng.getstate()).encode())
    for name in ("classic", "friends-6"):
        cfg = Config("strong", "basic", f"compiled/{name}", name, None, 4)
        for result in run_pairs(cfg, pairs):
            h.update(repr(result.hands).encode())
            h.update(repr(result.samples).encode())
    return h.hexdigest()


def child_digest(path: Sequence[Path], hands: int, pairs: int, compiled: str | None) -> str:
    """``digest`` in a fresh interpreter whose import path is ``path`` (no cwd entry);
    ``compiled``: a module that must load compiled there."""
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(map(str, path)))
    env.pop(ENV, None)
    args = ["--digest", str(hands), str(pairs)]
    if compiled:
        args += ["--expect-compiled", compiled]
    got = subprocess.run(
        [sys.executable, "-P", "-m", "bot.compiled", *args],
        env=env,
        cwd=path[-1],
        capture_output=True,
        text=True,
    )
    if got.returncode != 0:
        raise BuildError(f"the digest run failed:\n{got.stdout}{got.stderr}")
    return got.stdout.strip().splitlines()[-1]


# ---- the build ---------------------------------------------------------------------------


def build(
    src: Path = ROOT,
    out: Path = BUILD,
    modules: Sequence[str] = MODULES,
    hands: int = 150,
    pairs: int = 2,
) -> dict[str, float]:
    """Compile ``modules`` of ``src/rules`` into ``out``, verified against the source.

    Builds in ``out`` + ".tmp" and replaces ``out`` only when the digests match, so a
    failed build leaves any earlier one (and its manifest) as it was. One build at a
    time per ``out``: a second one while the first runs (it would delete the first's
    ".tmp" under its compiler) is refused, saying so. Returns seconds spent compiling
    and verifying."""
    with _only_build(out):
        return _build(src, out, modules, hands, pairs)


@contextmanager
def _only_build(out: Path) -> Iterator[None]:
    """Hold ``out`` + ".lock" (an advisory lock the system drops if the process dies)
    for a build, or raise BuildError when another process holds it."""
    out.parent.mkdir(parents=True, exist_ok=True)
    with open(out.with_name(out.name + ".lock"), "w") as lock:
        if fcntl is not None:
            try:
                fcntl.flock(lock, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise BuildError(
                    f"another build of {out} is running (it holds {lock.name}); "
                    "let it finish, then run this again if its sources are stale"
                ) from None
        yield  # (closing the file releases the lock)


def _build(
    src: Path, out: Path, modules: Sequence[str], hands: int, pairs: int
) -> dict[str, float]:
    tmp = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp, ignore_errors=True)
    sources = source_hashes(src)  # before copying: an edit during the build makes it stale
    shutil.copytree(
        src / "rules", tmp / "rules", ignore=shutil.ignore_patterns("__pycache__", "*.so")
    )
    t0 = time.perf_counter()
    got = subprocess.run(
        [sys.executable, "-m", "mypyc", *modules], cwd=tmp, capture_output=True, text=True
    )
    if got.returncode != 0:
        tail = "\n".join((got.stdout + got.stderr).splitlines()[-15:])
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(f"mypyc failed (it needs mypy and a C compiler):\n{tail}")
    shutil.rmtree(tmp / "build", ignore_errors=True)  # the generated C and objects
    t1 = time.perf_counter()
    first = modules[0].removesuffix(".py").replace("/", ".")
    pure = child_digest([src], hands, pairs, compiled=None)
    fast = child_digest([tmp, src], hands, pairs, compiled=first)
    if pure != fast:
        shutil.rmtree(tmp, ignore_errors=True)
        raise BuildError(
            "the compiled modules play differently from the source "
            f"(digest {fast[:12]} vs {pure[:12]}): not installed"
        )
    manifest = {
        "cache_tag": sys.implementation.cache_tag,
        "modules": list(modules),
        "sources": sources,
        "digest": pure,
    }
    (tmp / MANIFEST).write_text(json.dumps(manifest, indent=1), encoding="utf-8")
    shutil.rmtree(out, ignore_errors=True)
    tmp.rename(out)
    return {"compile_s": t1 - t0, "verify_s": time.perf_counter() - t1}


def main(argv: Sequence[str] | None = None) -> int:
    ap = argparse.ArgumentParser(
        prog="python -m bot.compiled", description=(__doc__ or "").split("\n")[0]
    )
    ap.add_argument("--check", action="store_true", help="only say whether the build is current")
    ap.add_argument("--hands", type=int, default=150, help="seeded hands per preset to compare")
    ap.add_argument("--pairs", type=int, default=2, help="strong-vs-basic pairs to compare")
    ap.add_argument(
        "--digest", nargs=2, type=int, metavar=("HANDS", "PAIRS"), help=argparse.SUPPRESS
    )
    ap.add_argument("--expect-compiled", metavar="MODULE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.digest:
        if args.expect_compiled and not is_compiled(args.expect_compiled):
            print(f"{args.expect_compiled} did not load compiled", file=sys.stderr)
            return 1
        print(digest(*args.digest))
        return 0
    if args.check:
        reason = stale_reason()
        print("current" if reason is None else f"not usable: {reason}")
        return 0 if reason is None else 1
    print(f"compiling {len(MODULES)} modules of rules/ with mypyc into {BUILD} …", flush=True)
    try:
        took = build(hands=args.hands, pairs=args.pairs)
    except BuildError as exc:
        print(exc, file=sys.stderr)
        return 1
    print(
        f"built in {took['compile_s']:.0f} s; same digest as the source over "
        f"{args.hands} hands × {len(DIGEST_PRESETS)} presets and {args.pairs} strong pairs × 2 "
        f"presets ({took['verify_s']:.0f} s). Use it: {ENV}=1 python -m bench.engine"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
