"""Move indices, the array API, the engine handle and the Gymnasium
environment: the package as reinforcement-learning and probing code uses it."""

import random
import threading
import time

import pytest

import othello_solver as osv
from othello_solver import PASS, Position

from helpers import random_positions

np = pytest.importorskip("numpy")

FFO1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def test_indices_and_names_agree_everywhere():
    assert osv.index_of("a1") == 0 and osv.index_of("b1") == 1 and osv.index_of("h8") == 63
    assert osv.index_of("F5") == 37 and osv.name_of(37) == "f5"
    assert osv.index_of("pass") == PASS and osv.name_of(PASS) == "pass"
    assert all(osv.index_of(osv.name_of(i)) == i for i in range(65))
    for bad in (-1, 65, 1000):
        with pytest.raises(ValueError, match="index"):
            osv.name_of(bad)
    with pytest.raises(ValueError):
        osv.index_of("i9")
    p = Position()
    assert p.legal_mask == sum(1 << osv.index_of(m) for m in p.legal_moves())
    assert p.play(37) == p.play("f5") == Position("f5")
    with pytest.raises(ValueError, match="illegal"):
        p.play(0)
    with pytest.raises(ValueError, match="index 0-63"):
        p.play(99)
    with pytest.raises(ValueError, match="cannot pass"):
        p.play(PASS)
    # f5 flips e5 (index 36) only.
    assert p.flips(37) == p.flips("f5") == 1 << 36
    with pytest.raises(ValueError, match="illegal"):
        p.flips("a1")


def test_the_action_mask_has_the_pass_at_64():
    for p in random_positions(300, (5, 40), seed=4):
        mask = p.action_mask()
        assert mask.shape == (65,) and mask.dtype == np.bool_
        assert [i for i in range(64) if mask[i]] == [osv.index_of(m) for m in p.legal_moves()]
        assert mask[PASS] == (not p.legal_moves() and not p.is_terminal())
        if mask[PASS]:
            assert p.play(PASS) == p.pass_()
        for i in np.flatnonzero(mask[:64]):
            child = p.play(int(i))
            # The discs flipped change colour; the square played is new.
            assert (child.black ^ p.black) & (child.white ^ p.white) == p.flips(int(i))


def test_the_transposition_trap():
    # Standard notation: the letter is the file (column), the digit the rank
    # (row); index = file + 8 * rank. Code that reads "f5" as row f, column
    # 5 gets index 8 * 5 + 4 = 44 (e6), another square.
    assert osv.index_of("f5") == 5 + 8 * 4
    assert osv.name_of(8 * 5 + 4) == "e6"
    obs = __import__("othello_solver.env", fromlist=["observation"]).observation(Position("f5"))
    row, col = divmod(osv.index_of("f5"), 8)
    assert obs[0, row, col] == 1  # black's new disc on f5
    assert obs[0, col, row] == 0  # the transposed square, e6, is empty


def test_solve_arrays_agrees_with_solve():
    ps = random_positions(24, (10, 14), seed=8)
    boards, side = osv.to_numpy(ps)
    out = osv.solve_arrays(boards[:, 0], boards[:, 1], side, jobs=2)
    assert set(out) == {"solved", "score", "lower", "upper", "best_move", "best_moves", "nodes"}
    assert all(out["best_moves"] == np.uint64(1) << out["best_move"].astype(np.uint64))
    every = osv.solve_arrays(boards[:, 0], boards[:, 1], side, all_best=True)
    for i, p in enumerate(ps):
        want = osv.solve(p, all_best=True).best_moves
        assert int(every["best_moves"][i]) == sum(1 << osv.index_of(m) for m in want)
    assert all(len(v) == len(ps) for v in out.values())
    for i, p in enumerate(ps):
        r = osv.solve(p, threads=1)
        assert out["solved"][i] and out["score"][i] == r.score == out["lower"][i] == out["upper"][i]
        child = p.play(int(out["best_move"][i]))
        assert -osv.solve(child).score == r.score
        assert out["nodes"][i] > 0
    wld = osv.solve_arrays(boards[:, 0], boards[:, 1], side, mode="wld")
    assert all(np.sign(wld["lower"]) <= np.sign(out["score"]))
    limited = osv.solve_arrays(boards[:1, 0], boards[:1, 1], side[:1], node_limit=10)
    assert not limited["solved"][0] and limited["lower"][0] < limited["upper"][0]
    empty = osv.solve_arrays(np.zeros(0, np.uint64), np.zeros(0, np.uint64), np.zeros(0, bool))
    assert len(empty["score"]) == 0
    with pytest.raises(ValueError, match="overlap"):
        osv.solve_arrays([1], [1], [True])
    with pytest.raises(ValueError, match="entries"):
        osv.solve_arrays([1, 2], [4], [True])
    with pytest.raises(ValueError, match="bound"):
        osv.solve_arrays([1], [2], [True], mode=("bound", 99))


def test_evaluate_arrays_agrees_with_evaluate():
    ps = random_positions(50, (20, 50), seed=2)
    boards, side = osv.to_numpy(ps)
    values = osv.evaluate_arrays(boards[:, 0], boards[:, 1], side)
    assert values.dtype == np.float32
    assert list(values) == pytest.approx(osv.evaluate_many(ps), abs=1e-5)


def test_the_array_api_releases_the_gil():
    ps = random_positions(40, (16, 18), seed=6)
    boards, side = osv.to_numpy(ps)
    ticks = []
    done = threading.Event()

    def ticker():
        while not done.is_set():
            ticks.append(time.perf_counter())
            time.sleep(0.005)

    t = threading.Thread(target=ticker)
    t.start()
    start = time.perf_counter()
    osv.solve_arrays(boards[:, 0], boards[:, 1], side, jobs=1)
    took = time.perf_counter() - start
    done.set()
    t.join()
    # A thread held off by the GIL would not tick during the solve.
    during = [x for x in ticks if start < x < start + took]
    assert took > 0.05 and len(during) >= took / 0.05, (took, len(during))


def test_the_engine_thinks_and_solves():
    e = osv.Engine(hash_mb=8)
    p = Position(FFO1)
    move, score = e.solve(p)
    assert (osv.name_of(move), score) == ("g8", 18)
    move, value, label = e.think(p)
    assert label == "100%" and value == 18 and osv.name_of(move) == "g8"
    move, value, label = e.think(Position("f5d6"), depth=6, exact_empties=0)
    assert label == "6@95%" and Position("f5d6").legal_mask >> move & 1
    with pytest.raises(ValueError, match="confidence"):
        e.think(p, confidence=50)
    with pytest.raises(ValueError, match="depth"):
        e.think(p, depth=0)


gym = pytest.importorskip("gymnasium")


def test_the_environment_passes_gymnasiums_checker():
    from gymnasium.utils.env_checker import check_env

    import othello_solver.env  # noqa: F401  (registers the environment)

    for opponent in ("random", "greedy", "midgame"):
        env = gym.make("othello_solver/Othello-v0", opponent=opponent, depth=2)
        check_env(env.unwrapped, skip_render_check=True)
        env.close()


def play(env, seed, rng):
    obs, info = env.reset(seed=seed)
    trajectory = [obs.tobytes()]
    total = 0.0
    while True:
        legal = np.flatnonzero(info["action_mask"])
        action = int(legal[rng.integers(len(legal))])
        obs, reward, terminated, truncated, info = env.step(action)
        trajectory.append((action, obs.tobytes(), reward))
        total += reward
        if terminated or truncated:
            return trajectory, total, info


def test_seeded_games_repeat_and_rewards_are_final_disc_differences():
    import othello_solver.env  # noqa: F401

    runs = []
    for _ in range(2):
        env = gym.make("othello_solver/Othello-v0", opponent="random", agent_color="random")
        rng = np.random.default_rng(2026)
        games = [play(env, seed, rng) for seed in range(1000)]
        runs.append(games)
        env.close()
    assert [g[0] for g in runs[0]] == [g[0] for g in runs[1]]
    colours = {g[2]["agent_color"] for g in runs[0]}
    assert colours == {"black", "white"}
    for trajectory, total, info in runs[0][:100]:
        end = Position(info["position"])
        assert end.is_terminal()
        black = end.final_score() if end.black_to_move else -end.final_score()
        assert total == (black if info["agent_color"] == "black" else -black)


def test_the_perfect_opponent_never_loses_a_won_endgame():
    import othello_solver.env  # noqa: F401

    env = gym.make("othello_solver/Othello-v0", opponent="perfect", exact_empties=12, depth=2)
    rng = np.random.default_rng(1)
    for seed in range(5):
        p = random_positions(1, (12, 12), seed=100 + seed)[0]
        obs, info = env.reset(seed=seed, options={"position": p})
        want = osv.solve(p).score
        # The agent (black) plays at random; the perfect opponent can only
        # keep or improve on its perfect-play result.
        if not p.black_to_move:
            continue
        total = 0.0
        terminated = False
        while not terminated:
            legal = np.flatnonzero(info["action_mask"])
            obs, reward, terminated, _, info = env.step(int(legal[rng.integers(len(legal))]))
            total += reward
        assert total <= want


def test_bad_environment_settings_and_illegal_actions():
    from othello_solver.env import OthelloEnv

    for kwargs in ({"opponent": "chess"}, {"agent_color": "red"}, {"reward": "elo"}, {"depth": 0}):
        with pytest.raises(ValueError):
            OthelloEnv(**kwargs)
    env = OthelloEnv(reward="win_loss")
    obs, info = env.reset(seed=0)
    obs, reward, terminated, truncated, info = env.step(0)  # a1 is not legal at the start
    assert terminated and reward == -1.0 and info["illegal_action"]
    env = OthelloEnv(render_mode="ansi")
    env.reset(seed=0)
    assert env.render().startswith("  a b c d e f g h")
