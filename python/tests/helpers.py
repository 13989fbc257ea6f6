"""Helpers shared by the tests."""

import random

from othello_solver import Position


def random_positions(count, empties_range, seed):
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        p = Position()
        target = rng.randint(*empties_range)
        while p.empties > target and not p.is_terminal():
            moves = p.legal_moves()
            p = p.play(rng.choice(moves)) if moves else p.pass_()
        if p.empties == target and p.legal_moves():
            out.append(p)
    return out
