"""``shuffle(rng, x)``: exactly ``rng.shuffle(x)`` (same order, same draws), faster;
``below(rng, n)``: exactly ``rng.randrange(n)``, faster.

``random.Random.shuffle`` calls the Python method ``_randbelow`` once per element;
the play engine and the AI play-outs shuffle short lists all the time, so that call
is a large share of their cost. This is the same Fisher-Yates with the same
``getrandbits`` rejection sampling inlined, so results and the generator's state
afterwards are bit-for-bit those of ``rng.shuffle`` (seeded games and records are
unchanged). A subclass with its own ``random``/``getrandbits``/``shuffle`` gets its own
``shuffle``.
"""

from __future__ import annotations

import random
from typing import Any

# n -> n.bit_length() for the list lengths the engine meets
_BITS = tuple(n.bit_length() for n in range(1024))


def shuffle(rng: random.Random, x: list[Any]) -> None:
    """Shuffle ``x`` in place exactly as ``rng.shuffle(x)`` would."""
    if type(rng) is not random.Random or len(x) >= len(_BITS):
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    bits = _BITS
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = bits[n]
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def below(rng: random.Random, n: int) -> int:
    """A uniform index in ``range(n)`` (n ≥ 1) with one ``getrandbits`` draw (retried
    only on rejection): ``rng.randrange(n)`` without its Python call layers."""
    if type(rng) is not random.Random or n >= len(_BITS):
        return rng.randrange(n)
    k = _BITS[n]
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j
