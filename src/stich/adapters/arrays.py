"""The NumPy arrays the environments hand out: the observer's tensor and the action mask."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np

Float32s = np.ndarray[Any, np.dtype[np.float32]]
Int8s = np.ndarray[Any, np.dtype[np.int8]]


def float32(values: list[float]) -> Float32s:
    """A float32 array of the values (the observer's tensor, a plain list)."""
    return np.array(values, np.float32)


def mask(size: int, legal: Iterable[int]) -> Int8s:
    """An int8 array of ``size`` zeros with ones at the legal ids."""
    out = np.zeros(size, np.int8)
    out[list(legal)] = 1
    return out
