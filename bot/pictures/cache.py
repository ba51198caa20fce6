"""A small content-keyed cache of rendered PNGs.

Keys are built from exactly what a picture shows (cards, seats, numbers), so the
same table state renders once however often the message is refreshed, and an
unchanged picture comes back as the very same bytes (the Discord layer can skip
re-uploading it).
"""

from __future__ import annotations

from collections import OrderedDict
from collections.abc import Callable, Hashable
from threading import Lock


class PictureCache:
    def __init__(self, max_entries: int = 256) -> None:
        self.max_entries = max_entries
        self._items: OrderedDict[Hashable, bytes] = OrderedDict()
        self._lock = Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: Hashable, render: Callable[[], bytes]) -> bytes:
        with self._lock:
            png = self._items.get(key)
            if png is not None:
                self._items.move_to_end(key)
                self.hits += 1
                return png
        png = render()  # outside the lock: rendering is the slow part
        with self._lock:
            self.misses += 1
            self._items[key] = png
            self._items.move_to_end(key)
            while len(self._items) > self.max_entries:
                self._items.popitem(last=False)
        return png

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self.hits = self.misses = 0

    def __len__(self) -> int:
        return len(self._items)


CACHE = PictureCache()
