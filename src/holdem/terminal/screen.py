"""Drawing frames in place and reading the player's lines.

On a terminal each frame is written in one piece from the top-left corner, every line
cleared to its end and the rest of the screen below it, so the picture changes without
flicker or scrolling. Off a terminal (piped), frames and lines are simply printed.
"""

from __future__ import annotations

import contextlib
import time

from rich.console import Console, RenderableType
from rich.text import Text

from holdem.terminal.view import frame_width

HOME, CLEAR_LINE, CLEAR_BELOW, CLEAR_SCREEN = "\x1b[H", "\x1b[K", "\x1b[J", "\x1b[2J"


class Screen:
    def __init__(self, console: Console, *, delay: float = 0.0) -> None:
        self.console = console
        self.live = console.is_terminal
        self.delay = delay
        self._cleared = False
        with contextlib.suppress(ImportError):  # line editing for input(), where there is one
            import readline  # noqa: F401

    def draw(self, frame: RenderableType) -> None:
        width = frame_width(self.console)
        if not self.live:
            self.console.print(frame, width=width)
            return
        with self.console.capture() as capture:
            self.console.print(frame, width=width)
        lines = capture.get().rstrip("\n").split("\n")
        start = HOME if self._cleared else CLEAR_SCREEN + HOME
        self._cleared = True
        out = self.console.file
        out.write(start + "".join(line + CLEAR_LINE + "\n" for line in lines) + CLEAR_BELOW)
        out.flush()

    def say(self, line: Text | str) -> None:
        # Wrapped by rich at word boundaries: a soft-wrapped line would be broken mid-word
        # by the terminal ("(? hel" / "p, q quit)" at 80 columns).
        self.console.print(line, soft_wrap=False)

    def ask(self, prompt: Text) -> str | None:
        """One line from the player; None when the input ends or they press Ctrl-C."""
        self.console.print(prompt, soft_wrap=False)
        try:
            return input("> ")
        except (EOFError, KeyboardInterrupt):
            self.console.print()
            return None

    def pause(self, share: float = 1.0) -> None:
        """Let the player see a bot's action before the next one."""
        if self.delay > 0 and self.live:
            time.sleep(self.delay * share)
