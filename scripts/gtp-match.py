#!/usr/bin/env python3
"""A match between two GTP Othello engines from seeded WTHOR openings.

    scripts/gtp-match.py --a "CMD A" --b "CMD B" [--openings 50] [--seed 1]
        [--plies 8] [--time SECONDS] [--wthor DIR] [--log FILE.jsonl]

Each opening is the position after the first PLIES moves of a distinct WTHOR
game (distinct move sequences, drawn with SEED from every .wtb file of DIR),
played twice: A with black, then A with white. With --time each engine gets
that many seconds per game (time_settings T 0 0, and time_left before each
genmove; the script's wall clock of each genmove is charged, and a player
who goes over is marked in the log but not forfeited). Each game's row
gives every move's empties and seconds (a_moves, b_moves). Without it, each
engine plays as its command line says (a fixed depth, for instance).

The script keeps the rules itself and checks every move. An illegal move, a
crash or a bad reply loses that game for the side that made it. Prints one
line a game and the score of A in per cent with its 95 % error bar
(1.96 standard errors of the per-game points).
"""
import argparse
import json
import math
import os
import random
import shlex
import subprocess
import sys
import time

DIRS = [(-1, -1), (-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0), (1, 1)]


def flips(board, color, sq):
    """The squares a move of color on sq turns over (board: 64 of 0, 1, 2)."""
    if board[sq] != 0:
        return []
    r0, c0 = divmod(sq, 8)
    out = []
    for dr, dc in DIRS:
        r, c, line = r0 + dr, c0 + dc, []
        while 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == 3 - color:
            line.append(r * 8 + c)
            r, c = r + dr, c + dc
        if line and 0 <= r < 8 and 0 <= c < 8 and board[r * 8 + c] == color:
            out += line
    return out


def legal(board, color):
    return [s for s in range(64) if flips(board, color, s)]


def name(sq):
    return "abcdefgh"[sq % 8] + str(sq // 8 + 1)


def parse_sq(text):
    t = text.strip().lower()
    if len(t) != 2 or t[0] not in "abcdefgh" or t[1] not in "12345678":
        return None
    return (int(t[1]) - 1) * 8 + "abcdefgh".index(t[0])


def start():
    b = [0] * 64
    b[27] = b[36] = 2  # d4, e5 white
    b[28] = b[35] = 1  # e4, d5 black
    return b


def openings(wthor, count, plies, seed):
    seqs = set()
    for f in sorted(os.listdir(wthor)):
        if not f.lower().endswith(".wtb"):
            continue
        data = open(os.path.join(wthor, f), "rb").read()
        for off in range(16, len(data) - 67, 68):
            moves = []
            for byte in data[off + 8 : off + 8 + plies]:
                row, col = divmod(byte, 10)
                if not (1 <= row <= 8 and 1 <= col <= 8):
                    break
                moves.append((row - 1) * 8 + col - 1)
            if len(moves) == plies:
                seqs.add(tuple(moves))
    pool = sorted(seqs)
    random.Random(seed).shuffle(pool)
    out = []
    for seq in pool:
        b, color, ok = start(), 1, True
        for sq in seq:
            if not legal(b, color):
                color = 3 - color
            f = flips(b, color, sq)
            if not f:
                ok = False
                break
            for x in f + [sq]:
                b[x] = color
            color = 3 - color
        if ok:
            out.append(list(seq))
        if len(out) == count:
            break
    return out


class Engine:
    def __init__(self, cmd, label):
        self.label = label
        self.p = subprocess.Popen(
            shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )

    def ask(self, line):
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        reply = []
        while True:
            l = self.p.stdout.readline()
            if l == "":
                raise RuntimeError(f"{self.label} closed its output after {line!r}")
            l = l.rstrip("\n")
            if l == "" and reply:
                break
            # A reply starts with = or ?; anything before it is the engine's
            # own chatter (Edax sometimes prints a line of its own there).
            if reply or l.startswith(("=", "?")):
                reply.append(l)
        head = reply[0]
        ok = head.startswith("=")
        text = head.split(" ", 1)[1] if " " in head else ""
        return ok, "\n".join([text] + reply[1:]).strip()

    def close(self):
        try:
            self.ask("quit")
        except Exception:
            pass
        self.p.kill()


def play_game(black, white, opening, per_game):
    """Plays one game; returns black's final disc difference, a note, who
    went over time, the seconds each side used and, per side, each move's
    (empties, seconds) (by colour)."""
    engines = {1: black, 2: white}
    for e in engines.values():
        e.ask("clear_board")
        if per_game:
            e.ask(f"time_settings {per_game:g} 0 0")
    b, color = start(), 1
    for sq in opening:
        if not legal(b, color):
            color = 3 - color
        for e in engines.values():
            ok, msg = e.ask(f"play {'b' if color == 1 else 'w'} {name(sq)}")
            if not ok:
                raise RuntimeError(f"{e.label} refused opening move {name(sq)}: {msg}")
        for x in flips(b, color, sq) + [sq]:
            b[x] = color
        color = 3 - color
    left = {1: per_game, 2: per_game}
    used = {1: 0.0, 2: 0.0}
    over = {1: False, 2: False}
    per_move = {1: [], 2: []}
    passes = 0
    while passes < 2:
        moves = legal(b, color)
        c = "b" if color == 1 else "w"
        if not moves:
            passes += 1
            color = 3 - color
            continue
        passes = 0
        me, other = engines[color], engines[3 - color]
        if per_game:
            me.ask(f"time_left {c} {max(left[color], 0.0):.2f} 0")
        t0 = time.time()
        ok, reply = me.ask(f"genmove {c}")
        spent = time.time() - t0
        left[color] -= spent
        used[color] += spent
        per_move[color].append([b.count(0), round(spent, 3)])
        if per_game and left[color] < 0:
            over[color] = True
        sq = parse_sq(reply) if ok else None
        if sq is None or sq not in moves:
            return (-64 if color == 1 else 64), f"{me.label} gave {reply!r}", over, used, per_move
        ok, msg = other.ask(f"play {c} {name(sq)}")
        if not ok:
            return (64 if color == 1 else -64), f"{other.label} refused {name(sq)}: {msg}", over, used, per_move
        for x in flips(b, color, sq) + [sq]:
            b[x] = color
        color = 3 - color
    nb, nw = b.count(1), b.count(2)
    empty = 64 - nb - nw
    diff = nb - nw
    if diff > 0:
        diff += empty
    elif diff < 0:
        diff -= empty
    return diff, "", over, used, per_move


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--a", required=True, help="engine A's command")
    ap.add_argument("--b", required=True, help="engine B's command")
    ap.add_argument("--openings", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--plies", type=int, default=8)
    ap.add_argument("--time", type=float, default=0.0, help="seconds per game and side (0: none)")
    here = os.path.dirname(os.path.abspath(__file__))
    ap.add_argument("--wthor", default=os.path.join(here, "..", "..", "shared", "data", "games", "wthor"))
    ap.add_argument("--log", help="append one JSON line per game")
    args = ap.parse_args()
    ops = openings(args.wthor, args.openings, args.plies, args.seed)
    if len(ops) < args.openings:
        sys.exit(f"only {len(ops)} distinct legal openings found in {args.wthor}")
    a, b = Engine(args.a, "A"), Engine(args.b, "B")
    points = []
    log = open(args.log, "a") if args.log else None
    try:
        for i, op in enumerate(ops):
            for a_black in (True, False):
                black, white = (a, b) if a_black else (b, a)
                try:
                    diff, note, over, used, per_move = play_game(black, white, op, args.time)
                except RuntimeError as e:
                    sys.exit(f"opening {i + 1}: {e}")
                a_diff = diff if a_black else -diff
                pts = 1.0 if a_diff > 0 else 0.5 if a_diff == 0 else 0.0
                points.append(pts)
                row = {
                    "opening": i + 1,
                    "moves": "".join(name(s) for s in op),
                    "a_color": "black" if a_black else "white",
                    "a_disc_diff": a_diff,
                    "a_points": pts,
                    "note": note,
                    "a_over_time": over[1 if a_black else 2],
                    "b_over_time": over[2 if a_black else 1],
                    "a_seconds": round(used[1 if a_black else 2], 3),
                    "b_seconds": round(used[2 if a_black else 1], 3),
                    "a_moves": per_move[1 if a_black else 2],
                    "b_moves": per_move[2 if a_black else 1],
                }
                print(json.dumps(row), flush=True)
                if log:
                    log.write(json.dumps(row) + "\n")
    finally:
        a.close()
        b.close()
    n = len(points)
    mean = sum(points) / n
    var = sum((p - mean) ** 2 for p in points) / max(n - 1, 1)
    err = 1.96 * math.sqrt(var / n)
    print(f"A scored {100 * mean:.1f} % ± {100 * err:.1f} % over {n} games "
          f"({sum(points):g} points; {points.count(1.0)} wins, {points.count(0.5)} draws, {points.count(0.0)} losses)")


if __name__ == "__main__":
    main()
