"""Rendering a view's pieces as a person reads them at a given width."""

from __future__ import annotations

import io

from rich.console import Console, RenderableType


def shown(renderable: RenderableType, width: int = 100) -> str:
    """What a terminal of ``width`` columns shows, without colours."""
    console = Console(file=io.StringIO(), width=width, highlight=False, color_system=None)
    console.print(renderable)
    out = console.file.getvalue()
    assert isinstance(out, str)
    return out
