"""The frame: header, seats, board and pots, the hand's log, the coach, as rich renderables.

The game builds a ``Frame`` (plain data) and ``render`` lays it out to fit the terminal
(80x24 and up): the title and every seat, yours included, never scroll away; the log
keeps its newest lines and the coach its first ones in the lines left.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich import box
from rich.console import Console, ConsoleOptions, Group, RenderableType
from rich.panel import Panel
from rich.segment import Segment, Segments
from rich.table import Table
from rich.text import Text

from holdem.cards import Card
from holdem.engine import Hand
from holdem.engine.pots import build_pots
from holdem.terminal.coach import Advice
from holdem.terminal.coach import panel as coach_panel
from holdem.terminal.style import NO_CARD, card, chips

PROMPT_LINES = 4  # the prompt, the input line, and room for one refusal
MAX_WIDTH = 100  # wider frames only spread the columns apart


def frame_width(console: Console) -> int:
    return min(console.width, MAX_WIDTH)


@dataclass(frozen=True)
class SeatView:
    number: int  # 1-based, as players count seats
    name: str
    kind: str  # "" for the person, else the bot's name
    stack: int
    bet: int
    marks: str  # "D", "SB", "BB", "D SB" (heads-up)
    cards: Text
    status: Text
    dim: bool = False
    to_act: bool = False
    you: bool = False


@dataclass(frozen=True)
class PotView:
    label: str  # "main pot", "side pot 1", "uncalled"
    amount: int
    players: str = ""  # who contests it, when not everyone in the hand


@dataclass(frozen=True)
class Frame:
    title: Text
    subtitle: Text
    seats: Sequence[SeatView]
    boards: Sequence[Sequence[Card]]
    pots: Sequence[PotView]
    log: Sequence[Text]
    log_title: str
    advice: Advice | None = None
    footer: Sequence[Text] = field(default_factory=tuple)


def pot_views(hand: Hand, names: Sequence[str]) -> list[PotView]:
    """The main pot and the side pots, from the engine's state (R23), or the result's pots
    once the hand is over."""
    if hand.is_over and hand.result is not None:
        totals: dict[int, int] = {}
        for won in hand.result.pots:  # each board of a run-twice hand is a share
            totals[won.index] = totals.get(won.index, 0) + won.amount
        return [PotView(_pot_label(i), amount) for i, amount in sorted(totals.items())]
    live = tuple(p for p, alive in enumerate(hand.in_hand) if alive)
    # Mid-round, a player who can still act can still match every layer: count them in,
    # so that only chips an all-in player cannot win show as a side pot.
    can_act = {p for p in live if hand.can_act(p)} if hand.to_act is not None else set()
    layers: list[tuple[int, tuple[int, ...]]] = []
    for pot in build_pots(hand.contributed, hand.dead_money, hand.in_hand):
        eligible = tuple(sorted(set(pot.eligible) | can_act))
        if layers and layers[-1][1] == eligible:
            layers[-1] = (layers[-1][0] + pot.amount, eligible)
        else:
            layers.append((pot.amount, eligible))
    views: list[PotView] = []
    for amount, eligible in layers:
        if len(eligible) <= 1:  # chips nobody can match: they go back
            views.append(PotView("uncalled", amount))
            continue
        who = "" if eligible == live else ", ".join(names[p] for p in eligible)
        views.append(PotView(_pot_label(len(views)), amount, who))
    return views


def _pot_label(index: int) -> str:
    return "main pot" if index == 0 else f"side pot {index}"


def render(frame: Frame, console: Console) -> RenderableType:
    """The frame laid out to fit the terminal: the felt (title, every seat, board, pots)
    always whole; the log and the coach share the lines left, the log's oldest lines and
    then the coach's last ones giving way first."""
    options = console.options.update_width(frame_width(console))
    room = console.height - PROMPT_LINES
    felt = _felt(frame, header=True)
    used = _height(console, felt, options)
    if used > room:  # many seats on a short screen
        felt = _felt(frame, header=False)
        used = _height(console, felt, options)
    left = room - used
    bottom: list[RenderableType] = []
    if frame.advice is not None:
        bottom.append(coach_panel(frame.advice))
    bottom.extend(frame.footer)
    wanted = _height(console, Group(*bottom), options) if bottom else 0
    if left >= wanted + 4:  # the log panel: its borders and at least two lines
        return Group(felt, _log(frame, console, options, left - wanted - 2), *bottom)
    # Short of room: the newest log line alone, then as much of the coach as fits.
    latest = _cropped(console, Group(*frame.log[-1:]), options, 1) if left > 0 else []
    cropped = _cropped(console, Group(*bottom), options, left - len(latest))
    return Group(felt, *latest, *cropped)


def _felt(frame: Frame, *, header: bool) -> Panel:
    return Panel(
        Group(_seats(frame.seats, header=header), _board_and_pots(frame)),
        title=frame.title,
        title_align="left",
        subtitle=frame.subtitle,
        subtitle_align="right",
        box=box.ROUNDED,
        border_style="green",
        padding=(0, 1),
    )


def _log(frame: Frame, console: Console, options: ConsoleOptions, lines: int) -> Panel:
    """The log panel with its newest entries that fit in ``lines`` (an entry may wrap)."""
    inner = options.update_width(options.max_width - 4)  # the borders and the padding
    shown: list[Text] = []
    for entry in reversed(frame.log):
        lines -= _height(console, entry, inner)
        if lines < 0:
            break
        shown.insert(0, entry)
    return Panel(
        Group(*shown) if shown else Text(""),
        title=frame.log_title,
        title_align="left",
        box=box.ROUNDED,
        border_style="grey50",
        padding=(0, 1),
    )


def _height(console: Console, renderable: RenderableType, options: ConsoleOptions) -> int:
    return len(console.render_lines(renderable, options, pad=False))


def _cropped(
    console: Console, renderable: RenderableType, options: ConsoleOptions, lines: int
) -> list[RenderableType]:
    """The first ``lines`` lines of a renderable, as drawn."""
    if lines <= 0:
        return []
    drawn = console.render_lines(renderable, options, pad=False)[:lines]
    return [Segments([*line, Segment.line()]) for line in drawn]


def _seats(seats: Sequence[SeatView], *, header: bool = True) -> Table:
    table = Table(
        show_header=header,
        box=box.SIMPLE_HEAD,
        show_edge=False,  # no blank lines above and below: the frame must fit 24 lines
        pad_edge=False,
        expand=True,
        header_style="bold",
        border_style="green",
    )
    table.add_column("", width=1)
    table.add_column("seat", justify="right", width=4)
    table.add_column("", width=4)
    table.add_column("player", ratio=3, no_wrap=True)
    table.add_column("stack", justify="right", width=7)
    table.add_column("bet", justify="right", width=6)
    table.add_column("cards", width=9, no_wrap=True)
    table.add_column("", ratio=2, no_wrap=True)
    for s in seats:
        pointer = Text("▶", style="bold yellow") if s.to_act else Text("")
        marks = Text(s.marks, style="bold black on yellow" if "D" in s.marks else "yellow")
        if "D" in s.marks and len(s.marks) > 1:  # heads-up the button is the small blind
            marks = Text.assemble(("D", "bold black on yellow"), (s.marks[1:], "yellow"))
        name = Text(s.name, style="bold cyan" if s.you else "bold")
        if s.kind:
            name.append(f" {s.kind}", style="dim")
        bet = Text(chips(s.bet), style="yellow") if s.bet else Text("")
        table.add_row(
            pointer, str(s.number), marks, name, chips(s.stack), bet, s.cards, s.status,
            style="dim" if s.dim else None,
        )  # fmt: skip
    return table


def _board_and_pots(frame: Frame) -> Table:
    grid = Table.grid(padding=(0, 2))
    grid.add_column(style="bold")
    grid.add_column()
    for run, board in enumerate(frame.boards):
        slots = [card(c) for c in board] + [NO_CARD.copy() for _ in range(5 - len(board))]
        label = "Board" if len(frame.boards) == 1 else f"Board {run + 1}"
        grid.add_row(label, Text(" ").join(slots))
    total = sum(p.amount for p in frame.pots)
    pots = Text(chips(total), style="bold yellow")
    if len(frame.pots) > 1:
        for pot in frame.pots:
            pots.append("   ")
            pots.append(f"{pot.label} {chips(pot.amount)}", style="yellow")
            if pot.players:
                pots.append(f" ({pot.players})", style="dim")
    grid.add_row("Pot", pots)
    return grid
