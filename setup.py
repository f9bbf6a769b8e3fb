"""Builds the optional native search kernel (stich.search._kernel).

Without a working C compiler the build step only warns: the package installs and runs on the
Python search path, which gives the same results (``stich --version`` says which is active).
"""

from __future__ import annotations

import os
import sys

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


class OptionalBuildExt(build_ext):
    """A build_ext whose failure (no compiler, a broken toolchain) is a warning, not an error."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as error:  # any toolchain failure means: no kernel
            self._skip(error)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            self._skip(error)

    @staticmethod
    def _skip(error: Exception) -> None:
        print(f"warning: the native search kernel was not built ({error}); "
              "stich uses its Python search path", file=sys.stderr)


extra = os.environ.get("STICH_KERNEL_CFLAGS", "").split()
setup(
    ext_modules=[Extension("stich.search._kernel", ["src/stich/search/_kernel.c"],
                           # no fused multiply-add: the search's UCB sums match Python's
                           extra_compile_args=["-O2", "-ffp-contract=off", *extra],
                           libraries=[] if sys.platform == "win32" else ["m"],
                           optional=True)],
    cmdclass={"build_ext": OptionalBuildExt},
)
