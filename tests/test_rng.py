"""rules.rng.shuffle is rng.shuffle, draw for draw."""

from __future__ import annotations

import random

from rules.rng import shuffle


def test_shuffle_matches_random_shuffle_and_leaves_the_same_state() -> None:
    for seed in range(40):
        a, b = random.Random(seed), random.Random(seed)
        for n in (0, 1, 2, 3, 5, 8, 13, 31, 54, 108, 216, 270, 1100):
            xs = list(range(n))
            ys = list(range(n))
            a.shuffle(xs)
            shuffle(b, ys)
            assert xs == ys
        assert a.getstate() == b.getstate()
        assert a.random() == b.random()


def test_a_subclass_keeps_its_own_shuffle() -> None:
    class Fixed(random.Random):
        def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
            x.reverse()

    xs = [1, 2, 3]
    shuffle(Fixed(1), xs)
    assert xs == [3, 2, 1]
