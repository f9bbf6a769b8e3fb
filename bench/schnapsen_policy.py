"""Fit the expert's learnt model of a searching opponent in Schnapsen
(``stich.bots.expert.policy``) to a bot's decisions in saved arena matches, and test it.

    stich arena schnapsen pimc pimc --matches 80 --nodes 4000000 --seed 900 --out DIR
    python bench/schnapsen_policy.py fit DIR [DIR ...] [--bot pimc] [--holdout 0.2]
        [--write [--out F]]
    python bench/schnapsen_policy.py test DIR [DIR ...] [--bot pimc]

``fit`` replays every deal, takes each decision of ``--bot`` that the expert's inference
models (``inference.informative``: every choice while the stock is open, and any choice other
than a card) with more than one legal action, and fits the conditional logit's weights by
maximum likelihood (Newton's method, a small ridge) on the matches outside the held-out share;
it prints the held-out log likelihood per decision and how often the model's likeliest action
is the one taken, against the uniform model. ``--write`` stores the weights, fitted on every
match, in ``src/stich/bots/expert/schnapsen_policy.json``. ``test`` prints the same figures
for the stored weights (on matches it was not fitted to, for an honest figure).
Needs numpy (the ``bench`` extra); the bot itself reads the weights with the standard library.
"""

from __future__ import annotations

import argparse
import json
import math
import time
from pathlib import Path
from typing import Any

import numpy as np

from stich.bots.expert.inference import informative
from stich.bots.expert.policy import FEATURES, features, weights
from stich.core.actions import Action
from stich.core.records import DealRecord
from stich.schnapsen.game import Schnapsen

OUT = Path(__file__).resolve().parent.parent / "src/stich/bots/expert/schnapsen_policy.json"
RIDGE = 1e-3
"""The ridge per decision (keeps weights of features seen rarely, or never, near zero)."""

Decision = tuple[list[list[float]], int]


def decisions(folders: list[Path], bot: str) -> list[tuple[str, list[Decision]]]:
    """Per match file: every modelled decision of ``bot``, as each legal action's features and
    the index of the one taken."""
    out = []
    for folder in folders:
        for path in sorted((folder / "matches").glob("*.json")):
            match: dict[str, Any] = json.loads(path.read_text())
            found: list[Decision] = []
            for deal in match["deals"]:
                game = Schnapsen.from_record(DealRecord.from_dict(deal))
                for actor, text in deal["actions"]:
                    action = Action.parse(text)
                    legal = game.legal_actions()
                    if (deal["seats"][actor] == bot and len(legal) > 1
                            and informative(game, action)):
                        found.append(([features(game, a, legal) for a in legal],
                                      legal.index(action)))
                    game.apply(action)
            out.append((f"{folder.name}/{path.name}", found))
    return out


def arrays(data: list[Decision]) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Features padded to the most legal actions (decisions x actions x features), a mask of
    the real actions, and the index taken."""
    width = max(len(x) for x, _ in data)
    x = np.zeros((len(data), width, len(FEATURES)))
    mask = np.zeros((len(data), width), dtype=bool)
    y = np.zeros(len(data), dtype=int)
    for i, (rows, taken) in enumerate(data):
        x[i, :len(rows)] = rows
        mask[i, :len(rows)] = True
        y[i] = taken
    return x, mask, y


def probabilities(w: np.ndarray, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
    scores = np.where(mask, x @ w, -np.inf)
    scores -= scores.max(axis=1, keepdims=True)
    p = np.exp(scores)
    return p / p.sum(axis=1, keepdims=True)


def fit(data: list[Decision], rounds: int = 30) -> np.ndarray:
    """Maximum likelihood weights by Newton's method with a ridge."""
    x, mask, y = arrays(data)
    n, _, k = x.shape
    w = np.zeros(k)
    taken = x[np.arange(n), y]
    for _ in range(rounds):
        p = probabilities(w, x, mask)
        mean = np.einsum("na,nak->nk", p, x)
        gradient = (taken - mean).sum(axis=0) - RIDGE * n * w
        second = np.einsum("na,nak,nal->kl", p, x, x) - mean.T @ mean
        hessian = second + RIDGE * n * np.eye(k)
        step = np.linalg.solve(hessian, gradient)
        w += step
        if np.abs(step).max() < 1e-6:
            break
    return w


def score(w: np.ndarray, data: list[Decision]) -> tuple[float, float, float, float]:
    """Log likelihood per decision and the share of decisions where the likeliest action was
    taken, for ``w`` and for the uniform model."""
    x, mask, y = arrays(data)
    p = probabilities(w, x, mask)
    taken = p[np.arange(len(y)), y]
    legal = mask.sum(axis=1)
    uniform_hits = float(np.mean(1.0 / legal))
    return (float(np.mean(np.log(taken))), float(np.mean(p.argmax(axis=1) == y)),
            float(np.mean(-np.log(legal))), uniform_hits)


def report(label: str, w: np.ndarray, data: list[Decision]) -> None:
    ll, hits, uniform_ll, uniform_hits = score(w, data)
    print(f"{label}: {len(data):,} decisions, log likelihood {ll:.3f} a decision "
          f"(uniform {uniform_ll:.3f}), likeliest action taken {hits:.1%} "
          f"(uniform {uniform_hits:.1%})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("what", choices=("fit", "test"))
    parser.add_argument("folders", type=Path, nargs="+")
    parser.add_argument("--bot", default="pimc")
    parser.add_argument("--holdout", type=float, default=0.2)
    parser.add_argument("--write", action="store_true")
    parser.add_argument("--out", type=Path, default=OUT, help="where --write stores the weights")
    args = parser.parse_args()
    started = time.process_time()
    per_match = decisions(args.folders, args.bot)
    if args.what == "test":
        report("stored weights", np.array(weights()), [d for _, ds in per_match for d in ds])
        return
    cut = len(per_match) - math.ceil(len(per_match) * args.holdout)
    train = [d for _, ds in per_match[:cut] for d in ds]
    held = [d for _, ds in per_match[cut:] for d in ds]
    w = fit(train)
    report(f"fitted on {cut} matches", w, train)
    if held:
        report(f"held out ({len(per_match) - cut} matches)", w, held)
    if args.write:
        every = [d for _, ds in per_match for d in ds]
        w = fit(every)
        report(f"all {len(per_match)} matches", w, every)
        args.out.write_text(json.dumps({
            "fitted_to": f"{args.bot}'s decisions in {len(per_match)} matches: "
                         + ", ".join(str(f) for f in args.folders),
            "command": "python bench/schnapsen_policy.py fit "
                       + " ".join(f.name for f in args.folders) + f" --bot {args.bot} --write",
            "decisions": len(every),
            "weights": {name: round(float(v), 4) for name, v in zip(FEATURES, w, strict=True)},
        }, indent=1) + "\n")
        print(f"wrote {args.out}")
    print(f"{time.process_time() - started:.0f} s CPU")


if __name__ == "__main__":
    main()
