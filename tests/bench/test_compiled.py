"""The optional compiled build (bot/compiled/): verified before it
is installed, used only while current — by ``python -m bench.…`` and by ``python -m
bot`` when SHENGJI_COMPILED=1 asks — and a stale one never shadows an edited source file.

Each test builds from a copy of rules/, bench/ and bot/ in a temporary folder, compiling
one or two modules only (seconds, not the full build's minutes)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bot.compiled import ENV, stale_reason
from bot.compiled.build import BuildError, build

# Each test builds the engine with mypyc (a minute of CPU): a slow run, which .ci/run
# runs after the default one. One build directory and lock: they take turns on one worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("compiled")]

ROOT = Path(__file__).resolve().parents[2]

needs_mypyc = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or shutil.which("cc") is None,
    reason="the compiled build needs mypyc (the dev extra) and a C compiler",
)


def source_copy(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.so")
    for pkg in ("rules", "bench", "bot"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=skip)
    return src


BENCH_START = "import bench"  # as ``python -m bench.…`` starts
BOT_START = "from bot.__main__ import main; main(['help'])"  # ``python -m bot``'s entry point


def module_file(
    src: Path, module: str, env_value: str | None, start: str = BENCH_START
) -> subprocess.CompletedProcess[str]:
    """Where a fresh ``python -P`` (no cwd on the path) in the copy ``src`` (whose
    ``.env`` is ``src/.env``) finds ``module`` after ``start`` ran, with
    SHENGJI_COMPILED=``env_value`` in the environment (None: unset)."""
    env = dict(os.environ, PYTHONPATH=str(src))
    env.pop(ENV, None)
    if env_value is not None:
        env[ENV] = env_value
    code = f"{start}; import {module}; print({module}.__file__)"
    return subprocess.run(
        [sys.executable, "-P", "-c", code], env=env, cwd=src, capture_output=True, text=True
    )


@needs_mypyc
def test_a_current_build_is_used_and_an_edit_turns_it_off(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=10, pairs=1)
    assert stale_reason(src, out) is None
    assert (out / "manifest.json").is_file()

    used = module_file(src, "rules.rng", "1")
    assert used.returncode == 0, used.stderr
    path = Path(used.stdout.strip())
    assert path.suffix == ".so" and out in path.parents
    assert used.stderr == ""
    plain = module_file(src, "rules.rng", None)  # not asked for: the source
    assert Path(plain.stdout.strip()) == src / "rules" / "rng.py"

    cards = src / "rules" / "cards.py"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    reason = stale_reason(src, out)
    assert reason is not None and "rules/cards.py" in reason
    after = module_file(src, "rules.rng", "1")
    assert after.returncode == 0, after.stderr
    assert Path(after.stdout.strip()) == src / "rules" / "rng.py"
    assert "using the pure-Python rules/" in after.stderr and "rules/cards.py" in after.stderr

    (src / "rules" / "extra.py").write_text("X = 1\n", encoding="utf-8")  # a new file too
    cards.write_text(cards.read_text(encoding="utf-8").replace("\n# edited\n", ""))
    reason = stale_reason(src, out)
    assert reason is not None and "rules/extra.py" in reason and "cards" not in reason


@needs_mypyc
def test_a_build_that_plays_differently_is_not_installed(tmp_path: Path) -> None:
    """An identity test on a memo's tuple sentinel is right in Python and wrong when
    compiled (mypyc unboxes the tuple): the digest comparison must catch it."""
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=5, pairs=1)  # an earlier good build
    tricks = src / "rules" / "tricks.py"  # the memo of play keys (trick_winner)
    text = tricks.read_text(encoding="utf-8")
    assert "if got == _MISS:" in text
    tricks.write_text(text.replace("if got == _MISS:", "if got is _MISS:"), encoding="utf-8")
    with pytest.raises(BuildError, match="play differently"):
        build(src, out, ["rules/tricks.py"], hands=40, pairs=1)
    assert not (src / ".compiled.tmp").exists()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["modules"] == ["rules/rng.py"]
    # the earlier build is kept but, the source having changed, not used
    assert "rules/tricks.py" in (stale_reason(src, out) or "")


@needs_mypyc
def test_a_failed_compile_says_why(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    (src / "rules" / "broken.py").write_text("def f() -> int:\n    return 'x'\n")
    with pytest.raises(BuildError, match="mypyc failed"):
        build(src, src / ".compiled", ["rules/broken.py"], hands=1, pairs=1)
    assert not (src / ".compiled").exists() and not (src / ".compiled.tmp").exists()


def test_a_second_build_at_once_is_refused_and_the_first_keeps_its_files(
    tmp_path: Path,
) -> None:
    """Two builds at once in one checkout used to delete each other's ".tmp" and report
    it as a failed compile; now the second is refused before it touches anything."""
    fcntl = pytest.importorskip("fcntl")
    out = tmp_path / ".compiled"
    (tmp_path / ".compiled.tmp").mkdir()  # the running build's work
    (tmp_path / ".compiled.tmp" / "x").write_text("busy")
    with open(tmp_path / ".compiled.lock", "w") as held:  # held as the running build does
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
        with pytest.raises(BuildError, match=r"another build of .* is running"):
            build(ROOT, out, ["rules/rng.py"], hands=1, pairs=1)
    assert (tmp_path / ".compiled.tmp" / "x").read_text() == "busy"
    assert not out.exists()


def bot_rules_file(src: Path, env_value: str | None = None) -> subprocess.CompletedProcess[str]:
    return module_file(src, "rules.rng", env_value, BOT_START)


@needs_mypyc
def test_the_bot_plays_the_compiled_build_when_its_env_asks(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=10, pairs=1)
    so = out / "rules"
    (src / ".env").write_text("DISCORD_TOKEN=\nSHENGJI_COMPILED=1\n", encoding="utf-8")

    used = bot_rules_file(src)  # asked in the .env
    assert used.returncode == 0, used.stderr
    assert so in Path(used.stdout.strip().splitlines()[-1]).parents
    assert used.stderr == ""
    off = bot_rules_file(src, "0")  # the environment wins over the .env
    assert off.stdout.strip().splitlines()[-1] == str(src / "rules" / "rng.py")
    wrong = bot_rules_file(src, "yes")  # refused with a sentence, the source runs
    assert wrong.stdout.strip().splitlines()[-1] == str(src / "rules" / "rng.py")
    assert "SHENGJI_COMPILED='yes' is not a choice" in wrong.stderr

    play = src / "rules" / "play.py"
    play.write_text(play.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    stale = bot_rules_file(src)
    assert stale.returncode == 0, stale.stderr
    assert stale.stdout.strip().splitlines()[-1] == str(src / "rules" / "rng.py")
    assert "rules/play.py changed since the build" in stale.stderr
    assert "python -m bot.compiled" in stale.stderr


def test_the_bot_asked_for_a_missing_build_says_how_to_make_it(tmp_path: Path) -> None:
    src = source_copy(tmp_path)  # no .compiled here
    got = bot_rules_file(src, "1")
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip().splitlines()[-1] == str(src / "rules" / "rng.py")
    assert f"no compiled build in {src / '.compiled'} (python -m bot.compiled)" in got.stderr


@needs_mypyc
def test_a_build_that_does_not_load_falls_back_to_the_source(tmp_path: Path) -> None:
    """A damaged compiled module (here: the extension overwritten) is found when the
    bot starts, not at a table's first play: the source runs, and stderr says why."""
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=10, pairs=1)
    (so,) = (out / "rules").glob("rng.*.so")
    so.write_bytes(b"not a shared library")
    got = bot_rules_file(src, "1")
    assert got.returncode == 0, got.stderr
    assert got.stdout.strip().splitlines()[-1] == str(src / "rules" / "rng.py")
    assert f"the build in {out} does not load" in got.stderr
    assert "python -m bot.compiled" in got.stderr


def test_a_bench_header_says_when_the_asked_build_is_not_used(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A run asked for the build (SHENGJI_COMPILED=1) that plays the source — a stale
    or missing build — says so in its report's header, not only on stderr: its CPU-time
    budgets then buy fewer samples."""
    from bench import cli

    monkeypatch.setattr(cli, "is_compiled", lambda: False)
    monkeypatch.delenv(ENV, raising=False)
    assert cli.build_words() == "" and cli.build_label() == "pure Python"
    monkeypatch.setenv(ENV, "1")
    assert "SHENGJI_COMPILED=1 asked" in cli.build_words()
    assert cli.build_label().startswith("pure Python although")
    monkeypatch.setattr(cli, "is_compiled", lambda: True)
    assert cli.build_words() == "; rules/ compiled (bot/compiled)"
    assert cli.build_label() == "rules/ compiled"
