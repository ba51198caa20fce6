"""The optional compiled build (bench/compiled.py): verified before it is installed,
used only while current, and a stale one never shadows an edited source file.

Each test builds from a copy of rules/ and bench/ in a temporary folder, compiling one
or two modules only (seconds, not the full build's minutes)."""

from __future__ import annotations

import importlib.util
import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from bench.compiled import ENV, BuildError, build, stale_reason

ROOT = Path(__file__).resolve().parent.parent

pytestmark = pytest.mark.skipif(
    importlib.util.find_spec("mypyc") is None or shutil.which("cc") is None,
    reason="the compiled build needs mypyc (the dev extra) and a C compiler",
)


def source_copy(tmp_path: Path) -> Path:
    src = tmp_path / "src"
    skip = shutil.ignore_patterns("__pycache__", "*.so")
    for pkg in ("rules", "bench"):
        shutil.copytree(ROOT / pkg, src / pkg, ignore=skip)
    return src


def module_file(src: Path, module: str, compiled_env: bool) -> subprocess.CompletedProcess[str]:
    """Where a fresh ``python -P`` (no cwd on the path) that imports ``bench`` first, as
    ``python -m bench.…`` does, finds ``module``."""
    env = dict(os.environ, PYTHONPATH=str(src))
    env.pop(ENV, None)
    if compiled_env:
        env[ENV] = "1"
    code = f"import bench, {module}; print({module}.__file__)"
    return subprocess.run(
        [sys.executable, "-P", "-c", code], env=env, cwd=src, capture_output=True, text=True
    )


def test_a_current_build_is_used_and_an_edit_turns_it_off(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=10, pairs=1)
    assert stale_reason(src, out) is None
    assert (out / "manifest.json").is_file()

    used = module_file(src, "rules.rng", compiled_env=True)
    assert used.returncode == 0, used.stderr
    path = Path(used.stdout.strip())
    assert path.suffix == ".so" and out in path.parents
    assert used.stderr == ""
    plain = module_file(src, "rules.rng", compiled_env=False)  # not asked for: the source
    assert Path(plain.stdout.strip()) == src / "rules" / "rng.py"

    cards = src / "rules" / "cards.py"
    cards.write_text(cards.read_text(encoding="utf-8") + "\n# edited\n", encoding="utf-8")
    reason = stale_reason(src, out)
    assert reason is not None and "rules/cards.py" in reason
    after = module_file(src, "rules.rng", compiled_env=True)
    assert after.returncode == 0, after.stderr
    assert Path(after.stdout.strip()) == src / "rules" / "rng.py"
    assert "using the pure-Python rules/" in after.stderr and "rules/cards.py" in after.stderr

    (src / "rules" / "extra.py").write_text("X = 1\n", encoding="utf-8")  # a new file too
    cards.write_text(cards.read_text(encoding="utf-8").replace("\n# edited\n", ""))
    reason = stale_reason(src, out)
    assert reason is not None and "rules/extra.py" in reason and "cards" not in reason


def test_a_build_that_plays_differently_is_not_installed(tmp_path: Path) -> None:
    """An identity test on a memo's tuple sentinel is right in Python and wrong when
    compiled (mypyc unboxes the tuple): the digest comparison must catch it."""
    src = source_copy(tmp_path)
    out = src / ".compiled"
    build(src, out, ["rules/rng.py"], hands=5, pairs=1)  # an earlier good build
    play = src / "rules" / "play.py"
    text = play.read_text(encoding="utf-8")
    assert "if got == _MISS:" in text
    play.write_text(text.replace("if got == _MISS:", "if got is _MISS:"), encoding="utf-8")
    with pytest.raises(BuildError, match="play differently"):
        build(src, out, ["rules/play.py"], hands=40, pairs=1)
    assert not (src / ".compiled.tmp").exists()
    manifest = json.loads((out / "manifest.json").read_text(encoding="utf-8"))
    assert manifest["modules"] == ["rules/rng.py"]
    # the earlier build is kept but, the source having changed, not used
    assert "rules/play.py" in (stale_reason(src, out) or "")


def test_a_failed_compile_says_why(tmp_path: Path) -> None:
    src = source_copy(tmp_path)
    (src / "rules" / "broken.py").write_text("def f() -> int:\n    return 'x'\n")
    with pytest.raises(BuildError, match="mypyc failed"):
        build(src, src / ".compiled", ["rules/broken.py"], hands=1, pairs=1)
    assert not (src / ".compiled").exists() and not (src / ".compiled.tmp").exists()
