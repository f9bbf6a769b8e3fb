"""What the lobby shows for each game, preset, rule option and bot level, in German and English
(docs/web.md, "The lobby's options"). Served in ``/api/games`` so the page never shows an
identifier; ``tests/web/test_lobby_options.py`` fails when an option, a choice or a level has
no words here. Each entry: ``(German, English)``; an option's ``help`` is one line saying what
it means, with the rule it comes from."""

from __future__ import annotations

from typing import Any

Pair = tuple[str, str]

GAMES: dict[str, Pair] = {
    "schnapsen": ("Schnapsen (zu zweit)", "Schnapsen (two players)"),
    "bauernschnapsen": ("Bauernschnapsen (zu viert)", "Bauernschnapsen (four players)"),
    "dreierschnapsen": ("Dreierschnapsen (zu dritt)", "Dreierschnapsen (three players)"),
    "jass": ("Schieber-Jass (zu viert)", "Schieber Jass (four players)"),
}
ORDER = ("schnapsen", "bauernschnapsen", "dreierschnapsen", "jass")
"""The games as the lobby lists them: Schnapsen first."""

PRESETS: dict[str, dict[str, tuple[Pair, Pair]]] = {
    # game -> preset -> ((label de, en), (help de, en))
    "schnapsen": {
        "soft": (("Weich", "Soft"), ("Eigene Stiche ansehen, Melden und Austauschen vor dem "
                                     "ersten Stich erlaubt (S-11)",
                                     "Look at your tricks; marriage and exchange allowed "
                                     "before the first trick (S-11)")),
        "sharp": (("Scharf", "Sharp"), ("Kein Zurückschauen, Melden erst nach einem Stich, "
                                        "nach dem Melden den König ausspielen (S-11)",
                                        "No looking back; marriage only after a trick, lead "
                                        "the King after it (S-11)")),
        "tournament": (("Turnier", "Tournament"), ("Scharf, ein Schneider zählt nur einen "
                                                   "Bummerl (S-10, S-11)",
                                                   "Sharp, a Schneider counts one Bummerl "
                                                   "only (S-10, S-11)")),
        "vu": (("VU-Paket", "VU package"), ("Die Regeln des Pakets schnapsen (VU Amsterdam): "
                                            "kein Zudrehen, Austauschen bis zuletzt, nach dem "
                                            "Melden den König ausspielen",
                                            "The schnapsen package's rules (VU Amsterdam): no "
                                            "closing, exchange to the last, lead the King "
                                            "after a marriage")),
    },
    "bauernschnapsen": {
        "standard": (("Standard", "Standard"), ("Alle zwölf Spiele (B-5)",
                                                "All twelve contracts (B-5)")),
        "club": (("Wirtshaus", "Club"), ("Ohne Farbenringerl und Herrenschnapser (B-5)",
                                         "Without Farbenringerl and Herrenschnapser (B-5)")),
    },
    "dreierschnapsen": {
        "standard": (("Standard", "Standard"), ("Alle zwölf Spiele (B-5, D-1)",
                                                "All twelve contracts (B-5, D-1)")),
        "club": (("Wirtshaus", "Club"), ("Ohne Farbenringerl und Herrenschnapser (B-5)",
                                         "Without Farbenringerl and Herrenschnapser (B-5)")),
    },
    "jass": {
        "standard": (("Standard", "Standard"), ("Faktoren 1, 2, 3, 4; bis 2500 (J-9)",
                                                "Factors 1, 2, 3, 4; to 2500 (J-9)")),
        "swisslos": (("Swisslos", "Swisslos"), ("Faktoren 1, 2, 3, 3 (J-9)",
                                                "Factors 1, 2, 3, 3 (J-9)")),
        "turnier": (("Turnier", "Tournament"), ("Alle Faktoren 1; bis 1000 (J-9)",
                                                "Every factor 1; to 1000 (J-9)")),
    },
}

ON_OFF: dict[str, Pair] = {"on": ("an", "on"), "off": ("aus", "off")}

_CONTRACT_OPTIONS: dict[str, tuple[Pair, Pair, dict[str, Pair]]] = {
    "trump_must_be_held": (("Trumpf muss in der Hand sein", "Trump must be held"),
                           ("Wer Trumpf ansagt, muss eine Karte dieser Farbe halten (B-2)",
                            "Whoever names trump must hold a card of that suit (B-2)"), {}),
    "must_overtrump": (("Stechzwang mit Übertrumpfen", "Must overtrump"),
                       ("Wer nicht bedienen kann, muss höher trumpfen als der Stich (B-4)",
                        "A player who cannot follow must beat a trump in the trick (B-4)"),
                       {}),
    "contracts": (("Erlaubte Spiele", "Contracts allowed"),
                  ("Welche Spiele angesagt werden dürfen (B-5)",
                   "Which contracts may be announced (B-5)"), {
                      "bettler": ("Bettler", "Bettler (take no trick)"),
                      "assenbettler": ("Assenbettler", "Assenbettler (no trick, Ace low)"),
                      "schnapser": ("Schnapser", "Schnapser (66 in three tricks)"),
                      "plauderer": ("Plauderer", "Plauderer (no trick, cards open)"),
                      "gang": ("Gang", "Gang (all five tricks)"),
                      "zehnergang": ("Zehnergang", "Zehnergang (all tricks, Ace low)"),
                      "kontraschnapser": ("Kontraschnapser", "Kontraschnapser (against the "
                                                             "caller)"),
                      "bauernschnapser": ("Bauernschnapser", "Bauernschnapser (all tricks, "
                                                             "trump)"),
                      "bauernloch": ("Bauernloch", "Bauernloch (all tricks, Ace low)"),
                      "farbenringerl": ("Farbenringerl", "Farbenringerl (a whole suit shown)"),
                      "kontrabauernschnapser": ("Kontrabauernschnapser",
                                                "Kontrabauernschnapser (all tricks, against "
                                                "the caller)"),
                      "herrenschnapser": ("Herrenschnapser", "Herrenschnapser (all five "
                                                             "trumps shown)"),
                  }),
    "plauderer": (("Plauderer: wer sieht welche Karten", "Plauderer: who sees which cards"),
                  ("Wie offen der Plauderer gespielt wird (B-5)",
                   "How open the Plauderer is played (B-5)"), {
                      "declarer_open": ("Spieler legt nach dem ersten Stich offen",
                                        "the declarer's cards open after the first trick"),
                      "opponents_open_after_first": ("Gegner legen nach dem ersten Stich offen",
                                                     "the opponents' cards open after the "
                                                     "first trick"),
                      "opponents_confer": ("Gegner sehen einander von Anfang an",
                                           "the opponents see each other's cards from the "
                                           "start"),
                  }),
    "assenbettler": (("Assenbettler", "Assenbettler"),
                     ("Wo das Ass im Assenbettler steht (B-5)",
                      "Where the Ace ranks in the Assenbettler (B-5)"), {
                         "ace_low": ("Ass ist die niedrigste Karte", "the Ace ranks lowest"),
                         "must_hold_ace": ("normale Reihenfolge, nur wer ein Ass hat",
                                           "normal order, only a player holding an Ace"),
                     }),
    "count_down": (("Von 24 abwärts zählen", "Count down from 24"),
                   ("Derselbe Wettlauf, von 24 bis 0 angeschrieben (B-7)",
                    "The same race, written from 24 down to 0 (B-7)"), {}),
    "match_bummerl": (("Bummerl pro Partie", "Bummerl per match"),
                      ("Die Partie endet, wenn eine Seite so viele Bummerl hat (B-7)",
                       "The match ends once a side holds this many Bummerl (B-7)"), {}),
}

OPTIONS: dict[str, dict[str, tuple[Pair, Pair, dict[str, Pair]]]] = {
    # game -> option -> ((label de, en), (help de, en), {choice: (de, en)})
    "schnapsen": {
        "marriage_before_first_trick": (
            ("Melden vor dem ersten Stich", "Marriage before the first trick"),
            ("Ein Paar darf gemeldet werden, bevor man einen Stich hat; es zählt erst danach "
             "(S-5, S-11)", "A marriage may be shown before winning a trick; it counts once "
             "one is won (S-5, S-11)"), {}),
        "marriage_lead": (
            ("Ausspielen nach dem Melden", "Lead after a marriage"),
            ("Welche Karte des Paars man nach dem Melden ausspielt (S-11)",
             "Which card of the marriage is led after showing it (S-11)"), {
                "king_or_queen": ("König oder Dame", "King or Queen"),
                "king": ("nur der König", "the King"),
            }),
        "exchange_before_first_trick": (
            ("Austauschen vor dem ersten Stich", "Exchange before the first trick"),
            ("Den Trumpf-Buben gegen die aufgedeckte Karte tauschen, schon vor dem ersten "
             "Stich (S-6, S-11)", "Exchange the trump Jack for the turned-up card before the "
             "first trick too (S-6, S-11)"), {}),
        "exchange_at_two": (
            ("Austauschen bei zwei Karten im Talon", "Exchange with two cards in the stock"),
            ("Austauschen auch, wenn nur noch zwei Karten im Talon liegen (S-6)",
             "Exchange even when only two cards are left in the stock (S-6)"), {}),
        "close_at_two": (
            ("Zudrehen bei zwei Karten im Talon", "Close with two cards in the stock"),
            ("Zudrehen auch, wenn nur noch zwei Karten im Talon liegen (S-7, S-11)",
             "Close even when only two cards are left in the stock (S-7, S-11)"), {}),
        "closing": (
            ("Zudrehen", "Closing"),
            ("Man darf den Talon zudrehen (S-7)", "A player may close the stock (S-7)"), {}),
        "trick_review": (
            ("Stiche ansehen", "Look at tricks"),
            ("Man sieht seine Stiche, den letzten Stich und seinen Punktestand (S-11)",
             "A player sees his tricks, the last trick and his points (S-11)"), {}),
        "false_claim": (
            ("Falsch abgemeldet", "A false claim"),
            ("Was der Gegner bekommt, wenn jemand mit weniger als 66 abmeldet (S-8)",
             "What the opponent scores when a player claims with fewer than 66 (S-8)"), {
                "table": ("so viel, wie der Abmeldende bekommen hätte",
                          "what the claimer would have scored"),
                "pagat": ("2, oder 3 ohne Stich", "2, or 3 without a trick"),
                "none": ("Abmelden erst mit 66", "no claim below 66"),
            }),
        "bummerl_start": (
            ("Startwert des Bummerls", "Bummerl starts at"),
            ("Von wie vielen Punkten jeder abwärts zählt (S-10)",
             "The count each player starts from and counts down (S-10)"), {}),
        "schneider_bummerl": (
            ("Bummerl für einen Schneider", "Bummerl for a Schneider"),
            ("Wie viele Bummerl ein Schneider zählt (S-10)",
             "How many Bummerl a Schneider counts (S-10)"), {
                "2": ("zwei", "two"), "1": ("einer", "one"),
            }),
        "rubber": (
            ("Bummerl für die Partie", "Bummerl for the rubber"),
            ("Wer dem anderen so viele Bummerl gibt, gewinnt die Partie (S-10)",
             "Whoever gives the other this many Bummerl wins the rubber (S-10)"), {
                "2": ("zwei", "two"), "3": ("drei", "three"), "1": ("einer", "one"),
            }),
    },
    "bauernschnapsen": {
        **_CONTRACT_OPTIONS,
        "bettler_partner_sits_out": (
            ("Partner setzt beim Bettler aus", "Partner sits out in a Bettler"),
            ("Bei Bettler, Assenbettler und Plauderer legt der Partner die Karten weg (B-5)",
             "In Bettler, Assenbettler and Plauderer the declarer's partner lays his cards "
             "aside (B-5)"), {}),
        "schnapser_with_partner": (
            ("Schnapser mit Mann", "Schnapser with partner"),
            ("Im Schnapser darf auch der Partner Stiche machen (B-5)",
             "In a Schnapser the partner may take tricks too (B-5)"), {}),
    },
    "dreierschnapsen": {
        **_CONTRACT_OPTIONS,
        "raise_before_talon": (
            ("Erhöhen vor dem Talon", "Raise before the talon"),
            ("Wer überboten wurde, darf vor dem Talon noch einmal erhöhen (D-1)",
             "A bidder who was outbid may raise again before the talon is taken (D-1)"), {}),
        "raise_after_talon": (
            ("Erhöhen nach dem Talon", "Raise after the talon"),
            ("Der Spieler darf nach dem Talon einmal erhöhen, vor der ersten Karte (D-1)",
             "The declarer may raise once after seeing the talon, before the first card "
             "(D-1)"), {}),
    },
    "jass": {
        "target": (("Zielpunkte", "Target"),
                   ("Die Partie gewinnt, wer zuerst so viele Punkte hat (J-8)",
                    "The first team to reach this many points wins (J-8)"),
                   {str(n): (str(n), str(n)) for n in (1000, 1500, 2000, 2500, 3000)}),
        "multipliers": (("Faktoren", "Factors"),
                        ("Vier Zahlen: Rosen/Eicheln, Schilten/Schellen, Obenabe, Undenufe, "
                         "z. B. 1,2,3,4 (J-9)", "Four numbers: Rosen/Eicheln, "
                         "Schilten/Schellen, Obenabe, Undenufe, e.g. 1,2,3,4 (J-9)"), {}),
        "match_bonus": (("Matchzuschlag", "Match bonus"),
                        ("Punkte extra für alle neun Stiche (J-7)",
                         "Points added for taking all nine tricks (J-7)"), {}),
        "weis": (("Weisen", "Weis"), ("Folgen und Vierlinge werden gezählt (J-5)",
                                      "Sequences and four of a kind are counted (J-5)"), {}),
        "stoeck": (("Stöck", "Stöck"), ("König und Dame im Trumpf zählen 20 (J-6)",
                                        "King and Queen of trump count 20 (J-6)"), {}),
        "four_of_a_kind_low": (("Vier Achter, Siebner, Sechser zählen", "Low four of a kind count"),
                               ("Vier Achter, Siebner oder Sechser zählen als Weis (J-5)",
                                "Four 8s, 7s or 6s count as a Weis (J-5)"), {}),
    },
}

LEVELS: dict[str, tuple[Pair, Pair]] = {
    # level -> ((name de, en), (one line de, en))
    "random": (("Anfänger", "Beginner"),
               ("Spielt irgendeine erlaubte Karte", "Plays any legal card at random")),
    "rules": (("Gelegenheitsspieler", "Casual player"),
              ("Spielt nach Faustregeln, schnell", "Plays by rules of thumb, quickly")),
    "pimc": (("Fortgeschritten", "Advanced"),
             ("Rechnet viele mögliche Verteilungen der Karten durch",
              "Works out many possible deals of the hidden cards")),
    "pvpimc": (("Fortgeschritten, vermutete Werte", "Advanced, presumed values"),
               ("Wie Fortgeschritten, ohne anzunehmen, dass der Gegner die eigenen Karten kennt",
                "As Advanced, without presuming that the opponent sees its cards")),
    "ismcts": (("Fortgeschritten, Suchbaum", "Advanced, search tree"),
               ("Wie Fortgeschritten, doch ohne anzunehmen, alle Karten zu sehen",
                "As Advanced, without presuming that it sees every card")),
    "expert": (("Experte", "Expert"),
               ("Wie Fortgeschritten, und liest aus dem Spiel der anderen, was sie halten",
                "As Advanced, and reads the others' play for what they hold")),
}


def _pair(words: Pair) -> dict[str, str]:
    return {"de": words[0], "en": words[1]}


def game_words(game: str, options: list[str], levels: list[str]) -> dict[str, Any]:
    """The words of one game for ``/api/games``; a KeyError names what has none."""
    return {
        "game": _pair(GAMES[game]),
        "presets": {name: {"label": _pair(label), "help": _pair(help_)}
                    for name, (label, help_) in PRESETS[game].items()},
        "options": {name: {"label": _pair(OPTIONS[game][name][0]),
                           "help": _pair(OPTIONS[game][name][1]),
                           "choices": {value: _pair(words)
                                       for value, words in OPTIONS[game][name][2].items()}}
                    for name in options},
        "switch": {value: _pair(words) for value, words in ON_OFF.items()},
        "bots": {level: {"label": _pair(LEVELS[level][0]), "help": _pair(LEVELS[level][1])}
                 for level in levels},
    }
