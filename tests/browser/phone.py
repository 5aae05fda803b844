"""What a person does with a phone at the table: taps, counted, and a few page look-ups."""

from __future__ import annotations

import re

from playwright.sync_api import Error as PlaywrightError
from playwright.sync_api import Locator, Page, expect


class Taps:
    """Taps a person makes on the page, counted so a test can hold a deal to a budget.

    Choosing a radio (by its label), a select, a button, a link or opening a <details> is one tap
    each; typing a number is one tap (into the field) whatever its length. A target that is not
    on the screen when it is wanted costs one more: the swipe that brings it there.
    """

    def __init__(self, page: Page, count_swipes: bool = True):
        self.page = page
        self.count = 0
        self.swipes = 0
        self.count_swipes = count_swipes

    def reset(self) -> int:
        """The taps since the last reset, and start counting again."""
        count, self.count = self.count, 0
        return count

    def tap(self, target: str | Locator) -> None:
        locator = self.page.locator(target) if isinstance(target, str) else target
        self.swipe_to(locator)
        locator.click()
        self.count += 1

    def swipe_to(self, locator: Locator) -> None:
        """Counts a swipe when ``locator`` is not wholly on the screen."""
        locator.first.wait_for(state="visible")
        box = locator.first.bounding_box()
        height = self.page.viewport_size["height"]
        off_screen = box is None or box["y"] < 0 or box["y"] + box["height"] > height
        if off_screen and self.count_swipes:
            self.count += 1
            self.swipes += 1

    def choose(self, name: str, value) -> None:
        """Taps the label of the radio ``name`` = ``value``, as a thumb does."""
        self.tap(radio_label(self.page, name, value))

    def enter(self, name: str, value) -> None:
        """Taps a key that enters the deal by its field (Rikken's tricks)."""
        self.tap(self.page.locator(f'button[name="{name}"][value="{value}"]'))

    def type(self, name: str, value) -> None:
        field = self.page.locator(f'input[name="{name}"]')
        self.swipe_to(field)
        field.click()
        self.count += 1
        field.fill(str(value))

    def button(self, text: str) -> None:
        self.tap(self.page.get_by_role("button", name=text, exact=True))

    def link(self, text: str, within: Locator | None = None) -> None:
        scope = within if within is not None else self.page
        self.tap(scope.get_by_role("link", name=text, exact=True))

    def open(self, summary: str) -> None:
        """Opens the <details> whose summary starts with ``summary``."""
        self.tap(self.page.locator("summary", has_text=summary))

    def key(self, points: int) -> None:
        """One of Marafon's point keys (team 1's points): the deal is entered at once."""
        self.tap(f'button.key[value="{points}"]')


def radio_label(page: Page, name: str, value) -> Locator:
    return page.locator(f'label:has(> input[type=radio][name="{name}"][value="{value}"])')


def radio(page: Page, name: str, value) -> Locator:
    return page.locator(f'input[type=radio][name="{name}"][value="{value}"]')


def start_match(
    page: Page, live_server, game: str, players: list[str], stake: str | None = None
) -> Taps:
    """From the home page: tap the game, fill in the players, start. Returns the taps made (a
    form filled once per match: its scrolling is not counted, unlike a deal's)."""
    taps = Taps(page, count_swipes=False)
    page.goto(live_server.url + "/")
    taps.tap(f'a[href="/new/{game}/"]')
    for seat, name in enumerate(players):
        taps.type(f"player_{seat}", name)
    if stake is not None:
        taps.type("stake", stake)
    taps.button("Start the match")
    page.wait_for_url(re.compile(r"/m/[^/]+/(#board)?$"))
    return taps


def expect_next_deal(page: Page, number: int) -> None:
    """The match page is back, asking for deal ``number``."""
    expect(page.locator("#entry-title")).to_have_text(f"Deal {number}")


# A deal's correction and undo links (its line's own link opens its explanation, for everyone).
CORRECTION_LINKS = 'a[href$="/edit/"], a[href$="/undo/"]'


def history_row(page: Page, number: int) -> Locator:
    # A Persian page numbers its deals in Persian digits.
    persian = str(number).translate(str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹"))
    return page.locator("#history tbody tr").filter(
        has=page.locator("td:first-child").get_by_text(re.compile(rf"^\s*({number}|{persian})\s*$"))
    )


def texts(page: Page, selector: str) -> list[str]:
    """The texts of what the selector finds, in order. A page drawn again while it is read (its
    queue sent, a reload asked by the live poll) is read again once it has loaded, rather than
    failing with "execution context was destroyed"."""
    for attempt in range(3):
        try:
            return [t.strip() for t in page.locator(selector).all_inner_texts()]
        except PlaywrightError as error:
            if "context was destroyed" not in str(error) or attempt == 2:
                raise
            page.wait_for_load_state()
    raise AssertionError("unreachable")


def totals(page: Page) -> list[str]:
    """The big numbers of the scoreboard, in order."""
    return texts(page, ".board .total .big")


def extras(page: Page) -> list[str]:
    """The small line under each big number (games won, chips, money)."""
    return texts(page, ".board .total .small")


def field_errors(page: Page, field: str) -> Locator:
    """The error messages shown next to a field (its wrapper is #f-<name>)."""
    return page.locator(f"#f-{field} .error")
