"""Runs a fuzz: inputs ``0..n-1`` of a seed (``targets.make_input``) in worker processes, chunk by
chunk, so that an input that kills the interpreter is seen (the worker's death) and named (the
worker publishes the index it is at), and one that never returns is killed (a hang). A dead or hung
worker is replaced and its chunk is run again without the input that killed it."""

from __future__ import annotations

import multiprocessing as mp
import sys
import time
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from multiprocessing.connection import Connection, wait
from typing import Any

from .seeds import seeds
from .targets import KINDS, TARGETS, checks, make_input, run, show

__all__ = ["FINDINGS", "Report", "fuzz"]

FINDINGS = ("other", "mismatch", "death", "crash", "hang")  # kinds that must not occur
EXAMPLES = 3  # findings kept per (target, kind) with their inputs


@dataclass
class Report:
    seed: int
    counts: Counter = field(default_factory=Counter)  # (target, kind) -> inputs
    examples: dict[tuple[str, str], list[tuple[int, str, str]]] = field(default_factory=dict)  # (k, detail, input)
    seconds: float = 0.0

    @property
    def inputs(self) -> int:
        return sum(self.counts.values())

    def total(self, kind: str) -> int:
        return sum(n for (_, k), n in self.counts.items() if k == kind)

    @property
    def findings(self) -> int:
        return sum(self.total(kind) for kind in FINDINGS)

    def add(self, target: str, kind: str, k: int, detail: str = "", data: Any = None) -> None:
        self.counts[target, kind] += 1
        if kind in FINDINGS:
            kept = self.examples.setdefault((target, kind), [])
            if len(kept) < EXAMPLES:
                kept.append((k, detail, show(data)))

    def merge(self, other: dict[str, Any]) -> None:
        self.counts.update(other["counts"])
        for key, found in other["examples"].items():
            kept = self.examples.setdefault(key, [])
            kept += found[: EXAMPLES - len(kept)]

    def to_json(self) -> dict[str, Any]:
        return {
            "seed": self.seed, "inputs": self.inputs, "seconds": round(self.seconds, 1),
            **{kind: self.total(kind) for kind in KINDS},
            "targets": {t: {kind: self.counts[t, kind] for kind in KINDS} for t in TARGETS},
            "examples": [{"target": t, "kind": kind, "input": k, "detail": d, "data": data}
                         for (t, kind), found in sorted(self.examples.items()) for k, d, data in found],
        }

    def text(self) -> str:
        head = f"{'target':<22}{'inputs':>10}" + "".join(f"{kind:>9}" for kind in KINDS[1:])
        rows = [head, "-" * len(head)]
        for t in (*TARGETS, "all"):
            counts = {kind: self.counts[t, kind] if t != "all" else self.total(kind) for kind in KINDS}
            rows.append(f"{t:<22}{sum(counts.values()):>10,}" + "".join(f"{counts[k]:>9,}" for k in KINDS[1:]))
        rows.append(f"{self.inputs:,} inputs in {self.seconds:.0f} s (seed {self.seed}): named errors "
                    f"{self.total('named'):,}, other exceptions {self.total('other')}, crashes {self.total('crash')}, "
                    f"engine deaths {self.total('death')}, hangs {self.total('hang')}, "
                    f"round-trip mismatches {self.total('mismatch')}")
        for (t, kind), found in sorted(self.examples.items()):
            for k, detail, data in found:
                rows.append(f"  {kind} in {t}, input {k} (python -m tests.fuzz --seed {self.seed} --replay {k}): "
                            f"{detail}\n    {data}")
        return "\n".join(rows)


def _work(conn: Connection, at: Any, seed: int, checks_of: Callable[[], dict[str, Any]]) -> None:
    """A worker: runs the chunks it is sent, saying before each input which one it is at."""
    check = checks_of()
    try:
        while True:
            chunk = conn.recv()
            if chunk is None:
                return
            part = Report(seed)
            for k in range(*chunk):
                at.value = k
                target, data = make_input(seed, k)
                kind, detail = run(check[target], data)
                part.add(target, kind, k, detail, data)
            conn.send({"counts": part.counts, "examples": part.examples})
    finally:
        for name in ("engine", "http"):
            if hasattr(check.get(name), "close"):
                check[name].close()


class _Worker:
    def __init__(self, context: Any, seed: int, checks_of: Callable[[], dict[str, Any]]) -> None:
        self.conn, child = context.Pipe()
        self.at = context.Value("q", -1, lock=False)
        self.process = context.Process(target=_work, args=(child, self.at, seed, checks_of), daemon=True)
        self.process.start()
        child.close()
        self.chunk: tuple[int, int] | None = None
        self.seen = (-1, time.monotonic())  # the index it was last seen at, and when

    def give(self, chunk: tuple[int, int]) -> None:
        self.chunk, self.at.value, self.seen = chunk, chunk[0] - 1, (chunk[0] - 1, time.monotonic())
        self.conn.send(chunk)

    def stuck(self, hang: float) -> bool:
        if self.at.value != self.seen[0]:
            self.seen = (self.at.value, time.monotonic())
        return time.monotonic() - self.seen[1] > hang

    def end(self) -> None:
        if self.process.is_alive():
            self.process.kill()
        self.process.join()


def fuzz(inputs: int | None = None, seconds: float | None = None, seed: int = 0, workers: int = 2,
         chunk: int = 500, hang: float = 60.0, checks_of: Callable[[], dict[str, Any]] = checks,
         progress: float | None = None) -> Report:
    """Fuzz ``inputs`` inputs, or as many as ``seconds`` allow (whole chunks), over ``workers``
    processes, each input judged by its target's check (``checks_of()``, made in each worker);
    every ``progress`` seconds a line on stderr says how far it is."""
    assert inputs is not None or seconds is not None
    seeds()  # built once here, inherited by forked workers
    context = mp.get_context("fork")
    report, start = Report(seed), time.monotonic()
    todo: list[tuple[int, int]] = []
    nxt = 0  # the first input not yet handed out

    def next_chunk() -> tuple[int, int] | None:
        nonlocal nxt
        if todo:
            return todo.pop()
        if (inputs is not None and nxt >= inputs) or (seconds is not None and time.monotonic() - start >= seconds):
            return None
        end = nxt + chunk if inputs is None else min(inputs, nxt + chunk)
        nxt, given = end, (nxt, end)
        return given

    pool = [_Worker(context, seed, checks_of) for _ in range(workers)]
    busy: list[_Worker] = []
    for w in pool:
        c = next_chunk()
        if c is not None:
            w.give(c)
            busy.append(w)
    said = start
    while busy:
        ready = wait([w.conn for w in busy] + [w.process.sentinel for w in busy], timeout=1.0)
        if progress is not None and time.monotonic() - said >= progress:
            said = time.monotonic()
            print(f"{report.inputs:,} inputs, {report.findings} findings, {said - start:.0f} s", file=sys.stderr,
                  flush=True)
        for w in list(busy):
            failed = None
            if w.conn in ready:
                try:
                    report.merge(w.conn.recv())
                except EOFError:
                    failed = "crash"
            elif w.process.sentinel in ready:
                failed = "crash"
            elif w.stuck(hang):
                failed = "hang"
            if failed is None and w.conn not in ready:
                continue
            busy.remove(w)
            if failed is not None:  # the input it was at is named, the rest of its chunk goes on
                k = w.at.value
                target, data = make_input(seed, k)
                detail = f"exit code {w.process.exitcode}" if failed == "crash" else f"no answer in {hang:g} s"
                w.end()
                report.add(target, failed, k, detail, data)
                assert w.chunk is not None  # its chunk's counts died with it: the rest is run again
                todo += [part for part in ((w.chunk[0], k), (k + 1, w.chunk[1])) if part[0] < part[1]]
                w = _Worker(context, seed, checks_of)
                pool.append(w)
            c = next_chunk()
            if c is not None:
                w.give(c)
                busy.append(w)
            else:
                w.conn.send(None)
    for w in pool:
        if w.process.is_alive():
            w.process.join(10)
        w.end()
    report.seconds = time.monotonic() - start
    return report
