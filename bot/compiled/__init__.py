"""Which build of ``rules/`` this process runs: the source, or the optional compiled copy.

``python -m bot.compiled`` compiles the engine's hot modules with mypyc into
``.compiled/`` next to the project and installs the copy only when it plays exactly as
the source does (see ``bot/compiled/build.py``). ``SHENGJI_COMPILED=1`` (environment or
``.env``) asks a process to use it: ``python -m bot`` and ``python -m bench.…`` call
``activate`` before anything imports ``rules``, which puts the copy first on
``sys.path`` only while it is current — the build records a SHA-256 of every source
file of ``rules/`` and the interpreter's tag, and after any edit, new file or other
interpreter the process says why on stderr and runs the source, so a stale binary never
shadows an edited ``.py``; a build that does not load falls back the same way, at start. The same games either way; the 高手's search takes about
twice the samples in its time.

Only the standard library here: this module is imported before ``rules``."""

from __future__ import annotations

import hashlib
import importlib.util
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]  # the project: bot/compiled/ is two below
BUILD = ROOT / ".compiled"
ENV = "SHENGJI_COMPILED"
MANIFEST = "manifest.json"
REBUILD = "python -m bot.compiled"


def source_hashes(src: Path) -> dict[str, str]:
    """SHA-256 of every ``.py`` file of ``src/rules``, by path relative to ``src``."""
    out: dict[str, str] = {}
    for path in sorted((src / "rules").rglob("*.py")):
        if "__pycache__" in path.parts:
            continue
        out[path.relative_to(src).as_posix()] = hashlib.sha256(path.read_bytes()).hexdigest()
    return out


def stale_reason(src: Path = ROOT, build: Path = BUILD) -> str | None:
    """Why the compiled copy in ``build`` must not be used for ``src``; None if current."""
    try:
        manifest = json.loads((build / MANIFEST).read_text(encoding="utf-8"))
    except FileNotFoundError:
        return f"no compiled build in {build} ({REBUILD})"
    except (OSError, ValueError) as exc:
        return f"unreadable {build / MANIFEST}: {exc} (rebuild: {REBUILD})"
    if manifest.get("cache_tag") != sys.implementation.cache_tag:
        return (
            f"built for {manifest.get('cache_tag')}, this is {sys.implementation.cache_tag}"
            f" (rebuild: {REBUILD})"
        )
    built = manifest.get("sources", {})
    now = source_hashes(src)
    changed = sorted(p for p in built.keys() | now.keys() if built.get(p) != now.get(p))
    if changed:
        more = f" and {len(changed) - 3} more" if len(changed) > 3 else ""
        return f"{', '.join(changed[:3])}{more} changed since the build (rebuild: {REBUILD})"
    return None


def activate(src: Path = ROOT, build: Path = BUILD) -> bool:
    """Put the compiled copy first on ``sys.path`` if it is current (else say why on
    stderr). Must run before anything imports ``rules``."""
    if "rules" in sys.modules:
        print(f"{ENV}: rules was imported before the compiled build could be used", file=sys.stderr)
        return False
    reason = stale_reason(src, build)
    if reason is None:
        sys.path.insert(0, str(build))
        reason = _load_failure(build)
    if reason is not None:
        print(f"{ENV}: using the pure-Python rules/: {reason}", file=sys.stderr)
        return False
    return True


def _load_failure(build: Path) -> str | None:
    """Import every compiled module now, so a build that cannot load (a missing or
    damaged library) falls back to the source here instead of failing a command later;
    on failure the build leaves ``sys.path`` and ``sys.modules`` again."""
    try:
        modules = json.loads((build / MANIFEST).read_text(encoding="utf-8")).get("modules", [])
        for path in modules:
            importlib.import_module(path.removesuffix(".py").replace("/", "."))
    except Exception as exc:  # ImportError, or whatever a damaged extension raises
        sys.path.remove(str(build))
        for name in [m for m in sys.modules if m == "rules" or m.startswith("rules.")]:
            del sys.modules[name]
        return f"the build in {build} does not load ({exc}) (rebuild: {REBUILD})"
    return None


def asked(value: str | None) -> bool:
    """Whether a ``SHENGJI_COMPILED`` value turns the build on: ``1`` does; unset or
    empty (and ``0``) leave it off; anything else is refused with a line on stderr."""
    if value is None or value.strip() in ("", "0"):
        return False
    if value.strip() == "1":
        return True
    print(
        f"{ENV}={value!r} is not a choice: 1 uses the compiled rules/ ({REBUILD} builds it), "
        "empty leaves the pure-Python one; running the pure-Python rules/",
        file=sys.stderr,
    )
    return False


def is_compiled(module: str = "rules.play") -> bool:
    """Whether ``module`` (by default the engine's hottest) is loaded compiled."""
    spec = importlib.util.find_spec(module)
    return spec is not None and not (spec.origin or "").endswith(".py")


def engine_line() -> str:
    """The start-up line that says which build plays (logged by the bot)."""
    if is_compiled():
        return f"rules/: the compiled build in {BUILD} ({ENV}=1)"
    return f"rules/: pure Python (a faster 高手: {REBUILD}, then {ENV}=1 in .env)"
