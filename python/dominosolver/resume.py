"""Resumable JSON-lines outputs (``analyse -o``, ``arena -o``): one writer per output, the results an
earlier run of the same command left there, and a refusal to replace anything else unless the caller
says ``overwrite``.

One run at a time writes an output: a run takes an exclusive lock on it (``output_lock``) before it
reads or writes anything, and a second run on the same output fails at once (``OutputBusyError``).
The lock is the operating system's (``flock`` on ``<output>.lock`` beside it), so it dies with the
process that holds it: a run that crashed or was killed (even ``kill -9``) leaves at most a lock
file nobody holds, which the next run takes over. Nothing needs cleaning up by hand. (Locks on a
network file system are only as good as its ``flock``.) The lock goes by the file, not by the path
as typed: the lock file sits beside the output's real path (symbolic links resolved), and the
output file itself is held too (``flock`` on its inode, taken again whenever the run replaces the
file), so a second run through a symbolic or a hard link is refused as well; a link is written
through, never replaced by a file.

A rerun resumes from its own results only: the output must not be an input file, and every line in it
must be a result of this same run (a torn last line from an interrupted write excepted). Anything else
may be someone's data, so the run stops before touching the file. Lines are written whole: Ctrl-C
during a write takes effect once the line is out (``whole_line``)."""

from __future__ import annotations

import errno
import fcntl
import logging
import multiprocessing
import multiprocessing.pool
import os
import signal
import tempfile
import threading
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import IO, Any

from .arguments import whole_number
from .errors import DominoSolverError, ParseError
from .io import json_value

__all__ = [
    "OutputBusyError", "OutputConflictError", "check_writable", "job_count", "earlier_results", "output_lock", "rewrite_lines",
    "most_jobs", "same_file", "worker_pool", "write_line", "DaskConnection", "dask_connection", "close_dask",
]

RESULT_START = '{"index":'  # both commands write each result line starting so


class OutputConflictError(DominoSolverError):
    """The output file holds data that is not this run's to replace (an input, other results)."""


class OutputBusyError(DominoSolverError):
    """Another run is writing the output (it holds the output's lock)."""


def lock_path(path: str | Path) -> Path:
    """The lock file of an output: ``out.jsonl`` -> ``out.jsonl.lock``, beside it."""
    path = Path(path)
    return path.with_name(path.name + ".lock")


@contextmanager
def output_lock(path: str | Path) -> Iterator[Path]:
    """Hold the exclusive lock of output ``path`` for the block; ``OutputBusyError`` at once when
    another process holds it. The lock file records the holder's process id (for the message) and
    is removed when the block ends; one a killed run left behind is taken over."""
    check_writable(path)  # the output first: a message about it, not about its lock
    real = os.path.realpath(path)  # one lock whatever symbolic links lead to the file
    where = lock_path(real)
    while True:
        fd = os.open(where, os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            holder = os.read(fd, 32).decode("ascii", "replace").strip() or "unknown"
            os.close(fd)
            raise OutputBusyError(
                f"another run is writing {path} (it holds {where}, process {holder}): wait for it to end, or "
                "choose another output. A lock dies with its process: no stale lock needs removing"
            ) from None
        except BaseException:
            os.close(fd)
            raise
        try:
            current = os.stat(where).st_ino
        except FileNotFoundError:
            current = None
        if current == os.fstat(fd).st_ino:
            break
        os.close(fd)  # the holder removed this file as we opened it: lock the one there now
    try:
        # The file itself (an inode: whatever hard links lead to it), when it exists.
        held = _hold(real, path, where)
    except BaseException:
        os.unlink(where)
        os.close(fd)
        raise
    _held[real] = held
    try:
        os.ftruncate(fd, 0)
        os.write(fd, f"{os.getpid()}\n".encode())
        yield where
    finally:
        inode = _held.pop(real, None)
        if inode is not None:
            os.close(inode)
        os.unlink(where)  # while still locked: a waiter that opened it finds it gone and retries
        os.close(fd)


_held: dict[str, int | None] = {}  # real path of an output this process writes -> the descriptor holding its file


def _hold(real: str, path: str | Path, where: Path) -> int | None:
    """A descriptor holding ``flock`` on the file at ``real`` (None when there is none); an
    OutputBusyError when another run holds it (through another name: a hard link)."""
    try:
        fd = os.open(real, os.O_RDONLY)
    except FileNotFoundError:
        return None
    try:
        fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        os.close(fd)
        raise OutputBusyError(
            f"another run is writing {path} under another name (a hard link to the same file): wait for it to "
            "end, or choose another output"
        ) from None
    except BaseException:
        os.close(fd)
        raise
    return fd


@contextmanager
def whole_line() -> Iterator[None]:
    """Ctrl-C (SIGINT) within the block takes effect at its end, so that a line is written whole.
    Only the main thread receives signals: elsewhere the block runs as is."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    caught: list[int] = []
    old = signal.signal(signal.SIGINT, lambda signum, frame: caught.append(signum))
    try:
        yield
    finally:
        signal.signal(signal.SIGINT, old)
        if caught:
            signal.raise_signal(signal.SIGINT)  # now, under the handler it would have met


def most_jobs() -> int:
    """The most worker processes a run starts (``--jobs``): two a core of this machine, as the
    engine's threads. Each works on one thread: more only share the same cores, each with its memory."""
    return 2 * (os.cpu_count() or 1)


def job_count(jobs: Any) -> int:
    """``jobs`` checked: a whole number from 1 to ``most_jobs()`` (ParseError naming the bound)."""
    if isinstance(jobs, int) and not isinstance(jobs, bool) and jobs > most_jobs():
        raise ParseError(f"jobs must be at most {most_jobs()} (two worker processes a core of this machine), "
                         f"not {jobs}")
    return whole_number(jobs, "jobs", 1, most_jobs())


@contextmanager
def worker_pool(jobs: int) -> Iterator[multiprocessing.pool.Pool]:
    """``jobs`` worker processes for the block, ended however it ends: an interruption (Ctrl-C, a
    time limit, an error) leaves no work running behind it. The workers ignore SIGINT: a Ctrl-C on
    the terminal reaches the whole process group, and the parent alone decides to stop."""
    job_count(jobs)
    pool = multiprocessing.Pool(jobs, initializer=signal.signal, initargs=(signal.SIGINT, signal.SIG_IGN))
    try:
        yield pool
    finally:
        pool.terminate()
        pool.join()


DASK_CONNECT_TIMEOUT = "30s"  # how long to wait for a scheduler before giving up


@dataclass(frozen=True)
class DaskConnection:
    client: Any
    cluster: Any  # the local cluster this run started (None: a scheduler's, not ours to end)
    pids: tuple[int, ...]  # the local cluster's worker processes


def dask_connection(address: str, workers: int) -> DaskConnection:
    """A client of the Dask scheduler at ``address``, connected before any work, or of a new local
    cluster of ``workers`` processes of one thread each (``address`` 'local'). As a process pool's,
    the local workers ignore SIGINT: a Ctrl-C on the terminal reaches the whole process group, and
    this process alone decides to stop (``close_dask``)."""
    try:
        from distributed import Client, LocalCluster
    except ImportError as e:  # pragma: no cover - depends on the environment
        raise DominoSolverError("--dask needs dask.distributed: pip install 'dominosolver[dask]'") from e
    if address != "local":
        try:
            return DaskConnection(Client(address, timeout=DASK_CONNECT_TIMEOUT), None, ())
        except (OSError, ValueError) as e:  # unreachable, or no address at all
            raise DominoSolverError(f"cannot connect to the Dask scheduler at {address!r}: {e}") from None
    main = threading.current_thread() is threading.main_thread()
    old = signal.signal(signal.SIGINT, signal.SIG_IGN) if main else None  # inherited by the processes started now
    try:
        cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)
    finally:
        if main:
            signal.signal(signal.SIGINT, old)
    client = Client(cluster)
    return DaskConnection(client, cluster, tuple(client.run(os.getpid).values()))


def close_dask(connection: DaskConnection, *, interrupted: bool) -> None:
    """Close the client, and the local cluster if the run started one. An interrupted run (Ctrl-C, a
    time limit, an error) ends the local workers at once, as a process pool's: a closing cluster
    waits seconds for the work in their hands before it kills them."""
    connection.client.close()
    if connection.cluster is None:
        return
    if not interrupted:
        connection.cluster.close()
        return
    dask_log = logging.getLogger("distributed")
    level = dask_log.level
    dask_log.setLevel(logging.CRITICAL)  # the workers' ends are ours: no tracebacks of connections they closed
    try:
        for pid in connection.pids:
            with suppress(ProcessLookupError):
                os.kill(pid, signal.SIGTERM)
        connection.cluster.close()
    finally:
        dask_log.setLevel(level)


def write_line(f: IO[str], line: str) -> None:
    """Append ``line`` and a newline to ``f`` and flush it, whole even if Ctrl-C comes meanwhile."""
    with whole_line():
        f.write(line + "\n")
        f.flush()


def same_file(a: str | Path, b: str | Path) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one of them does not exist
        return False


def check_writable(path: str | Path) -> None:
    """Raise OSError naming ``path`` now, not after hours of work, when it cannot be written."""
    path = Path(path)
    if path.is_dir():
        raise IsADirectoryError(errno.EISDIR, "cannot be written: it is a directory", str(path))
    parent = path.parent
    if not parent.is_dir():
        raise FileNotFoundError(errno.ENOENT, f"cannot be written: no directory {parent}", str(path))
    try:
        with tempfile.TemporaryFile(dir=parent):
            pass
    except OSError as e:
        raise type(e)(e.errno, f"cannot be written: {e.strerror}", str(path)) from None
    if path.exists() and not os.access(path, os.W_OK):
        raise PermissionError(errno.EACCES, "cannot be written: the file is read-only", str(path))


def earlier_results(
    path: str | Path,
    foreign: Callable[[Any], str | None],
    *,
    inputs: Iterable[str | Path] = (),
    overwrite: bool = False,
) -> list[Any]:
    """The results of this run already in ``path`` (decoded, in file order) to resume from.

    ``foreign(obj)`` says why a decoded line is not a result of this run (None if it is one). Raises
    OutputConflictError, before anything is written, when ``path`` is one of ``inputs`` or holds any
    other line; with ``overwrite`` those lines are dropped instead. Raises OSError when ``path``
    cannot be written."""
    path = Path(path)
    for source in inputs:
        if same_file(path, source) and not overwrite:
            raise OutputConflictError(
                f"the output {path} is the input file: the results would replace the input; "
                "choose another output (or pass --overwrite, overwrite=True in Python, to replace it all the same)"
            )
    check_writable(path)
    if not path.exists():
        return []
    text = path.read_bytes().decode("utf-8", errors="replace")  # a binary file is foreign, not a crash
    lines = text.split("\n")
    last = lines.pop()  # the text after the last newline: "" or a line whose write was cut off
    kept: list[Any] = []
    conflicts: list[tuple[int, str]] = []
    for number, line in enumerate([*lines, last], 1):
        if not line.strip():
            continue
        try:
            obj = json_value(line)
        except ParseError:
            unfinished = number == len(lines) + 1 and (
                line.startswith(RESULT_START) or RESULT_START.startswith(line)
            )
            if not unfinished:  # an interrupted write only ever tears the last line
                conflicts.append((number, "is not JSON"))
            continue
        reason = foreign(obj)
        if reason is None:
            kept.append(obj)
        else:
            conflicts.append((number, reason))
    if conflicts and not overwrite:
        number, reason = conflicts[0]
        raise OutputConflictError(
            f"the output {path} holds {len(conflicts)} line(s) that are not results of this run "
            f"(line {number} {reason}); it was left untouched: choose another output, or pass "
            "--overwrite (overwrite=True in Python) to replace them"
        )
    return kept


def rewrite_lines(path: str | Path, lines: Iterable[str]) -> None:
    """Replace ``path`` by ``lines`` atomically: an interruption leaves the old file or the new one.
    A symbolic link is written through (its target replaced, the link kept); an output this process
    holds (``output_lock``) is held again in its new file."""
    real = os.path.realpath(path)
    path = Path(real)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=path.name, suffix=".tmp")
    try:
        with os.fdopen(fd, "w") as f:
            for line in lines:
                f.write(line + "\n")
        if real in _held:
            # Held before it is in place: a run opening the new file through a hard link waits on it.
            new = os.open(tmp, os.O_RDONLY)
            try:
                fcntl.flock(new, fcntl.LOCK_EX | fcntl.LOCK_NB)  # nobody else knows the file yet
                os.replace(tmp, path)
            except BaseException:
                os.close(new)
                raise
            old, _held[real] = _held[real], new
            if old is not None:
                os.close(old)
        else:
            os.replace(tmp, path)
    except BaseException:
        if os.path.exists(tmp):
            os.unlink(tmp)
        raise
