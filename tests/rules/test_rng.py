"""rules.rng.shuffle is rng.shuffle and rules.rng.below is rng.randrange, draw for draw."""

from __future__ import annotations

import random

from rules.rng import below, shuffle


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


def test_below_is_randrange_draw_for_draw() -> None:
    for seed in range(100):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 4, 7, 12, 25, 54, 100, 1023, 1024, 5000):
            assert below(b, n) == a.randrange(n)
        assert a.getstate() == b.getstate()
