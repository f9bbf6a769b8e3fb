"""The expert's learnt model of a searching opponent in Schnapsen (``stich.bots.expert.policy``:
inference that weights sampled worlds by the opponents' earlier choices)."""

from __future__ import annotations

import json
import math
import random
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

from stich.arena.run import run_arena
from stich.bots.expert import ExpertBot
from stich.bots.expert.inference import informative
from stich.bots.expert.policy import FEATURES, features, log_likelihood, log_probability, weights
from stich.core.game import Game
from tests.bench_scripts import BENCH, bench_script
from tests.bots.helpers import play_deals
from tests.search.helpers import new_deal

SCRIPT = BENCH / "schnapsen_policy.py"


def bench() -> ModuleType:
    return bench_script("schnapsen_policy")


def open_stock_positions(count: int) -> list[Game]:
    """Positions while the stock is open (S-3), after random play from seeded deals."""
    found = []
    for seed in range(count):
        game = new_deal("schnapsen", seed)
        rng = random.Random(seed)
        for _ in range(rng.randrange(9)):
            actions = [a for a in game.legal_actions() if a.verb not in ("close", "claim")]
            if game.is_terminal() or not actions or game.stock_size == 0:  # type: ignore[attr-defined]
                break
            game.apply_legal(rng.choice(actions))
        if not game.is_terminal() and game.stock_size > 0:  # type: ignore[attr-defined]
            found.append(game)
    return found


def test_features_see_only_what_the_player_knows() -> None:
    """Hidden cards never reach the model: every world the player to act cannot tell from the
    real deal gives every legal action the same features."""
    positions = open_stock_positions(40)
    assert len(positions) > 30
    for index, game in enumerate(positions):
        seat = game.current_player()
        legal = game.legal_actions()
        real = [features(game, a, legal) for a in legal]
        info = game.information_state(seat)
        for k in range(3):
            world = info.sample_world(random.Random(100 * index + k))
            assert world.legal_actions() == legal
            assert [features(world, a, legal) for a in legal] == real


def test_follow_features_agree_with_the_trick_winner() -> None:
    """``follow_wins`` is S-3's trick winner as the engine decides it, ``follow_trumps_in`` a
    win by a trump on another suit."""
    checked = 0
    for game in open_stock_positions(60):
        if game.lead is None:  # type: ignore[attr-defined]
            continue
        seat = game.current_player()
        legal = game.legal_actions()
        for action in legal:
            vector = dict(zip(FEATURES, features(game, action, legal), strict=True))
            after = game.clone()
            after.apply(action)
            won = after.leader == seat  # type: ignore[attr-defined]
            assert vector["follow_wins"] == float(won)
            trump = game.trump  # type: ignore[attr-defined]
            assert vector["follow_trumps_in"] == float(
                won and action.card.suit == trump != game.lead.suit)  # type: ignore[attr-defined]
            checked += 1
    assert checked > 20


def test_probabilities_are_a_distribution() -> None:
    for game in open_stock_positions(20):
        legal = game.legal_actions()
        total = sum(math.exp(log_probability(game, a, legal)) for a in legal)
        assert math.isclose(total, 1.0)
        uniform = [0.0] * len(FEATURES)
        assert math.isclose(log_probability(game, legal[0], legal, uniform),
                            -math.log(len(legal)))


def test_a_worlds_likelihood_is_the_product_over_the_opponents_modelled_choices() -> None:
    game = new_deal("schnapsen", 11)
    rng = random.Random(11)
    expected = {0: 0.0, 1: 0.0}
    while game.stock_size > 4:  # type: ignore[attr-defined]
        legal = game.legal_actions()
        action = rng.choice([a for a in legal if a.verb == "play"])
        if len(legal) > 1 and informative(game, action):
            expected[game.current_player()] += log_probability(game, action, legal)
        game.apply(action)
    for seat in (0, 1):
        assert math.isclose(log_likelihood(game, (seat,)), expected[seat])
        assert expected[seat] < 0
    assert log_likelihood(game, (0,), asks=lambda g, a: False) == 0.0


def test_fitting_recovers_a_known_model(tmp_path: Path) -> None:
    """Choices drawn from a known conditional logit: the fit finds weights that predict held-out
    choices as well as the true ones, far better than the uniform model."""
    fit = bench()
    rng = random.Random(3)
    truth = [rng.uniform(-2, 2) for _ in FEATURES]
    data = []
    for game in open_stock_positions(400):
        legal = game.legal_actions()
        odds = [math.exp(log_probability(game, a, legal, truth)) for a in legal]
        taken = rng.choices(range(len(legal)), odds)[0]
        data.append(([features(game, a, legal) for a in legal], taken))
    train, held = data[:300], data[300:]
    w = fit.fit(train)
    fitted, _, uniform, _ = fit.score(w, held)
    true, _, _, _ = fit.score(fit.np.array(truth), held)
    assert fitted > uniform + 0.2
    assert fitted > true - 0.15


def test_the_weights_are_fitted_from_saved_matches(tmp_path: Path) -> None:
    """The bench script reads an arena's records and writes weights the model reads back."""
    run_arena("schnapsen", "pimc", "pimc", 2, 5, nodes=20_000, out=tmp_path / "run")
    out = tmp_path / "weights.json"
    shown = subprocess.run([sys.executable, str(SCRIPT), "fit", str(tmp_path / "run"),
                            "--holdout", "0.5", "--write", "--out", str(out)],
                           capture_output=True, text=True, check=True).stdout
    assert "held out (1 matches)" in shown
    stored = json.loads(out.read_text())
    assert set(stored["weights"]) == set(FEATURES)
    assert stored["decisions"] > 20


def test_the_shipped_weights_cover_the_features() -> None:
    assert len(weights()) == len(FEATURES)
    assert any(weights())


def test_the_expert_can_weigh_worlds_by_the_policy_model() -> None:
    """``MODEL = "policy"``: the same worlds as the default model, each weighed by its
    likelihood under the learnt model relative to the likeliest world."""

    class PolicyModel(ExpertBot):
        MODEL = "policy"

    game = new_deal("schnapsen", 4)
    for _ in range(3):
        game.apply_legal(next(a for a in game.legal_actions() if a.verb == "play"))
    seat = game.current_player()
    info = game.information_state(seat)
    plain, learnt = ExpertBot(2, nodes=200_000), PolicyModel(2, nodes=200_000)
    drawn, weighed = plain.worlds(info, 9), learnt.worlds(info, 9)
    assert sorted(w.position() for w, _, _ in drawn) == sorted(w.position() for w, _, _ in weighed)
    scores = [log_likelihood(world, (1 - seat,)) for world, _, _ in weighed]
    top = max(scores)
    for (_, _, chance), score in zip(weighed, scores, strict=True):
        assert math.isclose(chance, math.exp(score - top))
    assert len({round(c, 9) for _, _, c in weighed}) > 1


@pytest.mark.parametrize(("other", "rules_trusted"), [("rules", True), ("pimc", False)])
def test_the_mixed_model_learns_which_model_explains_the_opponent(
        other: str, rules_trusted: bool) -> None:
    """``MODEL = "mixed"``: after a few deals against the ``rules`` bot the rules model is
    trusted more than the learnt one, against ``pimc`` less (Bayes' rule over the likelihood
    of the opponent's choices under each)."""
    class Mixed(ExpertBot):
        MODEL = "mixed"

    expert = Mixed(3, nodes=40_000)
    assert expert.rules_trust == 0.5
    play_deals(expert, other, 4, nodes=100_000)
    assert (expert.rules_trust > 0.5) is rules_trusted


def test_an_unknown_model_is_refused() -> None:
    class Typo(ExpertBot):
        MODEL = "polciy"

    game = new_deal("schnapsen", 4)
    with pytest.raises(ValueError, match="'polciy' is not one of rules, mixed, policy, solver"):
        Typo(2, nodes=100_000).worlds(game.information_state(game.current_player()), 1)
