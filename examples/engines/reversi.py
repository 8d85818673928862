#!/usr/bin/env python3
"""An example engine for nodeprof: Reversi by nega-alpha (alpha-beta in negamax form,
fail-soft), moves in square order (a1, b1, ..., h8), the disc difference at the horizon,
behind UGI. It counts its nodes with nodeprof's Python probe (probes/python) and writes a
search trace when the option Trace names a file. It is nodeprof's `alphabeta` variant with
`--eval disc`, node for node: tests/probes.rs checks its counters and traces.

    nodeprof search ffo:1..19 -d 4 --engine name=py cmd=python3 \\
        args=examples/engines/reversi.py proto=ugi

The board is two integers of 64 bits (the side to move's discs and the other side's), bit
0 the square a1, bit 8 the square a2."""

import os
import sys
import time

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "probes", "python"))
from nodeprof_probe import probe, tracer  # noqa: E402

FULL = (1 << 64) - 1
NOT_A = 0xFEFEFEFEFEFEFEFE  # no disc on the a-file (after a shift towards h)
NOT_H = 0x7F7F7F7F7F7F7F7F
# Directions as (shift, mask of the squares a step may land on).
DIRECTIONS = ((1, NOT_A), (-1, NOT_H), (8, FULL), (-8, FULL), (9, NOT_A), (7, NOT_H), (-7, NOT_A), (-9, NOT_H))
WIN_BONUS = 10000
INF = 10**9
PASS = -1


def shift(bits, d, mask):
    return ((bits << d) & FULL & mask) if d > 0 else ((bits >> -d) & mask)


def move_squares(player, opponent):
    empty = ~(player | opponent) & FULL
    moves = 0
    for d, mask in DIRECTIONS:
        run = shift(player, d, mask) & opponent
        for _ in range(5):
            run |= shift(run, d, mask) & opponent
        moves |= shift(run, d, mask) & empty
    return moves


def flips(player, opponent, square):
    flipped = 0
    for d, mask in DIRECTIONS:
        line = 0
        bit = shift(1 << square, d, mask)
        while bit & opponent:
            line |= bit
            bit = shift(bit, d, mask)
        if bit & player:
            flipped |= line
    return flipped


def moves_of(player, opponent):
    """The moves in square order; a pass alone when only the other side can move."""
    squares = move_squares(player, opponent)
    if not squares:
        return [PASS] if move_squares(opponent, player) else []
    moves = []
    while squares:
        low = squares & -squares
        moves.append(low.bit_length() - 1)
        squares ^= low
    return moves


def play(player, opponent, move):
    """The position after `move`, from the new side to move's view."""
    if move == PASS:
        return opponent, player
    flipped = flips(player, opponent, move)
    return opponent ^ flipped, player | flipped | (1 << move)


def name(move):
    return "pass" if move == PASS else "abcdefgh"[move % 8] + str(move // 8 + 1)


def final_value(player, opponent):
    """A finished game: the disc difference, the empty squares to the winner, and the bonus."""
    diff = bin(player).count("1") - bin(opponent).count("1")
    empties = 64 - bin(player | opponent).count("1")
    if diff > 0:
        return diff + empties + WIN_BONUS
    if diff < 0:
        return diff - empties - WIN_BONUS
    return 0


class Search:
    def __init__(self):
        self.counters = probe(True)
        self.trace = tracer(None)
        self.best = None

    def alphabeta(self, player, opponent, depth, alpha, beta, ply, move):
        self.trace.enter(name(move) if ply else "-", alpha, beta, depth)
        moves = [] if depth == 0 else moves_of(player, opponent)
        if not moves:
            self.counters.leaf()
            if depth > 0 or not moves_of(player, opponent):
                value = final_value(player, opponent)
            else:
                value = bin(player).count("1") - bin(opponent).count("1")
            self.trace.exit(value)
            return value
        self.counters.interior()
        best, raised, cut = -INF, alpha, 0
        for index, mv in enumerate(moves):
            child = play(player, opponent, mv)
            value = -self.alphabeta(child[0], child[1], depth - 1, -beta, -raised, ply + 1, mv)
            if value <= best:
                continue
            best = value
            if ply == 0:
                self.best = mv
            raised = max(raised, value)
            if value >= beta:
                self.counters.cut(index)
                cut = index + 1
                break
        self.counters.result(best, alpha, beta)
        self.trace.exit(best, cut)
        return best


def parse_position(words):
    """`fen BOARD SIDE` (64 squares of X, O and -; X or O to move) or `startpos`."""
    if words[:1] == ["startpos"]:
        board, side = "-" * 27 + "OX" + "-" * 6 + "XO" + "-" * 27, "X"
    else:
        board, side = words[1], words[2]
    black = sum(1 << i for i, c in enumerate(board) if c in "Xx*")
    white = sum(1 << i for i, c in enumerate(board) if c in "Oo")
    text = board + " " + side
    return (black, white, text) if side in "XxBb" else (white, black, text)


def go(search, position, depth, out):
    player, opponent, text = position
    search.counters.reset()
    search.best = None
    search.trace.begin("reversi", text, text)
    started = time.process_time()
    value = search.alphabeta(player, opponent, depth, -INF, INF, 0, None)
    ms = int((time.process_time() - started) * 1000)
    search.trace.flush()
    nodes = search.counters.nodes()
    nodes = "" if nodes is None else " nodes %d" % nodes
    pv = " pv " + name(search.best) if search.best is not None else ""
    out.write("info depth %d score cp %d%s time %d%s\n" % (depth, value, nodes, ms, pv))
    line = search.counters.line(depth)
    if line:
        out.write(line + "\n")
    out.write("bestmove %s\n" % (name(search.best) if search.best is not None else "(none)"))


def main():
    search = Search()
    position = parse_position(["startpos"])
    out = sys.stdout
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        command = words[0]
        if command in ("ugi", "uci", "uai"):
            out.write("id name nodeprof-example-reversi\nid author nodeprof\n")
            out.write("option name Trace type string default\n")
            out.write("option name Counters type check default true\n%sok\n" % command)
        elif command == "isready":
            out.write("readyok\n")
        elif command == "setoption" and len(words) >= 5 and words[2] == "Trace":
            path = line.split(" value ", 1)[1].strip()
            search.trace = tracer(open(path, "w") if path else None, INF)
        elif command == "setoption" and len(words) >= 5 and words[2] == "Counters":
            search.counters = probe(words[4] == "true")
        elif command == "position":
            position = parse_position(words[1:])
        elif command == "go":
            depth = int(words[words.index("depth") + 1]) if "depth" in words else 4
            go(search, position, max(depth, 1), out)
        elif command == "quit":
            break
        out.flush()


if __name__ == "__main__":
    main()
