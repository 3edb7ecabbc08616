"""A single-threaded executor whose thread never keeps the process alive.

``ThreadPoolExecutor`` joins its threads when the interpreter exits, so an analysis still
running at ``exit`` (or a read blocked on stdin) would keep the process alive until it ends.
:class:`DaemonExecutor` runs calls in submission order on one daemon thread: at process exit a
call still running is abandoned. Calls that must stop early are told so by other means (the
analysis polls its job's stop flag).
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from typing import Any, TypeVar

Result = TypeVar("Result")

_Work = tuple[Future[Any], Callable[..., Any], tuple[Any, ...], dict[str, Any]]


class DaemonExecutor(Executor):
    """Runs submitted calls one at a time, in order, on a daemon thread started on first use."""

    def __init__(self, thread_name: str) -> None:
        self._thread_name = thread_name
        self._queue: queue.SimpleQueue[_Work | None] = queue.SimpleQueue()
        self._thread: threading.Thread | None = None
        self._lock = threading.Lock()
        self._closed = False

    def submit(  # type: ignore[override]
        self, fn: Callable[..., Result], /, *args: Any, **kwargs: Any
    ) -> Future[Result]:
        with self._lock:
            if self._closed:
                raise RuntimeError(f"{self._thread_name} is shut down")
            if self._thread is None:
                self._thread = threading.Thread(
                    target=self._work, name=self._thread_name, daemon=True
                )
                self._thread.start()
            future: Future[Result] = Future()
            self._queue.put((future, fn, args, kwargs))
            return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """Accept no more calls; cancel the queued ones if asked; wait for the running one only
        if ``wait`` (the server never waits)."""
        with self._lock:
            if self._closed:
                return
            self._closed = True
            if cancel_futures:
                while True:
                    try:
                        work = self._queue.get_nowait()
                    except queue.Empty:
                        break
                    if work is not None:
                        work[0].cancel()
            self._queue.put(None)
            thread = self._thread
        if wait and thread is not None and thread is not threading.current_thread():
            thread.join()

    def _work(self) -> None:
        while (work := self._queue.get()) is not None:
            future, fn, args, kwargs = work
            if not future.set_running_or_notify_cancel():
                continue
            try:
                result = fn(*args, **kwargs)
            except BaseException as error:
                future.set_exception(error)
            else:
                future.set_result(result)
