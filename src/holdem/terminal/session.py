"""The game loop: the person in seat 1, bots in the others, hand after hand at a ``Table``.

Stacks carry over from hand to hand. A bot that loses its stack rebuys for the starting
stack before the next hand (the table stays full, and the ledger shows every rebuy); the
person is asked. Every finished hand is added to the session's PHH file straight away
(an existing file is added to, never overwritten), so the file is complete whenever the
game stops. ``q`` at any prompt folds the hand in play (the bots finish it, and it is
recorded) and ends the session.
"""

from __future__ import annotations

import os
import random
import secrets
from dataclasses import dataclass
from pathlib import Path

from rich.text import Text

from holdem.bots import BOTS, Bot, view_for
from holdem.cards import Card
from holdem.engine import Action, Hand, LegalActions, Structure, events
from holdem.engine.narrate import Cast, did, narrate, pots_per_board
from holdem.engine.rake import RakeRule
from holdem.errors import ConfigError, HoldemError
from holdem.history.hand import HandHistory
from holdem.table import PlayedHand, Seat, Table, TableSettings
from holdem.terminal import coach, commands
from holdem.terminal.screen import Screen
from holdem.terminal.style import CARD_BACK, cards, chips, styled
from holdem.terminal.view import Frame, SeatView, pot_views, render

YOU = 0  # the person's seat (seat 1)
YOUR_NAME = "You"
BOT_NAMES = ("Ana", "Ben", "Cleo", "Dan", "Eve", "Finn", "Gus", "Hana", "Ivo")
GOOD_BOTS = ("tag", "mc")  # preferred when --bots is not given, where they exist


@dataclass(frozen=True)
class Options:
    history: Path
    players: int = 6
    stack: int = 200
    small_blind: int = 1
    big_blind: int = 2
    structure: Structure = Structure.NO_LIMIT
    bots: tuple[str, ...] = ()  # cycled over the bot seats; () for the default
    seed: int | None = None
    coach: bool = False
    rake: RakeRule | None = None  # the house's rake of each pot (None: a home game)


def default_bots() -> tuple[str, ...]:
    return tuple(name for name in GOOD_BOTS if name in BOTS) or ("random",)


@dataclass(frozen=True)
class Summary:
    hands: int
    stacks: dict[str, int]
    bought: int  # the person's buy-ins and rebuys
    net: int
    history: Path


class Game:
    def __init__(self, options: Options, screen: Screen) -> None:
        self.options = options
        self.screen = screen
        if options.history.suffix != ".phhs":
            raise ConfigError(f"--history {options.history}: a session is a .phhs file")
        if not 2 <= options.players <= len(BOT_NAMES) + 1:
            raise ConfigError(f"--players {options.players}: a table seats 2 to 10 players")
        if options.stack < 1:
            raise ConfigError(f"--stack {options.stack}: a stack is at least 1 chip")
        names = options.bots or default_bots()
        unknown = [n for n in names if n not in BOTS]
        if unknown:
            raise ConfigError(
                f"there is no bot called {unknown[0]!r}: choose from {', '.join(BOTS)}"
            )
        settings = TableSettings(
            structure=options.structure,
            small_blind=options.small_blind,
            big_blind=options.big_blind,
            seats=options.players,
            min_buy_in=options.stack,
            max_buy_in=options.stack,
            rake=options.rake,
        )
        seed = options.seed
        # Without a seed the table shuffles with the secure generator (R4).
        self.table = Table(settings, random.Random(f"{seed}-deck") if seed is not None else None)
        self.coach_rng = random.Random(f"{seed}-coach") if seed is not None else None
        self.bots: dict[int, Bot] = {}
        self.kinds: dict[int, str] = {}
        self.table.sit(YOU, YOUR_NAME, options.stack)
        for seat in range(1, options.players):
            kind = names[(seat - 1) % len(names)]
            rng = random.Random(f"{seed}-bot-{seat}" if seed is not None else secrets.randbits(64))
            self.bots[seat] = BOTS[kind](rng)
            self.kinds[seat] = kind
            self.table.sit(seat, BOT_NAMES[seat - 1], options.stack)
        self.histories: list[HandHistory] = self._earlier_hands(options.history)
        self.first_hand = len(self.histories)  # hands of earlier sessions in the same file
        self.quitting = False
        self.log: list[Text] = []
        self.notes: list[Text] = []  # rebuys between hands, shown in the next hand's log
        self.seen = 0  # events of the current hand already in the log
        self.last_action: dict[int, Text] = {}  # seat -> what they did this street
        self.cast = Cast((), None, options.small_blind, options.big_blind)

    # -- the session ---------------------------------------------------------------------

    def run(self) -> Summary:
        try:
            while True:
                self.play_hand()
                self.save()
                if self.quitting or not self.between_hands():
                    break
        except KeyboardInterrupt:  # Ctrl-C while the bots play: stop, keep the file
            self.screen.say("")
        return self.summary()

    def play_hand(self) -> None:
        self.table.start_hand()
        played = self.played
        hand = played.hand
        you = played.seat_of.index(YOU) if YOU in played.seat_of else None
        names = [self.seat(s).name for s in played.seat_of]
        self.cast = Cast.of(names, you, hand.config)
        self.log, self.seen, self.last_action = self.notes, 0, {}
        self.notes = []
        self.catch_up()
        self.draw()
        while not hand.is_over:
            seat = self.table.seat_to_act
            assert seat is not None
            if seat == YOU:
                self.your_turn(hand)
            else:
                self.bot_turn(seat, hand)
            self.catch_up()
            self.draw()
            if seat != YOU and not hand.is_over and not self.quitting:
                self.screen.pause(1.0 if you is not None and not hand.folded[you] else 0.3)

    def your_turn(self, hand: Hand) -> None:
        legal = hand.legal_actions()
        advice = self.advice(hand)
        self.draw(advice, decision=True)
        prompt = turn_prompt(legal)
        while True:
            text = self.screen.ask(prompt)
            command = (
                commands.Quit() if text is None
                else commands.read_command(text, legal, pot=hand.pot_total)
            )  # fmt: skip
            if isinstance(command, commands.Quit):
                self.quitting = True
                command = Action.fold()  # folding is legal at every turn (R19)
            if isinstance(command, commands.Help):
                self.screen.say(Text(commands.HELP, style="dim"))
                continue
            if isinstance(command, commands.Refusal):
                self.screen.say(Text(f"✗ {command.message}", style="red"))
                continue
            try:
                self.table.act(YOU, command)
                if not self.quitting:
                    self.coach_after(advice, command)
                return
            except HoldemError as error:  # the engine's reason, and ask again
                self.screen.say(Text(f"✗ {error}", style="red"))

    def bot_turn(self, seat: int, hand: Hand) -> None:
        position = self.played.seat_of.index(seat)
        legal = hand.legal_actions()
        try:
            action = self.bots[seat].decide(view_for(hand, position), legal)
            self.table.act(seat, action)
        except Exception:  # a faulty bot must not end the person's game: it checks or folds
            self.table.act(seat, Action.check() if legal.check else Action.fold())

    def between_hands(self) -> bool:
        """Enter for the next hand (or a rebuy when you are out); False when you leave."""
        if self.seat(YOU).stack == 0:
            if not self.rebuy():
                return False
        else:
            answer = self.screen.ask(
                Text.assemble(("Enter", "bold"), ": next hand   ", ("q", "bold"), ": quit")
            )
            if answer is None or answer.strip().lower() in ("q", "quit", "exit"):
                return False
        for seat in self.bots:  # only now, so a session never ends on a needless rebuy
            if self.seat(seat).stack == 0:
                self.table.top_up(seat, self.options.stack)
                self.notes.append(
                    Text(f"{self.seat(seat).name} rebuys for {chips(self.options.stack)}", "dim")
                )
        return True

    def rebuy(self) -> bool:
        question = Text(f"You are out of chips. Rebuy for {chips(self.options.stack)}? (y/n)")
        while True:
            answer = self.screen.ask(question)
            if answer is None or answer.strip().lower() in ("n", "no", "q", "quit"):
                return False
            if answer.strip().lower() in ("y", "yes", ""):
                self.table.top_up(YOU, self.options.stack)
                self.notes.append(Text(f"You rebuy for {chips(self.options.stack)}", "dim"))
                return True
            self.screen.say(Text("✗ answer y to rebuy or n to leave", style="red"))

    def save(self) -> None:
        """Add the finished hand to the PHH file, rewritten whole (a valid file at all times)."""
        from holdem.history.phh import dumps_many
        from holdem.history.record import history_of, with_rake

        played = self.played
        if played.hand.result is None:
            return
        record = history_of(
            played.hand,
            players=[self._history_name(seat) for seat in played.seat_of],
            seats=[seat + 1 for seat in played.seat_of],
            hand=len(self.histories) + 1,  # numbered on from earlier sessions in the file
        )
        if played.rake is not None:
            record = with_rake(record, played.hand, played.rake)
        self.histories.append(record)
        path = self.options.history
        temporary = path.with_name(f".{path.name}.writing")
        temporary.write_text(dumps_many(self.histories), encoding="utf-8")
        os.replace(temporary, path)  # readers never see half a file

    def summary(self) -> Summary:
        stacks = self.table.stacks_by_name()
        mine = next(t for t in self.table.ledger.totals(stacks) if t.player == YOUR_NAME)
        hands = len(self.histories) - self.first_hand
        return Summary(hands, stacks, mine.bought, mine.net, self.options.history)

    @staticmethod
    def _earlier_hands(path: Path) -> list[HandHistory]:
        """An existing session file is added to, never overwritten; check it can be written."""
        from holdem.history.phh import load

        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            if not path.exists():
                path.write_text("", encoding="utf-8")
                return []
            return load(path)
        except HoldemError as error:
            raise ConfigError(f"--history {path} is not a PHH file: {error}") from None
        except OSError as error:
            raise ConfigError(f"--history {path}: cannot write there ({error.strerror})") from None

    # -- what the screen shows -----------------------------------------------------------

    @property
    def played(self) -> PlayedHand:
        assert self.table.current is not None
        return self.table.current

    def seat(self, seat: int) -> Seat:
        player = self.table.seats[seat]
        assert player is not None
        return player

    def _history_name(self, seat: int) -> str:
        name = self.seat(seat).name
        return name if seat == YOU else f"{name} ({self.kinds[seat]})"

    def catch_up(self) -> None:
        """Narrate the events the log has not shown yet, and note each seat's last action."""
        hand = self.played.hand
        for event in hand.events[self.seen :]:
            if isinstance(event, events.BoardDealt):
                self.last_action = {}
            if isinstance(event, events.PlayerActed):
                style = "magenta" if event.all_in else "dim" if event.action == "fold" else ""
                self.last_action[self.played.seat_of[event.player]] = Text(did(event), style)
            said = narrate(event, self.cast, pots_per_board(hand.result))
            if said is None:
                continue
            line = styled(said)
            if isinstance(event, events.CardsMucked) and event.player == self.cast.you:
                line.append(f"  ({self._your_hand()})", style="dim")  # your own hand, in words
            self.log.append(line)
            if not self.screen.live:
                self.screen.say(line)
        self.seen = len(hand.events)

    def _your_hand(self) -> str:
        from holdem import evaluate

        hand = self.played.hand
        hole = [c for c in hand.holes[self.cast.you or 0] or () if c is not None]
        return evaluate([*hole, *hand.board]).describe()

    def advice(self, hand: Hand) -> coach.Advice | None:
        if not self.options.coach:
            return None
        try:
            return self._advise(hand)
        except Exception as error:  # the coach's numbers are a help: never worth a crash
            self.screen.say(Text(f"(the coach could not work this out: {error})", style="dim"))
            return None

    def _advise(self, hand: Hand) -> coach.Advice:
        return coach.advise(hand, self.coach_rng)

    def coach_after(self, advice: coach.Advice | None, action: Action) -> None:
        """The coach's word on the action just taken: the log shows the action first."""
        lines = coach.after_lines(advice, action)
        if lines:
            self.catch_up()
            self.log.extend(lines)
            if not self.screen.live:
                for line in lines:
                    self.screen.say(line)

    def draw(self, advice: coach.Advice | None = None, *, decision: bool = False) -> None:
        if not self.screen.live and not decision and not self.played.hand.is_over:
            return  # piped: the log lines were printed as they came
        self.screen.draw(render(self.frame(advice), self.screen.console))

    def frame(self, advice: coach.Advice | None) -> Frame:
        played = self.played
        hand = played.hand
        o = self.options
        mine = self.summary()
        title = Text.assemble(
            (" holdem ", "bold"),
            f"· {o.structure.label} Hold'em {o.small_blind}/{o.big_blind} · hand {played.number} ",
            f"· seed {o.seed} " if o.seed is not None else "",
        )
        subtitle = Text.assemble(
            " you ", (f"{mine.net:+,}", "bold green" if mine.net >= 0 else "bold red"), " "
        )
        over = hand.is_over
        return Frame(
            title=title,
            subtitle=subtitle,
            seats=[self._seat_view(seat) for seat in range(len(self.table.seats))],
            boards=hand.boards,
            pots=pot_views(hand, self.cast.names),
            log=self.log,
            log_title=f"hand {played.number}" + (" · over" if over else ""),
            advice=advice,
        )

    def _seat_view(self, seat: int) -> SeatView:
        played = self.played
        hand = played.hand
        player = self.seat(seat)
        kind = self.kinds.get(seat, "")
        marks = " ".join(
            mark for mark, where in (
                ("D", played.blinds.button),
                ("SB", played.blinds.small_blind if played.blinds.small_blind_posts else None),
                ("BB", played.blinds.big_blind),
            ) if where == seat
        )  # fmt: skip
        marks = marks.replace("D SB", "D·SB")
        if seat not in played.seat_of:
            return SeatView(seat + 1, player.name, kind, player.stack, 0, marks, Text(""),
                            Text("sitting out", style="dim"), dim=True)  # fmt: skip
        position = played.seat_of.index(seat)
        shown = self._shown_cards()
        hole = tuple(c for c in hand.holes[position] or () if c is not None)
        folded = hand.folded[position]
        if seat == YOU or position in shown:
            face = cards(shown.get(position, hole))
        elif folded:
            face = Text("")
        else:
            face = Text(" ").join([CARD_BACK.copy(), CARD_BACK.copy()])
        to_act = not hand.is_over and hand.to_act == position
        return SeatView(
            number=seat + 1,
            name=player.name,
            kind=kind,
            stack=hand.stacks[position],
            bet=hand.bets[position] if not hand.is_over else 0,
            marks=marks,
            cards=face,
            status=self._status(seat, position, to_act),
            dim=folded,
            to_act=to_act,
            you=seat == YOU,
        )

    def _status(self, seat: int, position: int, to_act: bool) -> Text:
        hand = self.played.hand
        if hand.is_over and hand.result is not None:
            net = hand.result.net[position]
            won = sum(c for pot in hand.result.pots for p, c in pot.shares if p == position)
            if won:
                return Text(f"wins {chips(won)}", style="bold green")
            return Text("folded" if hand.folded[position] else f"{net:+,}", style="dim")
        if to_act:
            return Text("your turn" if seat == YOU else "thinking…", style="bold yellow")
        if hand.folded[position]:
            return Text("folded", style="dim")
        if hand.all_in(position):
            return Text("ALL-IN", style="bold magenta")
        return self.last_action.get(seat, Text(""))

    def _shown_cards(self) -> dict[int, tuple[Card, ...]]:
        shown: dict[int, tuple[Card, ...]] = {}
        for event in self.played.hand.events:
            if isinstance(event, events.HandsExposed):
                shown.update(dict(event.hands))
            elif isinstance(event, events.CardsShown):
                shown[event.player] = event.cards
        return shown


def turn_prompt(legal: LegalActions) -> Text:
    """The prompt of the player's turn: what calling costs and every legal action."""
    return Text.assemble(
        ("Your turn", "bold cyan"),
        (f"  {chips(legal.call)} to call" if legal.call else "", "yellow"),
        ":  ",
        (legal.describe(), "bold"),
        ("   (? help, q quit)", "dim"),
    )
