"""A Gymnasium environment of Othello against a chosen opponent.

Importing this module registers it as ``othello_solver/Othello-v0``
(Gymnasium is an optional dependency: ``pip install gymnasium``).

- **Observation**: an int8 array of shape ``(3, 8, 8)``: black's discs,
  white's discs, and a plane of ones when black is to move (zeros when
  white is). ``obs[c, row, col]`` holds square ``index = 8 * row + col``:
  the row is the rank (digit) and the column the file (letter), so a1 is
  ``[c, 0, 0]``, h1 is ``[c, 0, 7]`` and a8 ``[c, 7, 0]``.
- **Action**: ``Discrete(65)``: a square index 0-63 (a1 = 0, b1 = 1, ...,
  h8 = 63) or 64, the pass. ``info["action_mask"]`` is the bool array of
  the legal actions (the pass is legal only when no square is).
- **Reward**: 0 until the game ends, then the final disc difference for the
  agent (empties to the winner; ``reward="disc_difference"``, the default)
  or +1/0/-1 (``reward="win_loss"``). An illegal action ends the episode as
  a loss (-64, or -1) with ``info["illegal_action"] = True``.
- **Opponent**, by name: ``"random"``; ``"greedy"`` (the move whose child the
  pattern evaluation likes least for the side then to move); ``"midgame"``
  (the midgame search ``depth`` plies deep); ``"perfect"`` (the midgame
  search, and the exact solver from ``exact_empties`` empties on: perfect
  endgame play); or a callable ``f(position, rng) -> index``.
- **Seeding**: ``reset(seed=...)`` seeds every random choice (the agent's
  colour when ``agent_color="random"``, the random opponent); the searches
  are deterministic, so a seed gives the same game.

>>> import gymnasium as gym
>>> env = gym.make("othello_solver/Othello-v0", opponent="greedy")
>>> obs, info = env.reset(seed=1)
>>> obs.shape, int(info["action_mask"].sum())
((3, 8, 8), 4)
"""

from __future__ import annotations

from typing import Any, Callable, Dict, Optional, Tuple, Union

import numpy as np

try:
    import gymnasium as gym
    from gymnasium import spaces
except ImportError as e:  # pragma: no cover - the message is the point
    raise ImportError(
        "othello_solver.env needs Gymnasium: pip install gymnasium"
    ) from e

from . import PASS, Engine, Position, evaluate_many

Opponent = Union[str, Callable[[Position, np.random.Generator], int]]

_SHIFTS = np.arange(64, dtype=np.uint64)


def observation(position: Position) -> np.ndarray:
    """The ``(3, 8, 8)`` int8 observation of a position (see the module)."""
    bits = np.array([position.black, position.white], dtype=np.uint64)
    planes = ((bits[:, None] >> _SHIFTS) & np.uint64(1)).astype(np.int8).reshape(2, 8, 8)
    side = np.full((1, 8, 8), 1 if position.black_to_move else 0, dtype=np.int8)
    return np.concatenate([planes, side])


class OthelloEnv(gym.Env):
    """Othello for one agent against an opponent (see the module's text)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 4}

    def __init__(
        self,
        opponent: Opponent = "random",
        agent_color: str = "black",
        reward: str = "disc_difference",
        depth: int = 4,
        exact_empties: int = 14,
        render_mode: Optional[str] = None,
    ) -> None:
        if agent_color not in ("black", "white", "random"):
            raise ValueError(f"agent_color: {agent_color!r}, expected 'black', 'white' or 'random'")
        if reward not in ("disc_difference", "win_loss"):
            raise ValueError(f"reward: {reward!r}, expected 'disc_difference' or 'win_loss'")
        if not callable(opponent) and opponent not in ("random", "greedy", "midgame", "perfect"):
            raise ValueError(
                f"opponent: {opponent!r}, expected 'random', 'greedy', 'midgame', 'perfect' "
                "or a callable"
            )
        if not 1 <= depth <= 60:
            raise ValueError(f"depth: {depth}, expected 1 to 60")
        if not 0 <= exact_empties <= 30:
            raise ValueError(f"exact_empties: {exact_empties}, expected 0 to 30")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode: {render_mode!r}, expected None or 'ansi'")
        self.opponent = opponent
        self.agent_color = agent_color
        self.reward_kind = reward
        self.depth = depth
        self.exact_empties = exact_empties
        self.render_mode = render_mode
        self.observation_space = spaces.Box(low=0, high=1, shape=(3, 8, 8), dtype=np.int8)
        self.action_space = spaces.Discrete(65)
        self._engine: Optional[Engine] = None
        self.position = Position()
        self._agent_black = True

    # -- the opponent -------------------------------------------------------

    def _engine_(self) -> Engine:
        if self._engine is None:
            self._engine = Engine(hash_mb=16)
        return self._engine

    def _opponent_move(self, p: Position) -> int:
        moves = p.legal_mask
        if moves == 0:
            return PASS
        indices = [i for i in range(64) if moves >> i & 1]
        if callable(self.opponent):
            return int(self.opponent(p, self.np_random))
        if self.opponent == "random":
            return int(indices[self.np_random.integers(len(indices))])
        if self.opponent == "greedy":
            values = evaluate_many([p.play(i) for i in indices])
            return indices[int(np.argmin(values))]
        if self.opponent == "perfect" and p.empties <= self.exact_empties:
            return self._engine_().solve(p)[0]
        return self._engine_().think(p, depth=self.depth, exact_empties=0)[0]

    # -- the game -----------------------------------------------------------

    def _agent_to_move(self) -> bool:
        return self.position.black_to_move == self._agent_black

    def _info(self) -> Dict[str, Any]:
        return {
            "action_mask": self.position.action_mask(),
            "position": str(self.position),
            "agent_color": "black" if self._agent_black else "white",
        }

    def _play_opponent(self) -> None:
        while not self.position.is_terminal() and not self._agent_to_move():
            self.position = self.position.play(self._opponent_move(self.position))

    def _final_reward(self) -> float:
        score = self.position.final_score()
        # final_score is for the side to move: turn it to the agent's view.
        ours = score if self._agent_to_move() else -score
        if self.reward_kind == "win_loss":
            return float(np.sign(ours))
        return float(ours)

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[Dict[str, Any]] = None
    ) -> Tuple[np.ndarray, Dict[str, Any]]:
        """A new game from the start (or ``options["position"]``, a Position
        or its text); the opponent moves first when it has the move."""
        super().reset(seed=seed)
        if self.agent_color == "random":
            self._agent_black = bool(self.np_random.integers(2) == 0)
        else:
            self._agent_black = self.agent_color == "black"
        start = (options or {}).get("position")
        self.position = Position(str(start)) if start is not None else Position()
        self._play_opponent()
        return observation(self.position), self._info()

    def step(self, action: Any) -> Tuple[np.ndarray, float, bool, bool, Dict[str, Any]]:
        """Plays the agent's action, then the opponent's replies until the
        agent is to move again or the game is over."""
        if self.position.is_terminal():
            raise RuntimeError("step after the game ended: call reset()")
        a = int(action)
        mask = self.position.action_mask()
        if not 0 <= a <= PASS or not mask[a]:
            info = self._info()
            info["illegal_action"] = True
            loss = -1.0 if self.reward_kind == "win_loss" else -64.0
            return observation(self.position), loss, True, False, info
        self.position = self.position.play(a)
        self._play_opponent()
        done = self.position.is_terminal()
        reward = self._final_reward() if done else 0.0
        return observation(self.position), reward, done, False, self._info()

    def render(self) -> Optional[str]:
        """The board as text (``render_mode="ansi"``): ranks 1-8 down, files
        a-h across, ``X`` black, ``O`` white."""
        if self.render_mode != "ansi":
            return None
        b = self.position.board
        rows = ["  a b c d e f g h"]
        for r in range(8):
            rows.append(f"{r + 1} " + " ".join(b[8 * r: 8 * r + 8]))
        rows.append(f"{'black' if self.position.black_to_move else 'white'} to move")
        return "\n".join(rows) + "\n"


gym.register(id="othello_solver/Othello-v0", entry_point="othello_solver.env:OthelloEnv")
