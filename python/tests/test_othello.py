"""The Python package against the command line's own answers, the rules,
limits, Ctrl-C and the GIL."""

import json
import signal
import subprocess
import sys
import textwrap
import threading
import time

import pytest

import othello_solver as osv
from othello_solver import Position

from helpers import random_positions

FFO1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"


def cli_record(cli, position, *extra):
    out = subprocess.run(
        [cli, "solve", "--json", "--threads", "1", "--hash-mb", "64", *extra, position.board + " " + position.side],
        capture_output=True, text=True, check=False,
    )
    assert out.returncode in (0, 4), out.stderr
    return json.loads(out.stdout)


def same_answer(ours, theirs):
    keys = ["board", "side", "empties", "mode", "algo", "status", "score", "wld", "lower",
            "upper", "best_moves", "pv", "nodes", "all_best", "moves"]
    return {k: ours[k] for k in keys} == {k: theirs[k] for k in keys}


def ffo_lines(shared, name):
    lines = (shared / "positions" / "ffo-fforum" / name).read_text().splitlines()
    return [l for l in lines if l.strip() and not l.startswith("%")]


def test_ffo_1_to_19_as_the_command_line_answers(cli, shared):
    lines = ffo_lines(shared, "fforum-1-19.obf")
    assert len(lines) == 19
    for line in lines:
        p = Position(line)
        known = max(int(f.split(":")[1]) for f in line.split(";")[1:] if ":" in f)
        r = osv.solve(p, threads=1, hash_mb=64)
        assert r.status == "solved" and r.score == known, line
        assert same_answer(r.to_dict(), cli_record(cli, p)), line
    # Every move, as the command line values them, and as the file scores them.
    p = Position(lines[1])
    r = osv.solve(p, all_moves=True, threads=1, hash_mb=64)
    assert same_answer(r.to_dict(), cli_record(cli, p, "--all-moves"))
    listed = {f.split(":")[0].strip().lower(): int(f.split(":")[1]) for f in lines[1].split(";")[1:] if ":" in f}
    assert {m["move"]: m["score"] for m in r.moves} == listed


def test_a_random_sample_as_the_command_line_answers(cli):
    for mode, extra in [("exact", []), ("wld", ["--wld"]), (("bound", 2), ["--bound", "2"])]:
        for p in random_positions(8, (10, 16), seed=hash(str(mode)) % 1000):
            r = osv.solve(p, mode=mode, threads=1, hash_mb=64)
            assert same_answer(r.to_dict(), cli_record(cli, p, *extra)), (p, mode)


def test_the_default_table_is_the_command_lines(cli):
    """Without ``hash_mb`` Python's solve takes the table the command line's
    does, sized by the empties: 32 MiB up to 20 (df-pn's results report
    their table's capacity)."""
    for p in random_positions(3, (14, 20), seed=11):
        r = osv.solve(p, mode="wld", all_best=True, threads=1).to_dict()
        out = subprocess.run(
            [cli, "solve", "--json", "--wld", "--all-best", "--threads", "1", p.board + " " + p.side],
            capture_output=True, text=True, check=False,
        )
        assert out.returncode == 0, out.stderr
        theirs = json.loads(out.stdout)
        assert same_answer(r, theirs), p
        small = osv.solve(p, mode="wld", all_best=True, threads=1, hash_mb=32).to_dict()
        large = osv.solve(p, mode="wld", all_best=True, threads=1, hash_mb=256).to_dict()
        capacity = r["table"]["capacity"]
        assert capacity == theirs["table"]["capacity"] == small["table"]["capacity"], p
        assert capacity < large["table"]["capacity"], p
    with pytest.raises(ValueError):
        osv.solve(Position(), hash_mb=0, node_limit=10)


def test_positions_follow_the_rules():
    p = Position()
    assert p.side == "X" and p.empties == 60 and p.legal_moves() == ["d3", "c4", "f5", "e6"]
    assert p.play("f5") == Position("f5")
    assert len(set(p.symmetries())) == 2  # the start has 4 symmetries of 8
    q = Position("f5d6")
    assert sorted(s.board for s in q.symmetries())[0] in {s.board for s in q.symmetries()}
    assert all(s.empties == q.empties for s in q.symmetries())
    assert Position.from_bitboards(p.black, p.white, True) == p
    with pytest.raises(ValueError, match="illegal"):
        p.play("a1")
    with pytest.raises(ValueError, match="cannot pass"):
        p.pass_()
    with pytest.raises(ValueError, match="column 3"):
        Position("--Z" + "-" * 61 + " X")
    with pytest.raises(ValueError, match="overlap"):
        Position.from_bitboards(1, 1, True)
    with pytest.raises(ValueError, match="mode"):
        osv.solve(p, mode="best")
    end = Position("X" * 64 + " O")
    assert end.is_terminal() and end.final_score() == -64
    # A position where the side to move must pass.
    for q in random_positions(200, (5, 30), seed=9):
        if not q.legal_moves():
            assert not q.is_terminal() and q.pass_().side != q.side


def test_a_limit_answers_unknown_with_true_bounds():
    p = Position(FFO1)
    r = osv.solve(p, node_limit=2000)
    assert r.status == "unknown" and r.score is None
    assert r.lower <= 18 <= r.upper
    r = osv.solve("f5d6c3d3c4", time_limit=0.2, threads=1)
    assert r.status == "unknown" and r.time_s < 5


def test_solve_many_gives_the_results_of_solve_in_input_order():
    ps = random_positions(12, (10, 14), seed=3)
    many = list(osv.solve_many(ps, jobs=2))
    assert [r.board for r in many] == [p.board for p in ps]
    for r, p in zip(many, ps):
        assert r.score == osv.solve(p, threads=1).score
    assert list(osv.solve_many([])) == []


def test_evaluate_and_numpy_round_trips():
    np = pytest.importorskip("numpy")
    ps = random_positions(20, (20, 50), seed=5)
    values = osv.evaluate_many(ps)
    assert values == [osv.evaluate(p) for p in ps]
    for layout in ("bitboards", "planes"):
        boards, side = osv.to_numpy(ps, layout)
        assert boards.shape == (20, 2 if layout == "bitboards" else 64)
        assert osv.from_numpy(boards, side) == ps
    planes, _ = osv.to_numpy([Position()], "planes")
    assert planes.dtype == np.int8 and int(planes.sum()) == 0 and int(abs(planes).sum()) == 4
    with pytest.raises(ValueError, match="shape"):
        osv.from_numpy(np.zeros((3, 5)), np.zeros(3))


@pytest.mark.parametrize(
    "call",
    [
        'osv.solve("f5d6c3d3c4f4f6f3e6e7", threads=1)',
        'list(osv.solve_many(["f5d6c3d3c4f4f6f3e6e7"] * 4, jobs=2))',
    ],
)
def test_ctrl_c_stops_a_solve_at_once(call):
    script = textwrap.dedent(
        f"""
        import signal, sys, time
        import othello_solver as osv
        # A parent that ignores SIGINT (a job started in the background)
        # passes that on, and Python then installs no handler of its own.
        signal.signal(signal.SIGINT, signal.default_int_handler)
        print("ready", flush=True)
        t = time.time()
        try:
            {call}
            print("finished", flush=True)
        except KeyboardInterrupt:
            print(f"interrupted after {{time.time() - t:.1f}} s", flush=True)
        """
    )
    proc = subprocess.Popen([sys.executable, "-c", script], stdout=subprocess.PIPE, text=True)
    assert proc.stdout.readline().strip() == "ready"
    time.sleep(1.0)
    proc.send_signal(signal.SIGINT)
    try:
        out, _ = proc.communicate(timeout=30)
    finally:
        proc.kill()
    assert out.startswith("interrupted"), out


def test_the_gil_is_released_while_solving():
    # Two threads each solving a position: with the GIL released, their
    # solves run at the same time (the second starts long before the first
    # ends); held, the second could not start until the first returned.
    ps = random_positions(2, (21, 21), seed=11)
    spans = {}

    def work(i):
        start = time.perf_counter()
        osv.solve(ps[i], threads=1, hash_mb=32)
        spans[i] = (start, time.perf_counter())

    osv.solve(ps[0], node_limit=1)  # load the weights first
    threads = [threading.Thread(target=work, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    (s0, e0), (s1, e1) = spans[0], spans[1]
    overlap = min(e0, e1) - max(s0, s1)
    assert overlap > 0.5 * min(e0 - s0, e1 - s1), spans


def test_the_label_dataset_example_writes_exact_labels(tmp_path):
    np = pytest.importorskip("numpy")
    import pathlib

    example = pathlib.Path(__file__).resolve().parents[1] / "examples" / "label_dataset.py"
    out = tmp_path / "labels.npz"
    run = subprocess.run(
        [sys.executable, str(example), "--random", "20", "--max-empties", "10", "--out", str(out)],
        capture_output=True, text=True, check=False,
    )
    assert run.returncode == 0, run.stderr
    d = np.load(out)
    assert len(d["score"]) > 50
    ps = osv.from_numpy(np.stack([d["black"], d["white"]], axis=1), d["black_to_move"])
    for i in range(0, len(ps), 7):
        r = osv.solve(ps[i], all_best=True)
        assert r.score == d["score"][i]
        mask = sum(1 << ((ord(m[0]) - 97) + 8 * (int(m[1]) - 1)) for m in r.best_moves)
        assert mask == int(d["best_moves"][i])
        assert ps[i].empties == d["empties"][i] <= 10


def test_every_algorithm_by_name_and_a_bad_name_refused():
    p = Position(FFO1)
    for algo in ["alphabeta", "dfpn+", "dfpn", "deep-dfpn", "pds", "pds-pn"]:
        r = osv.solve(p, algo=algo, threads=1, hash_mb=16)
        assert r.status == "solved" and r.score == 18 and r.algo == algo, algo
    with pytest.raises(ValueError, match="pds-pn"):
        osv.solve(p, algo="pns", threads=1, hash_mb=16)


def test_search_options_reach_the_search():
    p = Position(FFO1)
    pure = osv.SearchOptions(leaf_empties=0)
    dfpn = osv.solve(p, mode="wld", algo="dfpn", hash_mb=16, options=pure)
    assert dfpn.wld == "win" and dfpn.leaf_nodes == 0
    handed = osv.solve(p, mode="wld", algo="dfpn", hash_mb=16)
    assert handed.leaf_nodes > 0
    # E = 1 is plain df-pn, node for node.
    one = osv.SearchOptions(leaf_empties=0, deep_e=1)
    assert osv.solve(p, mode="wld", algo="deep-dfpn", hash_mb=16, options=one).nodes == dfpn.nodes
    deep = osv.SearchOptions(leaf_empties=0, deep_e=3, deep_d=6)
    assert osv.solve(p, mode="wld", algo="deep-dfpn", hash_mb=16, options=deep).nodes != dfpn.nodes
    plus = osv.solve(p, mode="wld", algo="dfpn+", hash_mb=16, options=pure)
    plus_one = osv.SearchOptions(leaf_empties=0, plus_depth=True, deep_e=1)
    assert osv.solve(p, mode="wld", algo="dfpn+", hash_mb=16, options=plus_one).nodes == plus.nodes
    # PDS-PN's level 2 runs on this small tree only with a small a and b.
    small = osv.SearchOptions(leaf_empties=0, pn2_a=1000, pn2_b=500)
    a = osv.solve(p, algo="pds-pn", hash_mb=16, options=small)
    b = osv.solve(p, algo="pds-pn", hash_mb=16, options=osv.SearchOptions(leaf_empties=0))
    assert a.score == b.score == 18 and a.nodes != b.nodes
    # The 1+ε trick and the searched h change the trees, not the answers.
    eps = osv.solve(p, mode="wld", algo="dfpn", hash_mb=16,
                    options=osv.SearchOptions(leaf_empties=0, epsilon=0.5))
    assert eps.wld == "win" and eps.nodes != dfpn.nodes
    static = osv.solve(p, mode="wld", algo="dfpn+", hash_mb=16,
                       options=osv.SearchOptions(leaf_empties=0, h_search_from=0))
    searched = osv.solve(p, mode="wld", algo="dfpn+", hash_mb=16,
                         options=osv.SearchOptions(leaf_empties=0, h_search_from=1))
    assert static.wld == searched.wld == "win" and static.nodes != searched.nodes
    many = list(osv.solve_many([p, p], mode="wld", algo="pds", jobs=2, hash_mb=16, options=pure))
    assert [r.wld for r in many] == ["win", "win"] and all(r.leaf_nodes == 0 for r in many)


def test_bad_search_options_are_value_errors():
    p = Position(FFO1)
    bad = [
        ("deep-dfpn", osv.SearchOptions(deep_e=0), "E must be at least 1"),
        ("deep-dfpn", osv.SearchOptions(deep_d=61), "at most 60"),
        ("pds-pn", osv.SearchOptions(pn2_a=0.0), "positive"),
        ("pds-pn", osv.SearchOptions(pn2_b=float("nan")), "positive"),
        ("pds-pn", osv.SearchOptions(pn2_cap=1), "at least 2"),
        ("pds-pn", osv.SearchOptions(pn2_cap=1 << 40), "larger than the proof table"),
        ("dfpn", osv.SearchOptions(plus_depth=True), "option of dfpn\\+"),
        ("dfpn", osv.SearchOptions(leaf_empties=-1), "leaf_empties -1: out of range"),
        ("dfpn", osv.SearchOptions(leaf_empties=61), "leaf-empties 61"),
        ("dfpn+", osv.SearchOptions(h_search_from=61), "h-search-from 61"),
        ("dfpn", osv.SearchOptions(epsilon=10.5), "epsilon 10.5"),
        ("dfpn", osv.SearchOptions(epsilon=float("inf")), "epsilon inf"),
        ("pds-pn", osv.SearchOptions(pn2_cap=-3), "pn2_cap -3: out of range"),
    ]
    for algo, opts, msg in bad:
        with pytest.raises(ValueError, match=msg):
            osv.solve(p, algo=algo, hash_mb=16, options=opts)
    boards, side = osv.to_numpy([p])
    with pytest.raises(ValueError, match="larger than the proof table"):
        osv.solve_arrays(boards[:, 0], boards[:, 1], side, algo="pds-pn", hash_mb=16,
                         options=osv.SearchOptions(pn2_cap=1 << 40))
