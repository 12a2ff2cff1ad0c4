"""Result objects holding numpy arrays that still print as plain Python: ``repr`` writes each array
as nested lists (no ``array(...)``, which needs numpy's names to evaluate), the constructor turns
such lists back into arrays of the field's dtype and shape, and equality compares arrays by value,
so ``eval(repr(x)) == x`` with the package's public names."""

from __future__ import annotations

from dataclasses import fields
from typing import Any, ClassVar

import numpy as np

__all__ = ["PlainArrays"]


class PlainArrays:
    """A mixin for frozen dataclasses (declared with ``repr=False, eq=False``): ``_arrays`` maps
    each array field to its dtype; ``_array_shape(name)`` gives a field's shape when its lists are
    empty (default: as the lists give)."""

    _arrays: ClassVar[dict[str, Any]] = {}

    def __post_init__(self) -> None:
        for name, dtype in self._arrays.items():
            if getattr(self, name) is None:  # an optional array left out (a batch's move values unasked)
                continue
            value = np.asarray(getattr(self, name), dtype=dtype)
            shape = self._array_shape(name)
            if shape is not None and value.size == 0:
                value = value.reshape(shape)
            object.__setattr__(self, name, value)

    def _array_shape(self, name: str) -> tuple[int, ...] | None:
        return None

    def __repr__(self) -> str:
        shown = (f"{f.name}={(v.tolist() if isinstance(v, np.ndarray) else v)!r}"
                 for f in fields(self) if f.repr for v in (getattr(self, f.name),))  # type: ignore[arg-type]
        return f"{type(self).__name__}({', '.join(shown)})"

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        for f in fields(self):  # type: ignore[arg-type]
            if not f.compare:  # e.g. a result's elapsed time: not part of what it answers
                continue
            a, b = getattr(self, f.name), getattr(other, f.name)
            if isinstance(a, np.ndarray) or isinstance(b, np.ndarray):
                same = isinstance(a, np.ndarray) and isinstance(b, np.ndarray) and a.shape == b.shape and bool(np.array_equal(a, b))
            else:
                same = a == b
            if not same:
                return False
        return True

    __hash__ = None  # type: ignore[assignment]  # arrays are not hashable
