"""Each language's word for each concept, and the variants that drifted in before (issue 35).

A catalogue says one thing one way: the deal, the match, the dealer and the club's directors
have one word each in a language, and the games' own words are written as that language's
players write them (Japanese in katakana). The glossaries hold the games' terms; this list holds
the words the service itself uses around them, with the wrong variants a reviewer found, so that
a later batch of translations cannot drift back. ``tests/test_terms.py`` reads every catalogue
against it.

A rule is a concept, the language's word for it (said in a failure, and looked for: a word no
catalogue says any more is a stale rule), and the wrong variants as regular expressions (case
folded). ``contexts`` limits a rule to entries of those message contexts; ``except_contexts``
leaves those out (Etori's own دلال). A regional variant's rules read the whole of what its
phones read: its own catalogue over its language's."""

from __future__ import annotations

import re
from dataclasses import dataclass

# What a placeholder is read as: a word, in a character of no script (a private-use one).
WORD = "\ue000"
# A Japanese character, or a placeholder (WORD): a half-width parenthesis, colon, question or
# exclamation mark beside one is wrong in Japanese, where the catalogue writes （）：？！.
# (A colon between Latin letters, "Content-Type: application/json", is code and stays.)
_JA_HALF_WIDTH = r"[^\x00-\x7f] ?[():?!]|[():?!] ?[^\x00-\x7f]"
# The games' own words, which Japanese writes in katakana (バッテッツァンテ, not battezzante).
_LATIN_GAME_WORDS = (
    "battezzante", "marafona", "cappotto", "busso", "volo", "striscio", "bella", "brutte",
    "mandare", "albur", "negra", "capote", "capotín", "zapato", "renegar", "alleen",
    "troela", "misère", "piek", "rik", "beter", "schuppen", "schoppen", "mie", "praatje", "chiamo",
    "maso", "masi", "signore", "amico", "chiamata", "rensho",
)  # fmt: skip


@dataclass(frozen=True)
class Term:
    concept: str
    word: str
    wrong: tuple[str, ...]
    contexts: frozenset[str | None] | None = None
    except_contexts: frozenset[str] = frozenset()
    # The word is said as it stands (not a description of a kind of character, like "0-9").
    literal: bool = True

    def applies_to(self, context: str | None) -> bool:
        if self.contexts is not None and context not in self.contexts:
            return False
        return context not in self.except_contexts

    def wrong_in(self, text: str) -> list[str]:
        return [
            match.group(0)
            for pattern in self.wrong
            for match in re.finditer(pattern, text, flags=re.IGNORECASE)
        ]


def word(pattern: str) -> str:
    """A whole word: no Latin letter either side (Japanese may follow: "renshoを"), nor an
    underscore (an id of the API: "schuppen_mie")."""
    return rf"(?<![A-Za-zÀ-ɏ_]){pattern}(?![A-Za-zÀ-ɏ_])"


TERMS: dict[str, tuple[Term, ...]] = {
    "it": (
        Term("deal", "mano", (r"smazzat",)),
        Term(
            "match", "incontro", (r"partita a eliminazione", r"partit[ae] (al primo turno|vicine)")
        ),
        Term(
            "the club's directors", "direttori di gara", (r"direttori (del|di un|dei) circol[oi]",)
        ),
        Term("a table card", "cartellino", (r"sched[ae] de[il] tavol[oi]", r"metà della scheda")),
        Term("match points", "punti incontro", (r"punti partita",)),
        Term(
            "a solo contract",
            "contratto da solo",
            (
                r"\bun solo (può|il triplo)",
                r"^solo come prima",
            ),
        ),
    ),
    "es": (
        Term("match", "partida", (word("partidos?"),)),
        Term("the club's directors", "directores de torneo", (r"directores (del|de un|de) club",)),
        Term("phone", "móvil", (word("teléfonos?"),)),
        Term(
            "evening (the msgids' session too; a sign-in stays sesión)",
            "velada",
            (r"(?<!inicia )(?<!iniciar )(?<!iniciado )sesi[oó]n(es)?(?! iniciada| de cada)",),
        ),
        Term(
            "a table's side",
            "bando",
            (
                r"la otra parte",
                r"(no hay|intercambia\w*) (las )?partes",
                r"las partes (de esta mesa|equivocadas|se intercambian)",
                r"^partes intercambiadas",
            ),
        ),
        Term("what is left to play", "le falta jugar", (r"faltan jugar",)),
        Term(
            "a solo contract", "contrato en solitario", (r"\bun solo(?: puede|, el triple| como)",)
        ),
        Term(
            "the revoke (noun)",
            "renuncio",
            (r"^renegar$", r"se comprobó que se renegó"),
            contexts=frozenset({None}),  # Malilla's glossary keeps the players' verb, renegar
        ),
        Term("rating friendly matches", "incluir en el ranking", (r"^valorar las partidas",)),
    ),
    # Read as a phone sending es-MX reads it: the Spanish catalogue under the variant's.
    "es-mx": (
        Term("phone", "celular", (word("móvil(es)?"), word("teléfonos?"))),
        Term("not valid", "no es válido", (r"no vale para",)),
    ),
    "nl": (
        Term("dealer", "deler", (word("gever"),)),
        Term("partner", "maat", (word("partners?"),)),
        Term("kings", "heren", (word("koningen"),)),
        Term("round (plural)", "rondes", (word("ronden"),)),
        Term("ace of a suit", "aas van %(suit)s", (f"{WORD} aas",)),
        Term("who pays whom", "wie betaalt aan wie", (r"^wie betaalt wie$",)),
    ),
    "ja": (
        Term("full-width brackets and colon", "（）：", (_JA_HALF_WIDTH,), literal=False),
        Term(
            "the games' own words in katakana",
            "バッテッツァンテ",
            tuple(map(word, _LATIN_GAME_WORDS)),
        ),
        Term("Rikken's blind man", "ダミー", (r"ブラインドマン",)),
        Term("Marafon's figures", "得点札", (r"フィギュア",)),
        Term("match", "マッチ", (r"試合",)),
        Term("entrants, counted", "参加者%(n)s人", (f"参加者{WORD}(?!人)",)),
        Term("Etori's teams", "チーム", (r"ペア",), contexts=frozenset({"Etori"})),
        Term("Etori's honours (aces too: not the face cards, 絵札)", "役札", (r"絵札",)),
        Term("evening", "セッション", (r"イブニング",)),
        Term("phone", "端末", (r"電話", r"スマホ", r"スマートフォン", r"携帯")),
        # 再開 reads "resume": right for the service back in a moment, not for a locked result.
        Term("reopening a locked result", "確定を解除", (r"(?<!まもなく)再開",)),
        Term(
            "confirming a result",
            "承認",
            (r"^確認：", r"[がを]確認します", r"確認した結果", r"確認するまで", r"確認するのは"),
        ),
        Term("entrants are people or pairs, not things", "参加登録", (r"件の参加者",)),
    ),
    "fa": (
        Term("dealer", "دیلر", (r"پخش\u200cکننده", r"پخش کننده", r"کارت پخش")),
        Term("evening", "شب بازی", (r"جلسه",)),
        Term(
            "digits: the catalogue's own, shown in Persian by the pages",
            "0-9",
            (r"[۰-۹٠-٩]",),
            literal=False,
        ),
        Term("plain speech", "سازگار نیست", (r"جور درنمی", r"مال شما", r"دربیاید")),
        Term("deal (دست is a hand of cards)", "تقسیم کارت", (r"دست\u200cها",)),
        Term("phone", "گوشی", (r"تلفن",)),
        Term("house rules", "قوانین داخلی", (r"قوانین خانگی", r"قانون خانگی")),
        Term("Rikken's blind man: the dummy", "دست مرده", (r"نابینا",)),
        Term("the first speaker bids (a tender is no bid)", "پیشنهاد", (r"مناقصه",)),
        Term("Etori's dealing pair only", "دیلر", (r"دلال",), except_contexts=frozenset({"Etori"})),
    ),
}

# A message whose word is fixed by its context: (language, context, msgid) -> the translation.
FIXED = {
    ("it", "table status", "Scoring"): "In corso",
    ("es", "table status", "Scoring"): "En juego",
    ("nl", "table status", "Scoring"): "Bezig",
    # The Latin suits are no coriander and no teacup (the French clubs stay گشنیز).
    ("fa", "Latin suit", "Clubs"): "گرز",
    ("fa", None, "Cups"): "جام",
}


def wrong_terms(language: str, entries) -> list[str]:
    """What a catalogue's ``entries`` ((context, msgid, translations)) say that the language's
    term list says otherwise."""
    found = []
    for context, msgid, strings in entries:
        for term in TERMS.get(language, ()):
            if not term.applies_to(context):
                continue
            for text in strings:
                # A count stands for a number ("%(count)s aas" is one ace, or three); any other
                # placeholder for a word ("%(pair)s:" is a colon after a word), and its name is
                # no word of the language ("%(partner)s").
                text = re.sub(r"%\(count\)[sd]", "1", text)
                text = re.sub(r"%\(\w+\)[sd]|%[sd]", WORD, text)
                for slip in term.wrong_in(text):
                    found.append(f"{term.concept}: {slip!r} in {msgid[:50]!r} (use {term.word})")
    return found
