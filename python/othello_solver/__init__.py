"""othello_solver: the exact Othello endgame solver of the othello-solver
command line, for Python.

Positions, legal moves, the solver and the pattern evaluation all come from
the Rust library; this package only shapes its answers for Python.

>>> from othello_solver import Position, solve
>>> pos = Position("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
>>> pos.empties
14
>>> r = solve(pos)
>>> (r.status, r.score, r.best_moves)
('solved', 18, ['g8'])
>>> solve(pos, mode="wld").wld
'win'
>>> [(m["move"], m["score"]) for m in solve(pos, all_moves=True).moves][:3]
[('g8', 18), ('h1', 12), ('h7', 6)]
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from typing import Any, Dict, Iterable, Iterator, List, Optional, Sequence, Tuple, Union

from ._othello import Engine, Position, SolveIter, evaluate_many as _evaluate_many
from ._othello import evaluate_arrays as _evaluate_arrays
from ._othello import index_of, name_of
from ._othello import read_games as _read_games
from ._othello import solve_arrays as _solve_arrays
from ._othello import solve_json as _solve_json
from ._othello import solve_many_json as _solve_many_json

__all__ = [
    "Position",
    "Engine",
    "PASS",
    "index_of",
    "name_of",
    "solve_arrays",
    "evaluate_arrays",
    "Result",
    "SearchOptions",
    "solve",
    "solve_many",
    "evaluate",
    "evaluate_many",
    "to_numpy",
    "from_numpy",
    "read_games",
]

#: The move index of a pass; squares are 0-63 (a1 = 0, b1 = 1, ..., h8 = 63).
PASS = 64

Mode = Union[str, Tuple[str, int]]
PositionLike = Union[Position, str]


@dataclass(frozen=True)
class SearchOptions:
    """The proof-number family's knobs, as the command line's flags of the
    same names; ``None`` keeps the library's default, and the library checks
    every value given (a bad one raises ``ValueError``).

    - ``leaf_empties``: positions with at most this many empties go to the
      alpha-beta leaf solver (0: pure proof-number search; at most 60).
    - ``epsilon``: the 1+ε trick for a child's threshold (0: off; at
      most 10).
    - ``h_search_from``: with ``algo="dfpn+"``, new nodes with at least
      this many empties take h from a shallow search (0: the static
      evaluation everywhere; at most 60).
    - ``deep_e``, ``deep_d``: deep df-pn's E (at least 1) and D (0 to 60),
      for ``algo="deep-dfpn"`` and the depth term.
    - ``plus_depth``: with ``algo="dfpn+"``, multiply a new node's h by
      E^(D - depth).
    - ``pn2_a``, ``pn2_b``, ``pn2_cap``: PDS-PN's growth function and its
      level-2 cap (table entries; defaults 0.45 and 0.30 of the table, and
      a quarter of it).

    >>> ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    >>> opts = SearchOptions(leaf_empties=0, pn2_a=1000, pn2_b=500)
    >>> solve(ffo1, mode="wld", algo="pds-pn", options=opts).wld
    'win'
    """

    leaf_empties: Optional[int] = None
    epsilon: Optional[float] = None
    h_search_from: Optional[int] = None
    deep_e: Optional[int] = None
    deep_d: Optional[int] = None
    plus_depth: bool = False
    pn2_a: Optional[float] = None
    pn2_b: Optional[float] = None
    pn2_cap: Optional[int] = None


def _knobs(options: Optional[SearchOptions]) -> Dict[str, Any]:
    return asdict(options if options is not None else SearchOptions())


class Result:
    """One solve's answer: the fields of the command line's JSON record
    (``solve --json``), as attributes: ``score``, ``wld``, ``best_moves``,
    ``pv``, ``nodes``, ``time_s``, ``status`` (``"solved"`` or
    ``"unknown"``), ``lower``, ``upper``, ``moves`` (with
    ``all_moves=True``), ``board``, ``side``, ``empties``, ``mode``,
    ``bound``, ``algo``, ``all_best``, ``leaf_nodes``, ``table``.

    A limit gives ``status == "unknown"`` with the proven ``lower`` and
    ``upper`` bounds, and ``score`` None.

    >>> r = solve("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X")
    >>> r.to_dict()["score"] == r.score == 18
    True
    """

    __slots__ = ("_record",)

    def __init__(self, record: Dict[str, Any]) -> None:
        self._record = record

    def __getattr__(self, name: str) -> Any:
        try:
            return self._record[name]
        except KeyError:
            raise AttributeError(name) from None

    def to_dict(self) -> Dict[str, Any]:
        """The JSON record as a dict (a copy)."""
        return dict(self._record)

    def __repr__(self) -> str:
        r = self._record
        return (
            f"Result(status={r['status']!r}, score={r['score']!r}, "
            f"lower={r['lower']}, upper={r['upper']}, best_moves={r['best_moves']!r}, "
            f"nodes={r['nodes']})"
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Result) and other._record == self._record


def _position(p: PositionLike) -> Position:
    if isinstance(p, Position):
        return p
    if isinstance(p, str):
        return Position(p)
    raise TypeError(f"position: expected a Position or a str, not {type(p).__name__}")


def _mode(mode: Mode) -> Tuple[str, Optional[int]]:
    if isinstance(mode, tuple):
        if len(mode) != 2 or mode[0] != "bound" or not isinstance(mode[1], int):
            raise ValueError(f"mode: {mode!r}, expected ('bound', k) with an int k")
        return "bound", mode[1]
    if mode in ("exact", "wld"):
        return mode, None
    raise ValueError(f"mode: {mode!r}, expected 'exact', 'wld' or ('bound', k)")


def solve(
    position: PositionLike,
    *,
    mode: Mode = "exact",
    all_best: bool = False,
    all_moves: bool = False,
    algo: Optional[str] = None,
    threads: Optional[int] = None,
    hash_mb: Optional[int] = None,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    options: Optional[SearchOptions] = None,
) -> Result:
    """Solves one position: ``mode`` is ``"exact"`` (the default: score,
    one best move and the principal variation), ``"wld"`` or
    ``("bound", k)`` (is the score >= k?). ``all_best`` lists every best
    move; ``all_moves`` values every legal move (``Result.moves``, best
    first). ``algo``: ``"alphabeta"``, ``"dfpn+"``, ``"dfpn"``,
    ``"deep-dfpn"``, ``"pds"`` or ``"pds-pn"`` (default:
    the fastest for the question). ``threads`` (default 1), ``hash_mb`` the
    table in MiB (default: 32 up to 20 empties, doubling every two empties
    above, at most 256). A ``time_limit`` (seconds) or ``node_limit`` that
    is hit gives ``status == "unknown"``, never an exception. ``options``: the
    proof-number search's knobs (:class:`SearchOptions`). The GIL is
    released while it runs; Ctrl-C raises ``KeyboardInterrupt`` at once.

    >>> solve("f5d6c3d3c4", node_limit=1000).status
    'unknown'
    """
    m, k = _mode(mode)
    text = _solve_json(
        _position(position), m, k, all_best, all_moves, algo, threads or 1, hash_mb,
        time_limit, node_limit, _knobs(options),
    )
    return Result(json.loads(text))


def solve_many(
    positions: Iterable[PositionLike],
    *,
    mode: Mode = "exact",
    all_best: bool = False,
    all_moves: bool = False,
    algo: Optional[str] = None,
    jobs: Optional[int] = None,
    threads: int = 1,
    hash_mb: int = 64,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    options: Optional[SearchOptions] = None,
) -> Iterator[Result]:
    """Solves many positions in parallel (``jobs`` threads, default every
    core, each with its own table of ``hash_mb``; ``threads`` per position)
    and yields their results in input order as they come. The GIL is
    released while waiting; Ctrl-C stops every solve and raises
    ``KeyboardInterrupt``. Limits and ``options`` (:class:`SearchOptions`)
    are per position.

    >>> ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    >>> ps = [Position(ffo1), Position()]
    >>> [r.status for r in solve_many(ps, node_limit=100_000)]
    ['solved', 'unknown']
    """
    import os

    ps = [_position(p) for p in positions]
    m, k = _mode(mode)
    it: SolveIter = _solve_many_json(
        ps, m, k, all_best, all_moves, algo, jobs or os.cpu_count() or 1, threads,
        hash_mb, time_limit, node_limit, _knobs(options),
    )
    try:
        for text in it:
            yield Result(json.loads(text))
    finally:
        it.close()


def evaluate(position: PositionLike) -> float:
    """The pattern evaluation: the predicted final disc difference for the
    side to move.

    >>> round(evaluate(Position()), 1) == round(evaluate(Position().symmetries()[5]), 1)
    True
    """
    return _evaluate_many([_position(position)])[0]


def evaluate_many(positions: Iterable[PositionLike]) -> List[float]:
    """:func:`evaluate` of many positions at once (the GIL released)."""
    return _evaluate_many([_position(p) for p in positions])


def read_games(path: str) -> List[Tuple[str, List[str], List[Position]]]:
    """The games of a record file (WTHOR ``.wtb``, transcripts, logbook
    ``.gam``, eOthello ``.csv``; gzipped too), read by the library: for each
    game ``(id, moves, positions)``, the positions from the start to the end
    (a forced pass already applied). ``ValueError`` names a bad file.
    """
    return _read_games(path)


def to_numpy(positions: Sequence[PositionLike], layout: str = "bitboards") -> Tuple[Any, Any]:
    """Positions as NumPy arrays: ``(boards, black_to_move)``. ``layout``
    ``"bitboards"``: boards of shape ``(N, 2)``, uint64, black's then
    white's bitboard (bit 0 = a1); ``"planes"``: shape ``(N, 64)``, int8,
    1 black, -1 white, 0 empty, a1 first. ``black_to_move``: shape ``(N,)``,
    bool. Needs NumPy (``pip install othello-solver[numpy]``).

    >>> boards, side = to_numpy([Position()])
    >>> boards.shape, boards.dtype.name, bool(side[0])
    ((1, 2), 'uint64', True)
    >>> from_numpy(*to_numpy([Position("f5")], "planes"))[0] == Position("f5")
    True
    """
    import numpy as np

    ps = [_position(p) for p in positions]
    side = np.array([p.black_to_move for p in ps], dtype=bool)
    bits = np.array([[p.black, p.white] for p in ps], dtype=np.uint64).reshape(len(ps), 2)
    if layout == "bitboards":
        return bits, side
    if layout == "planes":
        shifts = np.arange(64, dtype=np.uint64)
        black = ((bits[:, :1] >> shifts) & np.uint64(1)).astype(np.int8)
        white = ((bits[:, 1:] >> shifts) & np.uint64(1)).astype(np.int8)
        return black - white, side
    raise ValueError(f"layout: {layout!r}, expected 'bitboards' or 'planes'")


def from_numpy(boards: Any, black_to_move: Any) -> List[Position]:
    """Positions from the arrays of :func:`to_numpy` (either layout, told
    apart by shape: ``(N, 2)`` bitboards or ``(N, 64)`` planes)."""
    import numpy as np

    boards = np.asarray(boards)
    side = np.asarray(black_to_move, dtype=bool).reshape(-1)
    if boards.ndim != 2 or boards.shape[1] not in (2, 64):
        raise ValueError(f"boards: shape {boards.shape}, expected (N, 2) or (N, 64)")
    if boards.shape[0] != side.shape[0]:
        raise ValueError(
            f"black_to_move: {side.shape[0]} entries for {boards.shape[0]} boards"
        )
    if boards.shape[1] == 64:
        weights = np.uint64(1) << np.arange(64, dtype=np.uint64)
        black = ((boards == 1).astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64)
        white = ((boards == -1).astype(np.uint64) * weights).sum(axis=1, dtype=np.uint64)
        bits = np.stack([black, white], axis=1)
    else:
        bits = boards.astype(np.uint64)
    return [
        Position.from_bitboards(int(b), int(w), bool(s))
        for (b, w), s in zip(bits.tolist(), side.tolist())
    ]


def _bitboard_arrays(black: Any, white: Any, black_to_move: Any) -> Tuple[bytes, bytes, bytes]:
    import numpy as np

    b = np.ascontiguousarray(black, dtype="<u8").reshape(-1)
    w = np.ascontiguousarray(white, dtype="<u8").reshape(-1)
    s = np.ascontiguousarray(black_to_move, dtype=bool).reshape(-1)
    return b.tobytes(), w.tobytes(), s.astype(np.uint8).tobytes()


def solve_arrays(
    black: Any,
    white: Any,
    black_to_move: Any,
    *,
    mode: Mode = "exact",
    all_best: bool = False,
    algo: Optional[str] = None,
    jobs: Optional[int] = None,
    threads: int = 1,
    hash_mb: int = 64,
    time_limit: Optional[float] = None,
    node_limit: Optional[int] = None,
    options: Optional[SearchOptions] = None,
) -> Dict[str, Any]:
    """Solves positions given as NumPy arrays, with no record per position:
    ``black`` and ``white`` uint64 bitboards (bit 0 = a1) and
    ``black_to_move`` bools, all of length N. Returns a dict of arrays of
    length N, in input order: ``solved`` (bool), ``score`` (int32: the exact
    score, or with ``"wld"``/``("bound", k)`` the proven lower bound),
    ``lower`` and ``upper`` (int32), ``best_move`` (uint8 index, 64 when the
    side to move has no move), ``best_moves`` (uint64 mask: every best move
    with ``all_best``, else the one) and ``nodes`` (uint64). ``jobs`` threads
    (default every core) each with a table of ``hash_mb``; the GIL is
    released, and Ctrl-C raises ``KeyboardInterrupt``. Limits and
    ``options`` (:class:`SearchOptions`) are per position.

    >>> import numpy as np
    >>> ffo1 = "--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X"
    >>> boards, side = to_numpy([Position(ffo1)])
    >>> out = solve_arrays(boards[:, 0], boards[:, 1], side)
    >>> int(out["score"][0]), name_of(int(out["best_move"][0])), bool(out["solved"][0])
    (18, 'g8', True)
    """
    import os

    import numpy as np

    m, k = _mode(mode)
    cols = _solve_arrays(
        *_bitboard_arrays(black, white, black_to_move), m, k, all_best, algo,
        jobs or os.cpu_count() or 1, threads, hash_mb, time_limit, node_limit, _knobs(options),
    )
    return {
        "solved": np.frombuffer(cols[0], dtype=np.uint8).astype(bool),
        "score": np.frombuffer(cols[1], dtype="<i4").copy(),
        "lower": np.frombuffer(cols[2], dtype="<i4").copy(),
        "upper": np.frombuffer(cols[3], dtype="<i4").copy(),
        "best_move": np.frombuffer(cols[4], dtype=np.uint8).copy(),
        "best_moves": np.frombuffer(cols[5], dtype="<u8").copy(),
        "nodes": np.frombuffer(cols[6], dtype="<u8").copy(),
    }


def evaluate_arrays(black: Any, white: Any, black_to_move: Any) -> Any:
    """:func:`evaluate` of positions given as arrays (as
    :func:`solve_arrays`): a float32 array, the GIL released.

    >>> import numpy as np
    >>> evaluate_arrays(np.array([0x810000000], dtype=np.uint64),
    ...                 np.array([0x1008000000], dtype=np.uint64), [True]).dtype.name
    'float32'
    """
    import numpy as np

    raw = _evaluate_arrays(*_bitboard_arrays(black, white, black_to_move))
    return np.frombuffer(raw, dtype="<f4").copy()

