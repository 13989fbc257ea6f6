#!/usr/bin/env python3
"""The same NBoard and GTP sessions against two engines, as transcripts.

    scripts/protocol-transcripts.py --nboard "CMD" --gtp "CMD" --out PREFIX
    scripts/protocol-transcripts.py --ping-latency N --nboard "CMD"

Runs one fixed NBoard script against the NBoard command and one GTP script
against the GTP command, and writes PREFIX-nboard.txt and PREFIX-gtp.txt:
each line sent as "> line", each line received as "< line". Replies are
read until the engine is quiet for a moment (NBoard has no end-of-reply
mark; `go` waits for its `===`, `ping N` for its `pong N`). Run it for
ours and for Edax and compare the shapes of the replies.

With --ping-latency N it instead starts N long searches (hint 1 at depth
60 on a position with 36 empties), sends `ping` 0.2 s into each, and
prints the time from the ping to its pong: median and largest.
"""
import argparse
import importlib.util
import os
import queue
import shlex
import subprocess
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
spec = importlib.util.spec_from_file_location("match", os.path.join(HERE, "gtp-match.py"))
rules = importlib.util.module_from_spec(spec)
spec.loader.exec_module(rules)

START = "8 ---------------------------O*------*O--------------------------- *"


def ggf(moves):
    """A GGF record of moves from the start, passes written out."""
    b, color, body = rules.start(), 1, ""
    for sq in moves:
        if not rules.legal(b, color):
            body += ("B" if color == 1 else "W") + "[PA]"
            color = 3 - color
        body += ("B" if color == 1 else "W") + "[" + rules.name(sq).upper() + "]"
        for x in rules.flips(b, color, sq) + [sq]:
            b[x] = color
        color = 3 - color
    return f"(;GM[Othello]PC[transcript]PB[a]PW[b]RE[?]TI[5:00]TY[8]BO[{START}]{body};)"


def game_to(seed, stop):
    """A seeded random game, cut where stop(board, color, moves) says."""
    import random

    rng = random.Random(seed)
    while True:
        b, color, moves = rules.start(), 1, []
        while True:
            legal = rules.legal(b, color)
            if stop(b, color, moves, legal):
                return moves
            if not legal:
                if not rules.legal(b, 3 - color):
                    break
                color = 3 - color
                continue
            sq = rng.choice(legal)
            for x in rules.flips(b, color, sq) + [sq]:
                b[x] = color
            moves.append(sq)
            color = 3 - color


class Session:
    def __init__(self, cmd, log):
        self.p = subprocess.Popen(
            shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1
        )
        self.q = queue.Queue()
        self.log = log
        self.arrived = {}
        threading.Thread(target=self._read, daemon=True).start()

    def _read(self):
        for line in self.p.stdout:
            self.arrived[line.rstrip("\n")] = time.time()
            self.q.put(line.rstrip("\n"))
        self.q.put(None)

    def send(self, line, until=None, quiet=0.5, limit=60.0):
        self.log.append("> " + line)
        self.p.stdin.write(line + "\n")
        self.p.stdin.flush()
        start, seen = time.time(), until is None
        while time.time() - start < limit:
            try:
                l = self.q.get(timeout=quiet)
            except queue.Empty:
                if seen:
                    return
                continue
            if l is None:
                return
            self.log.append("< " + l)
            if until is not None and l.startswith(until):
                seen = True

    def close(self):
        try:
            self.p.stdin.close()
        except Exception:
            pass
        try:
            self.p.wait(timeout=5)
        except subprocess.TimeoutExpired:
            self.p.kill()


def nboard(cmd):
    log = []
    s = Session(cmd, log)
    opening = [rules.parse_sq(m) for m in ["f5", "f6", "e6", "f4"]]
    passing = game_to(3, lambda b, c, m, legal: len(m) > 20 and not legal and rules.legal(b, 3 - c))
    late = game_to(5, lambda b, c, m, legal: b.count(0) == 14 and legal)
    s.send("nboard 2", until="set myname")
    s.send("set depth 6")
    s.send("set game " + ggf(opening))
    s.send("ping 1", until="pong 1")
    s.send("hint 3", quiet=1.0)
    s.send("go", until="===")
    s.send("ping 2", until="pong 2")
    s.send("move E3")
    s.send("go", until="===")
    s.send("ping 3", until="pong 3")
    s.send("set game " + ggf(passing))
    s.send("go", until="===")
    s.send("ping 4", until="pong 4")
    s.send("set game " + ggf(late))
    s.send("hint 2", quiet=2.0)
    s.send("ping 5", until="pong 5")
    s.send("frobnicate")
    s.send("move Z9")
    s.send("set depth 20")
    s.send("set game " + ggf(game_to(7, lambda b, c, m, legal: b.count(0) == 36 and legal)))
    s.send("hint 1", quiet=0.3, limit=0.3)
    s.send("ping 6", until="pong 6")
    s.send("quit")
    s.close()
    return log


def gtp(cmd):
    log = []
    s = Session(cmd, log)
    for line in [
        "protocol_version",
        "name",
        "version",
        "boardsize 8",
        "clear_board",
        "play b f5",
        "genmove w",
        "showboard",
        "undo",
        "play w f6",
        "play b z9",
        "play w a1",
        "frobnicate",
        "genmove b",
        "final_score",
        "list_commands",
        "quit",
    ]:
        s.send(line, quiet=1.0)
    s.close()
    return log


def ping_latency(cmd, n):
    log = []
    s = Session(cmd, log)
    s.send("nboard 2", until="set myname")
    s.send("set depth 60")
    times = []
    for k in range(n):
        moves = game_to(100 + k, lambda b, c, m, legal: b.count(0) == 36 and legal)
        s.send("set game " + ggf(moves))
        s.send("hint 1", quiet=0.2, limit=0.2)
        t0 = time.time()
        s.send(f"ping {k}", until=f"pong {k}", quiet=0.01)
        if f"pong {k}" not in s.arrived:
            raise SystemExit(f"no pong {k}")
        times.append(s.arrived[f"pong {k}"] - t0)
    s.send("quit")
    s.close()
    times.sort()
    print(f"{n} pings during searches: median {1000 * times[n // 2]:.1f} ms, largest {1000 * times[-1]:.1f} ms")


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nboard", required=True)
    ap.add_argument("--gtp")
    ap.add_argument("--out", help="prefix of the two transcript files")
    ap.add_argument("--ping-latency", type=int, metavar="N")
    a = ap.parse_args()
    if a.ping_latency:
        ping_latency(a.nboard, a.ping_latency)
        return
    if not (a.gtp and a.out):
        ap.error("--gtp and --out are needed for transcripts")
    for kind, fn, cmd in (("nboard", nboard, a.nboard), ("gtp", gtp, a.gtp)):
        log = fn(cmd)
        with open(f"{a.out}-{kind}.txt", "w") as f:
            f.write(f"# {kind} session of: {cmd}\n")
            f.write("\n".join(log) + "\n")


if __name__ == "__main__":
    main()
