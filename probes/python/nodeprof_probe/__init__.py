"""nodeprof's probe for Python engines: count a search's nodes as nodeprof counts its own,
report them in nodeprof's counter protocol (version 1) and write search traces (version 1).
See docs/probe.md.

    from nodeprof_probe import probe, tracer

    counters = probe(enabled=True)       # probe(False): an object whose methods do nothing
    counters.leaf(); counters.interior()
    counters.cut(index)                  # a beta cut-off by move `index` (0: the first)
    counters.result(value, alpha, beta)  # a move loop's end: failed high, low, or exact
    counters.extra("x_lmr_fail", 3)      # an engine's own counter
    print(counters.line(depth, prefix="info string "))

    trace = tracer(open("search.trace", "w"), infinity=10**9)   # tracer(None): no trace
    trace.begin("reversi", position_text, "search name")
    trace.enter(move_text, alpha, beta, depth)                  # "-" at the root
    trace.exit(value, cut=0, probes=0, hits=0, table_cut=False, interior=False)
"""

PROTOCOL_VERSION = 1
TRACE_VERSION = 1

# The counters nodeprof reads by these names, in the order the line sends them.
NAMES = (
    "leaf", "interior", "tt_probe", "tt_hit", "tt_cut", "beta_cut", "first_cut",
    "second_cut", "third_cut", "cut_index_sq", "fail_high", "fail_low", "exact_node",
)


class Counters:
    """Plain integers, one a counter."""

    enabled = True

    def __init__(self):
        self.reset()

    def reset(self):
        self.values = dict.fromkeys(NAMES, 0)
        self.extras = {}

    def leaf(self):
        self.values["leaf"] += 1

    def interior(self):
        self.values["interior"] += 1

    def probe(self, hit=False, cut=False):
        """A table probe: whether it found the position, and whether its entry ended the node."""
        v = self.values
        v["tt_probe"] += 1
        v["tt_hit"] += hit
        v["tt_cut"] += cut

    def cut(self, index):
        v = self.values
        v["beta_cut"] += 1
        if index < 3:
            v[("first_cut", "second_cut", "third_cut")[index]] += 1
        v["cut_index_sq"] += (index + 1) * (index + 1)

    def result(self, value, alpha, beta):
        v = self.values
        if value <= alpha:
            v["fail_low"] += 1
        elif value >= beta:
            v["fail_high"] += 1
        else:
            v["exact_node"] += 1

    def extra(self, name, value):
        if not name.startswith("x_"):
            raise ValueError("an engine's own counter is named x_<name>: " + name)
        self.extras[name] = int(value)

    def nodes(self):
        return self.values["leaf"] + self.values["interior"]

    def line(self, depth, prefix="info string "):
        words = [prefix + "nodeprof depth %d" % depth]
        words += ["%s %d" % item for item in self.values.items()]
        words += ["%s %d" % item for item in self.extras.items()]
        return " ".join(words)


class NoCounters:
    """The probe switched off: every method does nothing; `line` is None."""

    enabled = False

    def reset(self):
        pass

    def leaf(self):
        pass

    def interior(self):
        pass

    def probe(self, hit=False, cut=False):
        pass

    def cut(self, index):
        pass

    def result(self, value, alpha, beta):
        pass

    def extra(self, name, value):
        pass

    def nodes(self):
        return None

    def line(self, depth, prefix="info string "):
        return None


def probe(enabled=True):
    """Counters that count (enabled) or a no-op object with the same methods."""
    return Counters() if enabled else NoCounters()


class Trace:
    """A search trace written to `out` (a text file)."""

    enabled = True

    def __init__(self, out, infinity):
        self.out = out
        self.infinity = infinity
        self.started = False

    def _value(self, value):
        if value >= self.infinity:
            return "inf"
        if value <= -self.infinity:
            return "-inf"
        return str(value)

    def begin(self, game, position, name):
        if not self.started:
            self.out.write("nodeprof-trace %d\n" % TRACE_VERSION)
            self.started = True
        self.out.write("search %s\ngame %s\nposition %s\n" % (name, game, position))

    def enter(self, move, alpha, beta, depth):
        self.out.write("( %s %s %s %d\n" % (move, self._value(alpha), self._value(beta), depth))

    def exit(self, value, cut=0, probes=0, hits=0, table_cut=False, interior=False):
        words = [")", self._value(value)]
        if cut:
            words.append("c%d" % cut)
        if probes:
            words.append("p%d" % probes)
        if hits:
            words.append("h%d" % hits)
        if table_cut:
            words.append("t")
        if interior:
            words.append("i")
        self.out.write(" ".join(words) + "\n")

    def flush(self):
        self.out.flush()


class NoTrace:
    """No trace: every method does nothing."""

    enabled = False

    def begin(self, game, position, name):
        pass

    def enter(self, move, alpha, beta, depth):
        pass

    def exit(self, value, cut=0, probes=0, hits=0, table_cut=False, interior=False):
        pass

    def flush(self):
        pass


def tracer(out, infinity=10**9):
    """A trace writer to `out`, or a no-op object when `out` is None."""
    return Trace(out, infinity) if out is not None else NoTrace()
