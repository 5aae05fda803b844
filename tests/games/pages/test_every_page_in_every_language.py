"""Issue 27: every page says every word in the reader's language. Each page the site serves is
rendered, with something on it (tests/factories.py ``site_with_everything``), in Italian,
Spanish, Dutch, Japanese and Persian, and its words are read: the text, and what a screen reader
or a tooltip says. A word that is English (a word of the catalogues' English, or an internal id
such as ``solo_8``) and that the language's own catalogue never says is a leftover; in Japanese
and Persian any word in Latin letters is. Names and proper nouns are allowed (the players' and
clubs' names, and an allow-list). A Persian page also writes its numbers in Persian digits."""

from __future__ import annotations

import re
from html.parser import HTMLParser

import pytest
from django.conf import settings
from django.test import Client
from django.utils.translation import trans_real

from tests.factories import SEATED, site_with_everything
from tests.routes import routes
from tests.translations import back_to_english

pytestmark = [pytest.mark.django_db, pytest.mark.slow]

# Mexican Spanish too: its catalogue says only what Mexico says otherwise, so its pages are
# read with the Spanish catalogue's words as well as its own.
LANGUAGES = ("it", "es", "es-mx", "nl", "ja", "fa")
# Languages that write no word of their own in Latin letters.
NOT_LATIN = ("ja", "fa")

# A word: letters only, not part of a key, an id or an address ("R6oD_qwu8T").
WORD = re.compile(r"(?<![\w/.])[A-Za-zÀ-ɏ]+(?:['’][A-Za-zÀ-ɏ]+)*(?![\w/])")
# An internal id: a word with an underscore ("solo_8", "round_robin").
IDENT = re.compile(r"\b[a-z]+_[a-z0-9_]+\b")
ADDRESS = re.compile(r"https?://\S+|(?<!\w)/[\w/.?=&%-]+")

# Proper nouns every language keeps: the games and their families, tie-breaks named after their
# makers, initials; and Rikken's special games, which every catalogue calls by their Dutch names.
ALLOWED = {
    word.casefold()
    for word in [
        *["Marafon", "Beccaccino", "Trionfo", "Malilla", "Manilla", "Macau", "Rikken", "Etori"],
        *["Buchholz", "Sonneborn", "Berger", "QR", "API", "CSV", "JSON", "OK"],
        *["schuppen", "mie", "en", "één", "vijf", "elf", "drie"],
    ]
}
# Each language's button says its name in that language.
ALLOWED |= {w.casefold() for _code, name in settings.LANGUAGES for w in WORD.findall(name)}
# Words a language shares with English (the same word, the same meaning), as its catalogue
# writes them.
SHARED = {
    "it": {"password", "bonus", "privacy"},
    "es": {"director", "individual", "extra", "solos", "similar", "tokens"},
    "nl": {
        "site", "account", "status", "link", "scan", "bonus", "claim", "claims", "stop", "hand",
        "november", "won", "teams", "scores", "ratings", "letters", "solo", "privacy", "export",
        "tokens",
        "ladder", "top",
    },
}  # fmt: skip
# The contexts under which the catalogues keep the games' own words (pgettext): a language
# keeps them as the game's players say them ("alleen", "troela", "le brutte").
GAME_CONTEXTS = {
    "Etori", "Malilla", "Malilla bonus", "Malilla variant", "Marafon-Beccaccino", "Rikken",
    "Rikken contract", "Trionfo", "Trionfo bid",
}  # fmt: skip

# What a reader hears or sees besides the text.
SAID_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
# Not read as words: scripts, and a text area's value (typed, like an input's value: a club's
# contract table is written as its contracts' slugs).
SILENT = {"script", "style", "template", "textarea"}
# Text kept as written, digits and all: code, and a name in <bdi>.
AS_WRITTEN = {"code", "pre", "kbd", "samp", "bdi"}


class Words(HTMLParser):
    """The text a person reads or hears on a page; apart, the text that should be written in
    the language's digits."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.parts: list[str] = []
        self.numbers: list[str] = []
        self.silent = self.as_written = 0

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        self.silent += tag in SILENT
        self.as_written += tag in AS_WRITTEN
        said = [attrs[a] for a in SAID_ATTRIBUTES if attrs.get(a)]
        if tag == "input" and attrs.get("type") in ("submit", "button") and attrs.get("value"):
            said.append(attrs["value"])
        if attrs.get("id") == "offline-words":  # what the offline script says, {n} aside
            said += [re.sub(r"\{\w+\}", " ", v) for k, v in attrs.items() if k[:5] == "data-"]
        self.parts += said
        self.numbers += said

    def handle_endtag(self, tag):
        self.silent -= tag in SILENT
        self.as_written -= tag in AS_WRITTEN

    def handle_data(self, data):
        if not self.silent:
            self.parts.append(data)
            if not self.as_written:
                self.numbers.append(data)


def read(html: str) -> Words:
    reader = Words()
    reader.feed(html)
    return reader


def _words(text: str) -> set[str]:
    text = re.sub(r"%\(\w+\)[sdif]|%[sdif]|\{\{?\s*\w+\s*\}?\}|\{\w+\}", " ", text)
    return {w.casefold() for w in WORD.findall(text)}


def vocabularies(language: str) -> tuple[set[str], set[str]]:
    """(English, the language's own): the words of every catalogue's English, and the words
    the language's translations say. A word a translation only copies from its English
    ("Scorekeeper" kept as "Scorekeeper") is not the language's own, unless the entry is one of
    the games' words (a term, a contract, a glossary line)."""
    english: set[str] = set()
    own: set[str] = set()
    base = language.split("-")[0]  # a regional variant falls back to its language's catalogue
    catalogues = dict.fromkeys([language, base])
    pairs = [item for code in catalogues for item in trans_real.translation(code)._catalog.items()]
    for key, value in pairs:
        msgid = key[0] if isinstance(key, tuple) else key
        context, _, msgid = msgid.rpartition("\x04")
        if not msgid or not value:
            continue
        said = _words(msgid)
        english |= said
        own |= _words(value) if context in GAME_CONTEXTS else _words(value) - said
    return english, own | SHARED.get(base, set())


VOCABULARIES: dict[str, tuple[set[str], set[str]]] = {}


def leftovers(text: str, language: str, names: set[str]) -> list[str]:
    """The English words and internal ids in ``text``, a page's words in ``language``."""
    if language not in VOCABULARIES:
        VOCABULARIES[language] = vocabularies(language)
    english, own = VOCABULARIES[language]
    text = ADDRESS.sub(" ", text)
    found = [m.group(0) for m in IDENT.finditer(text) if m.group(0).casefold() not in names]
    for word in WORD.findall(text):
        folded = word.casefold()
        if len(word) == 1 or folded in names or folded in ALLOWED or folded in own:
            continue
        if folded in english or language in NOT_LATIN:
            found.append(word)
    return sorted(set(found))


def western_digits(text: str) -> list[str]:
    """Numbers in Western digits, addresses aside."""
    return re.findall(r"[0-9]+", ADDRESS.sub(" ", text))


@pytest.fixture
def site(django_user_model, django_capture_on_commit_callbacks):
    from datetime import date

    from games.services.seasons import season_create, season_event_add

    site = site_with_everything(django_user_model, django_capture_on_commit_callbacks)
    site["season"] = season_create(
        club=site["club"], user=site["director"], name="Spring", starts_on=date(2000, 1, 1),
        ends_on=date(2100, 1, 1), public=True,
    )  # fmt: skip
    with django_capture_on_commit_callbacks(execute=True):  # the standing computed
        season_event_add(
            season=site["season"], user=site["director"], tournament=site["tournament"].public_id
        )
    return site


def pages(site) -> dict[str, list[str]]:
    """Every page the site serves, by its route's name: the addresses that show it."""
    matches = site["matches"]
    table = site["table"]
    tournament = site["tournament"].public_id
    evening = site["evening"].session.public_id
    member = site["members"][1].pk
    club = site["club"].slug
    every_match = [m.match.public_id for m in matches.values()] + [table.match.public_id]
    return {
        "home": ["/"],
        "offline": ["/offline/"],
        "new": [f"/new/{g}/" for g in SEATED] + ["/new/rikken/?preset=rikken-penalty-points"],
        "glossary": [f"/games/{g}/glossary/" for g in SEATED],
        "match": [f"/m/{m}/" for m in every_match],
        "history": [f"/m/{m}/history/" for m in every_match],
        "deal": [f"/m/{m}/deals/1/" for m in every_match],
        "deal-edit": [f"/m/{m}/deals/1/edit/" for m in every_match],
        "deal-undo": [f"/m/{m.match.public_id}/deals/1/undo/" for m in matches.values()],
        "settlement": [f"/m/{matches[g].match.public_id}/settle/" for g in ("rikken", "trionfo")],
        "table-confirm": [f"/m/{table.match.public_id}/confirm/"],
        "match-chart": [f"/m/{m}/chart/" for m in every_match],
        "session-new": ["/s/new/"],
        "session": [f"/s/{evening}/"],
        "player": [f"/p/{member}/", f"/p/{site['members'][0].pk}/"],
        "club-ratings": [f"/c/{club}/ratings/?game=rikken"],
        "rating-history": [f"/c/{club}/ratings/rikken/{member}/"],
        "login": ["/accounts/login/"],
        "signup": ["/accounts/signup/"],
        "tournaments": ["/tournaments/"],
        "tournament": [f"/t/{tournament}/"],
        "tournament-live": [f"/t/{tournament}/live/"],
        "tournament-results": [f"/t/{tournament}/results/"],
        "director": ["/director/"],
        "tournament-new": ["/director/new/"],
        "club": [f"/director/c/{club}/"],
        "director-tournament": [f"/director/t/{tournament}/"],
        "table-cards": [f"/director/t/{tournament}/rounds/1/cards/"],
        "privacy": ["/privacy/"],
        "season": [f"/season/{site['season'].public_id}/"],
        "season-member": [f"/season/{site['season'].public_id}/m/{member}/"],
        "club-seasons": [f"/director/c/{club}/seasons/"],
        "season-director": [f"/director/season/{site['season'].public_id}/"],
        # A member's, and the director's own (its account, the club it alone directs).
        "player-erase": [f"/p/{member}/erase/", f"/p/{site['members'][0].pk}/erase/"],
    }


# Routes that show no page of their own: a script, a manifest, a version for the poll, links
# that keep a key and lead on, and forms' targets that answer POST only.
NOT_PAGES = {
    "service-worker", "manifest", "version", "tournament-version", "edit-link", "deal-new",
    "confirm-link", "table-dispute", "table-reopen", "table-scorer", "session-edit-link",
    "session-next", "session-settle", "session-paid", "player-privacy", "club-options", "logout",
    "club-new", "club-director-add", "club-members-add", "club-members-merge", "entrants-add",
    "entrants-all", "entrant-status", "round-draw", "tournament-rounds", "round-take-back",
    "director-confirm", "club-rules-add", "table-swap",
    "match-delete", "session-delete", "tournament-delete", "club-delete", "club-export",
    "player-data", "season-event-attach", "season-event-detach",
}  # fmt: skip
# Pages a signed-in phone is sent past.
SIGNED_OUT = {"login", "signup"}
# The foot of every page: a link to the privacy page (its words are read with the page's).
PRIVACY_FOOT = re.compile(r'<p class="foot"><a href="/privacy/">[^<]+</a></p>')


def phone(site, signed_in: bool) -> Client:
    """A phone holding every match's edit link and the table's confirmation link, signed in as
    the club's director (or not)."""
    client = Client()
    if signed_in:
        client.force_login(site["director"])
    for created in site["matches"].values():
        client.get(f"/m/{created.match.public_id}/edit/{created.edit_key}/")
    evening = site["evening"]
    client.get(f"/s/{evening.session.public_id}/edit/{evening.edit_key}/")
    table = site["table"].match.public_id
    client.get(f"/m/{table}/edit/{site['scoring_key']}/")
    client.get(f"/m/{table}/confirm/{site['confirm_key']}/")
    return client


def names_in(site) -> set[str]:
    said = {"td_anna", "De Zwaan", "Drive", "Zwaan", "Spring"}
    said |= {m.name for m in site["members"]}
    said |= {name for seated in SEATED.values() for name in seated}
    return {w.casefold() for name in said for w in [name, *WORD.findall(name)]}


def test_the_walk_visits_every_page_the_site_serves(site):
    served = {name for name, pattern in routes() if not pattern.startswith(("api/", "i18n/"))}
    assert served - NOT_PAGES == set(pages(site))


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_page_says_every_word_in_its_language(site, language):
    names = names_in(site)
    signed_in, signed_out = phone(site, signed_in=True), phone(site, signed_in=False)
    words, digits, unlinked = {}, {}, []
    try:
        for name, addresses in pages(site).items():
            for address in addresses:
                client = signed_out if name in SIGNED_OUT else signed_in
                page = client.get(address, HTTP_ACCEPT_LANGUAGE=language)
                assert page.status_code == 200, (address, page.status_code)
                assert page["Content-Language"] == language
                # Issue 31: every page's foot links the privacy page, in the page's language.
                if PRIVACY_FOOT.search(page.content.decode()) is None:
                    unlinked.append(address)
                said = read(page.content.decode())
                left = leftovers("\n".join(said.parts), language, names)
                if left:
                    words[address] = left
                western = western_digits("\n".join(said.numbers))
                if language == "fa" and western:
                    digits[address] = western
    finally:
        back_to_english()
    assert words == {}
    assert digits == {}
    assert unlinked == []


@pytest.mark.parametrize(
    ("language", "text", "left"),
    [
        ("nl", "Scorekeeper · Toernooien", ["Scorekeeper"]),
        ("it", "Rikken in penalty points", ["penalty", "points"]),
        ("ja", "Anna (director td_anna)", ["director"]),
        ("fa", "۷ misere · rik_beter", ["misere", "rik_beter"]),
        ("es", "Triunfo: hearts", ["hearts"]),
        ("it", "Il rating è la stima prudente di openskill (mu − 3σ)", ["mu"]),
        ("it", "Rik beter Anna met Cor · Piek · le brutte", []),
        ("nl", "Wedstrijdleider · Puntenteller · 25 november 2026", []),
    ],
)
def test_the_reading_finds_english_words_and_ids_and_leaves_the_language_own(language, text, left):
    """The issue's leftovers are found; a language's own words and the games' words are not."""
    try:
        assert leftovers(text, language, {"anna", "td_anna", "cor"}) == left
    finally:
        back_to_english()
