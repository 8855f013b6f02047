"""One thread that runs the bridge's account work in order: backend events, timers."""

from __future__ import annotations

import heapq
import itertools
import logging
import threading
import time
from collections.abc import Callable

log = logging.getLogger(__name__)


class Timer:
    """A scheduled call; `cancel` keeps it from running."""

    def __init__(self) -> None:
        self.cancelled = False

    def cancel(self) -> None:
        self.cancelled = True


class Scheduler:
    """Runs callables one at a time, each at its time; an exception is logged, not fatal."""

    def __init__(self) -> None:
        self._queue: list[tuple[float, int, Timer, Callable[[], None]]] = []
        self._order = itertools.count()
        self._condition = threading.Condition()
        self._stopped = False
        self._thread = threading.Thread(target=self._run, name="scheduler", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def call_later(self, delay: float, function: Callable[[], None]) -> Timer:
        timer = Timer()
        with self._condition:
            heapq.heappush(self._queue, (time.monotonic() + delay, next(self._order), timer, function))
            self._condition.notify()
        return timer

    def call_soon(self, function: Callable[[], None]) -> Timer:
        return self.call_later(0, function)

    def stop(self, timeout: float = 5.0) -> None:
        """Runs nothing more; waits for the call in progress."""
        with self._condition:
            self._stopped = True
            self._condition.notify()
        if self._thread.is_alive():
            self._thread.join(timeout)

    def _run(self) -> None:
        while True:
            with self._condition:
                while not self._stopped and (not self._queue or self._queue[0][0] > time.monotonic()):
                    self._condition.wait(self._queue[0][0] - time.monotonic() if self._queue else None)
                if self._stopped:
                    return
                _, _, timer, function = heapq.heappop(self._queue)
            if timer.cancelled:
                continue
            try:
                function()
            except Exception:
                log.exception("scheduled work failed")
