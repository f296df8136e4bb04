"""The replay kernel compiled ahead of time, so that a fresh process replays without numba.

``kernel_play.run_scripts`` is a numba kernel: a process that replays through it first
imports numba and loads the cached machine code, about 0.6 s, more than a replay command
spends on 2,000 hands. Built here once (``python -m holdem.kernels.native``, which
``make install`` runs), the same kernel is an extension module that loads in a
millisecond and never imports numba.

The module is named after a fingerprint of every source file the kernel is compiled from
(``SOURCES``), of numpy's version and of Python's: after any change to them it is simply
not found, and the replay compiles the kernel with numba as before. Building needs
numba's ``pycc`` (which uses setuptools, as every Python 3.11 virtual environment has it),
a C compiler and Python's headers; where one is missing the build says so, and nothing
else changes.

The compiled wrapper trusts its arguments' types, so :func:`replay_kernel` gives it
behind a check of every array's type and layout: a wrong one is a TypeError, not a crash.
"""

from __future__ import annotations

import hashlib
import importlib.machinery
import importlib.util
import os
import sys
import tempfile
import time
import warnings
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

import numpy as np

import holdem

NAME = "holdem_replay_kernel"

SOURCES = (
    "errors.py",
    "evaluator/batch.py",
    "evaluator/tables.py",
    "kernels/codes.py",
    "kernels/play.py",
    "kernels/policies.py",
    "kernels/pots.py",
    "kernels/script.py",
    "kernels/streams.py",
)
"""Every holdem file ``kernel_play`` imports, directly or not (relative to the package;
``tests/engine/test_kernel_native.py`` checks the list against the imports)."""

# run_scripts' arguments as (dtype, dimensions), all C-contiguous; the evaluator's tables
# come last, as one tuple.
ARGUMENTS: tuple[tuple[type[np.generic], int], ...] = (
    (np.int64, 2),  # params
    (np.int64, 2),  # start
    (np.int64, 3),  # forced
    (np.uint8, 2),  # decks
    (np.int64, 1),  # script
    (np.int64, 1),  # offsets
    (np.int64, 3),  # out
    (np.int64, 1),  # out_status
)
TABLES: tuple[tuple[type[np.generic], int], ...] = (
    (np.int64, 1),
    (np.uint16, 1),
    (np.int32, 1),
    (np.uint16, 1),
)


class NativeBuildError(Exception):
    """The kernel could not be built ahead of time here (the reason is the message)."""


def folder() -> Path:
    """Where the built kernel is kept: beside the evaluator's tables, in $HOLDEM_CACHE_DIR
    or the user cache directory."""
    from holdem.evaluator.tables import cache_path

    return cache_path().parent


def fingerprint() -> str:
    """What the built kernel depends on: its sources, numpy's version and Python's."""
    digest = hashlib.sha256()
    root = Path(holdem.__file__).parent
    for name in SOURCES:
        digest.update(name.encode())
        digest.update((root / name).read_bytes())
    digest.update(f"{np.__version__} {sys.version} {ARGUMENTS} {TABLES}".encode())
    return digest.hexdigest()[:20]


def module_path() -> Path:
    """The built kernel for the sources here now (it may not exist)."""
    suffix = importlib.machinery.EXTENSION_SUFFIXES[0]
    return folder() / f"replay-kernel-{fingerprint()}{suffix}"


def built() -> bool:
    """Whether the kernel is built for the sources here now."""
    try:
        return module_path().is_file()
    except OSError:
        return False


def replay_kernel() -> Callable[..., None] | None:
    """``run_scripts`` as built ahead of time for these sources, behind a check of its
    arguments; None when it was not built (or cannot be loaded)."""
    try:
        path = module_path()
        if not path.is_file():
            return None
        spec = importlib.util.spec_from_file_location(NAME, path)
        if spec is None or spec.loader is None:
            return None
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        compiled = module.run_scripts
    except (OSError, ImportError, AttributeError):
        return None  # unreadable, or built for another platform: numba's kernel serves

    def run_scripts(*arguments: Any) -> None:
        _check(arguments)
        compiled(*arguments)

    return run_scripts


def _check(arguments: Sequence[Any]) -> None:
    if len(arguments) != len(ARGUMENTS) + 1:
        raise TypeError(f"run_scripts takes {len(ARGUMENTS) + 1} arguments")
    *arrays, tables = arguments
    if type(tables) is not tuple or len(tables) != len(TABLES):
        raise TypeError(f"run_scripts takes the evaluator's {len(TABLES)} tables as a tuple")
    for array, (dtype, dimensions) in zip((*arrays, *tables), (*ARGUMENTS, *TABLES), strict=True):
        if (
            type(array) is not np.ndarray
            or array.dtype != dtype
            or array.ndim != dimensions
            or not array.flags.c_contiguous
        ):
            raise TypeError(
                f"run_scripts takes C-contiguous {dimensions}-dimensional {dtype.__name__} "
                f"arrays where it was given {type(array).__name__} "
                f"{getattr(array, 'dtype', '')} {getattr(array, 'shape', '')}"
            )


def build(into: Path | None = None) -> Path:
    """Compile ``kernel_play.run_scripts`` into an extension module for these sources and
    return its path (kept as it is when already built). NativeBuildError when it cannot
    be built here."""
    target = into or folder()
    path = target / module_path().name
    if path.is_file():
        return path
    try:
        from numba import from_dtype
        from numba import types as numba_types

        with warnings.catch_warnings():  # pending deprecation, with nothing to replace it yet
            warnings.simplefilter("ignore")
            pycc: Any = importlib.import_module("numba.pycc")

        from holdem.kernels import play as kernel_play
    except ImportError as error:
        raise NativeBuildError(
            f"numba's ahead-of-time compiler is not installed ({error})"
        ) from None

    types: Any = numba_types  # (numba's types are untyped)

    def array_type(dtype: type[np.generic], dimensions: int) -> Any:
        return types.Array(from_dtype(np.dtype(dtype)), dimensions, "C")

    signature = types.none(
        *(array_type(*argument) for argument in ARGUMENTS),
        types.Tuple(tuple(array_type(*table) for table in TABLES)),
    )
    target.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=target, prefix=".building-") as work:
        compiler = pycc.CC(NAME)
        compiler.output_dir = work
        compiler.target_cpu = "host"  # built where it runs: the same code numba would make
        compiler.verbose = False
        compiler.export("run_scripts", signature)(kernel_play.run_scripts.py_func)
        try:
            compiler.compile()
        except Exception as error:  # a missing compiler or header, in distutils' words
            raise NativeBuildError(
                f"the kernel could not be compiled ahead of time ({type(error).__name__}: "
                f"{str(error).strip()[:300]}); install a C compiler and Python's headers"
            ) from None
        [built] = Path(work).glob(f"{NAME}*")
        os.replace(built, path)  # whole or not at all, for a process loading it meanwhile
    for old in target.glob("replay-kernel-*"):
        if old != path:
            old.unlink(missing_ok=True)  # built from other sources
    return path


def main(argv: Sequence[str] | None = None) -> int:
    """Build the kernel; say where, or why it could not be built."""
    del argv
    start = time.perf_counter()
    try:
        path = build()
    except (NativeBuildError, OSError) as error:
        print(f"holdem: the replay kernel was not built ahead of time: {error}", file=sys.stderr)
        print("holdem: replays will compile it with numba instead", file=sys.stderr)
        return 1
    print(f"holdem: replay kernel ready in {time.perf_counter() - start:.1f} s: {path}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
