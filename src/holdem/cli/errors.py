"""Every way a command can fail, as one line on stderr and a conventional exit status.

- 2: bad usage, the command could not start with what it was given (an unknown option,
  a missing argument, a value out of range, a holdem error about the input);
- 1: a failed run or check (the system refused something, a verification failed, a bug).

Click and typer print boxed usage panels and Python prints tracebacks; neither helps a
person who typed a wrong number. ``HoldemGroup.main`` catches everything at the top, so
no command needs its own guard for these (``user_errors`` blocks still word holdem's
errors where they happen). ``HOLDEM_DEBUG=1`` shows the traceback of an unexpected error.
"""

from __future__ import annotations

import errno
import os
import sys
from collections.abc import Sequence
from typing import Any

from typer import Abort
from typer.core import TyperGroup

try:  # typer vendors its own click since 0.20; older releases use click itself
    from typer._click import exceptions as click
except ImportError:  # pragma: no cover
    from click import exceptions as click  # type: ignore[no-redef]

USAGE, FAILED = 2, 1


def say(message: str) -> None:
    """One line on stderr: ``error: ...``, red on a terminal."""
    text = " ".join(message.split())  # one line, whatever the message's own wrapping
    text = f"\x1b[31merror:\x1b[0m {text}" if sys.stderr.isatty() else f"error: {text}"
    print(text, file=sys.stderr)


def usage_line(error: click.UsageError) -> str:
    """Click's message, and where the help is, on one line."""
    message = error.format_message().rstrip(".")
    command = error.ctx.command_path if error.ctx is not None else "holdem"
    return f"{message} (see '{command} --help')"


def os_error_line(error: OSError) -> str:
    reason = error.strerror or str(error)
    target = error.filename
    if error.errno == errno.EADDRINUSE:
        return f"{reason}: another program is using that address; choose another --port"
    return f"{reason}: {target}" if target else reason


# Help names values by what they are, not by type: typer 0.29 shows Python's ("<list[str]>"),
# older releases click's ("INTEGER").
_METAVARS = (
    ("bool", None),
    ("int", "N"),
    ("float", "NUMBER"),
    ("path", "PATH"),
    ("str", "TEXT"),
    ("text", "TEXT"),
)


def _type_shown(param: Any, ctx: Any) -> str:
    """The type help would show for ``param``, in lower case."""
    display_type = getattr(param, "display_type", None)  # typer 0.29 and later
    if display_type is not None:
        return str(display_type(ctx) or "").lower()
    return str(param.type.name).lower()  # click's: integer, float, text, path, choice


def plain_metavars(command: Any, ctx: Any) -> None:
    """Give each option and argument of ``command`` (and of its subcommands) a plain
    metavar (N, NUMBER, TEXT, PATH) in place of a Python type; an argument shows its name
    alone; choices and flags keep theirs."""
    for param in getattr(command, "params", ()):
        if param.param_type_name == "argument":  # its name says what it is: no type
            param.display_type_rich = lambda ctx: None
            continue
        if param.metavar is not None or getattr(param, "is_flag", False):
            continue
        shown = _type_shown(param, ctx)
        if "|" in shown or shown == "choice":
            continue  # a choice lists its values
        param.metavar = next((name for kind, name in _METAVARS if kind in shown), "VALUE")
    for sub in getattr(command, "commands", {}).values():
        plain_metavars(sub, ctx)


class HoldemGroup(TyperGroup):
    """The ``holdem`` command group, with failures reported as one line (see above)."""

    def get_command(self, ctx: Any, cmd_name: str) -> Any:
        command = super().get_command(ctx, cmd_name)
        plain_metavars(command, ctx)
        return command

    def main(  # type: ignore[override]
        self,
        args: Sequence[str] | None = None,
        prog_name: str | None = None,
        complete_var: str | None = None,
        standalone_mode: bool = True,
        **extra: Any,
    ) -> Any:
        status = self.run(args, prog_name, complete_var, **extra)
        if standalone_mode:
            sys.exit(status)
        return status

    def run(
        self,
        args: Sequence[str] | None,
        prog_name: str | None,
        complete_var: str | None,
        **extra: Any,
    ) -> int:
        from holdem.errors import HoldemError

        try:
            result = super().main(
                args, prog_name or "holdem", complete_var, standalone_mode=False, **extra
            )
        except click.NoArgsIsHelpError as shown:
            if shown.ctx is not None:
                print(shown.ctx.get_help())
            return USAGE
        except click.UsageError as error:
            say(usage_line(error))
            return USAGE
        except click.ClickException as error:
            say(error.format_message())
            return error.exit_code
        except Abort:
            say("stopped")
            return FAILED
        except HoldemError as error:
            say(str(error))
            return USAGE
        except OSError as error:
            if error.errno == errno.EPIPE:  # the reader went away (holdem ... | head)
                return FAILED
            say(os_error_line(error))
            return FAILED
        except KeyboardInterrupt:
            return 130
        except Exception as error:
            if os.environ.get("HOLDEM_DEBUG"):
                raise
            say(
                f"unexpected {type(error).__name__}: {error}. This is a bug in holdem; "
                "HOLDEM_DEBUG=1 shows where it happened"
            )
            return FAILED
        return result if isinstance(result, int) else 0
