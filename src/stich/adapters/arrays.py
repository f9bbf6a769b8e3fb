"""The NumPy arrays the environments hand out: the observer's tensor and the action mask.

Both come from a fresh byte buffer, not converted element by element: the tensor is the
observer's float32 bytes (``Observer.packed``: the contract games write them directly, the
others pack their list with one precompiled ``struct``) read by ``np.frombuffer`` without a
copy, the mask a zeroed byte buffer with the legal ids set. Each call returns a fresh,
writable array of its own.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

from stich.core.observer import Observer

Float32s = np.ndarray[Any, np.dtype[np.float32]]
Int8s = np.ndarray[Any, np.dtype[np.int8]]


def tensor(observer: Observer, game: Any, seat: int | None) -> Float32s:
    """``observer``'s tensor of ``game`` for ``seat`` as a float32 array (its values exactly
    ``np.array(observer.tensor(game, seat), np.float32)``)."""
    return np.frombuffer(observer.packed(game, seat), np.float32)


def mask(size: int, legal: Iterable[int]) -> Int8s:
    """An int8 array of ``size`` zeros with ones at the legal ids."""
    flags = bytearray(size)
    for index in legal:
        flags[index] = 1
    return np.frombuffer(flags, np.int8)
