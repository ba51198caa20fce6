"""``shuffle(rng, x)``: exactly ``rng.shuffle(x)`` (same order, same draws), faster.

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


def shuffled_first(rng: random.Random, n: int) -> int:
    """The index (in a list of ``n`` items) of the item ``rng.shuffle`` would put
    first, with exactly the draws ``rng.shuffle`` makes, without moving any item.

    Fisher-Yates swaps ``x[i]`` and ``x[j]`` for i = n-1 .. 1. The last step that
    writes position 0 is the smallest i with j == 0; what it moves there is what
    position i held just before, that is what the smallest later-drawn step with
    j == i moved there, and so on down a chain that ends at an item never moved
    before being taken. ``hit[q]`` keeps the smallest i (≠ q) that drew j == q.
    """
    if type(rng) is not random.Random or n >= len(_BITS):
        x = list(range(n))
        rng.shuffle(x)
        return x[0]
    getrandbits = rng.getrandbits
    bits = _BITS
    hit = [0] * n  # 0: never drawn (no step has i == 0)
    for i in range(n - 1, 0, -1):
        m = i + 1
        k = bits[m]
        j = getrandbits(k)
        while j >= m:
            j = getrandbits(k)
        if j != i:
            hit[j] = i
    p = 0
    while hit[p]:
        p = hit[p]
    return p
