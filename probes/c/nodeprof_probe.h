/*
 * nodeprof_probe.h: nodeprof's probe for C and C++ engines, one header, no dependencies.
 *
 * It counts a search's nodes as nodeprof counts its own, prints them in nodeprof's counter
 * protocol (version 1), and writes search traces (version 1); see docs/probe.md.
 *
 * Compile with -DNODEPROF_PROBE to count and report; without it every macro below is
 * empty and the engine's code is what it was without the probe. -DNODEPROF_TRACE
 * (which implies NODEPROF_PROBE) compiles in the trace writer as well.
 *
 *   nodeprof_counters counters = {0};
 *   NODEPROF_COUNT(&counters, leaf);                 a leaf (horizon or finished game)
 *   NODEPROF_COUNT(&counters, interior);             every other node
 *   NODEPROF_CUT(&counters, i);                      a beta cut-off by move i (0: the first)
 *   NODEPROF_RESULT(&counters, value, alpha, beta);  a move loop's end: fail high/low/exact
 *   NODEPROF_EXTRA(&counters, 0, "x_lmr_fail", n);   an engine's own counter
 *   NODEPROF_REPORT(stdout, "info string ", depth, &counters);
 *
 * Written for nodeprof (MIT OR Apache-2.0, as nodeprof). */

#ifndef NODEPROF_PROBE_H
#define NODEPROF_PROBE_H

#include <stdint.h>
#include <stdio.h>

#if defined(NODEPROF_TRACE) && !defined(NODEPROF_PROBE)
#define NODEPROF_PROBE
#endif

#define NODEPROF_PROTOCOL_VERSION 1
#define NODEPROF_TRACE_VERSION 1
/* An engine's own counters a report carries at most. */
#define NODEPROF_MAX_EXTRA 8

/* The counters nodeprof reads by these names (docs/counters.md has their meanings). */
typedef struct {
    uint64_t leaf, interior, tt_probe, tt_hit, tt_cut, beta_cut, first_cut, second_cut,
        third_cut, cut_index_sq, fail_high, fail_low, exact_node;
    const char *extra_name[NODEPROF_MAX_EXTRA];
    uint64_t extra[NODEPROF_MAX_EXTRA];
} nodeprof_counters;

#ifdef NODEPROF_PROBE

#define NODEPROF_COUNT(c, name) ((c)->name++)
#define NODEPROF_ADD(c, name, n) ((c)->name += (uint64_t)(n))
#define NODEPROF_CUT(c, index) nodeprof_cut((c), (unsigned)(index))
#define NODEPROF_RESULT(c, value, alpha, beta) \
    nodeprof_result((c), (long long)(value), (long long)(alpha), (long long)(beta))
#define NODEPROF_EXTRA(c, slot, name, n) \
    ((c)->extra_name[(slot)] = (name), (c)->extra[(slot)] = (uint64_t)(n))
#define NODEPROF_REPORT(out, prefix, depth, c) nodeprof_report((out), (prefix), (depth), (c))

static inline void nodeprof_cut(nodeprof_counters *c, unsigned index) {
    uint64_t place = (uint64_t)index + 1;
    c->beta_cut++;
    c->first_cut += index == 0;
    c->second_cut += index == 1;
    c->third_cut += index == 2;
    c->cut_index_sq += place * place;
}

/* A move loop ended with `value` in the window (alpha, beta) it searched with. */
static inline void nodeprof_result(nodeprof_counters *c, long long value, long long alpha,
                                   long long beta) {
    if (value <= alpha)
        c->fail_low++;
    else if (value >= beta)
        c->fail_high++;
    else
        c->exact_node++;
}

/* One counters line: `<prefix>nodeprof depth D leaf N ...` and the engine's own counters.
 * Send it after the iteration's own `info depth D ...` line. */
static inline void nodeprof_report(FILE *out, const char *prefix, unsigned depth,
                                   const nodeprof_counters *c) {
    fprintf(out,
            "%snodeprof depth %u leaf %llu interior %llu tt_probe %llu tt_hit %llu tt_cut %llu "
            "beta_cut %llu first_cut %llu second_cut %llu third_cut %llu cut_index_sq %llu "
            "fail_high %llu fail_low %llu exact_node %llu",
            prefix, depth, (unsigned long long)c->leaf, (unsigned long long)c->interior,
            (unsigned long long)c->tt_probe, (unsigned long long)c->tt_hit,
            (unsigned long long)c->tt_cut, (unsigned long long)c->beta_cut,
            (unsigned long long)c->first_cut, (unsigned long long)c->second_cut,
            (unsigned long long)c->third_cut, (unsigned long long)c->cut_index_sq,
            (unsigned long long)c->fail_high, (unsigned long long)c->fail_low,
            (unsigned long long)c->exact_node);
    for (int i = 0; i < NODEPROF_MAX_EXTRA; i++)
        if (c->extra_name[i])
            fprintf(out, " %s %llu", c->extra_name[i], (unsigned long long)c->extra[i]);
    fputc('\n', out);
    fflush(out);
}

#else

#define NODEPROF_COUNT(c, name) ((void)0)
#define NODEPROF_ADD(c, name, n) ((void)0)
#define NODEPROF_CUT(c, index) ((void)0)
#define NODEPROF_RESULT(c, value, alpha, beta) ((void)0)
#define NODEPROF_EXTRA(c, slot, name, n) ((void)0)
#define NODEPROF_REPORT(out, prefix, depth, c) ((void)0)

#endif /* NODEPROF_PROBE */

/* Search traces: a node's entry and exit as the search enters and leaves it.
 *
 *   nodeprof_trace trace = {file, 1000000000};    the file, and the engine's infinity
 *   NODEPROF_TRACE_BEGIN(&trace, "connect4", "4453", "my-search");   header block
 *   NODEPROF_TRACE_ENTER(&trace, "4", alpha, beta, depth);           "-" at the root
 *   NODEPROF_TRACE_EXIT(&trace, value, cut, probes, hits, table_cut, interior);
 *
 * `cut` is the move that cut the node off, counted from 1 (0: none); `interior` marks a
 * childless node that is not a leaf. A trace's file is NULL when none is asked for. */
typedef struct {
    FILE *out;
    long long infinity;
} nodeprof_trace;

#ifdef NODEPROF_TRACE

#define NODEPROF_TRACE_BEGIN(t, game, position, name) \
    nodeprof_trace_begin((t), (game), (position), (name))
#define NODEPROF_TRACE_ENTER(t, move, alpha, beta, depth) \
    nodeprof_trace_enter((t), (move), (long long)(alpha), (long long)(beta), (int)(depth))
#define NODEPROF_TRACE_EXIT(t, value, cut, probes, hits, table_cut, interior)             \
    nodeprof_trace_exit((t), (long long)(value), (unsigned)(cut), (uint64_t)(probes), \
                        (uint64_t)(hits), (table_cut), (interior))

/* Writes `value`, or inf / -inf beyond the engine's infinity. */
static inline void nodeprof_trace_value(const nodeprof_trace *t, long long value) {
    if (value >= t->infinity)
        fputs("inf", t->out);
    else if (value <= -t->infinity)
        fputs("-inf", t->out);
    else
        fprintf(t->out, "%lld", value);
}

/* The first line (at the file's start) and a search's header block. */
static inline void nodeprof_trace_begin(nodeprof_trace *t, const char *game,
                                        const char *position, const char *name) {
    if (!t->out)
        return;
    if (ftell(t->out) <= 0)
        fprintf(t->out, "nodeprof-trace %d\n", NODEPROF_TRACE_VERSION);
    fprintf(t->out, "search %s\ngame %s\nposition %s\n", name, game, position);
}

static inline void nodeprof_trace_enter(nodeprof_trace *t, const char *move, long long alpha,
                                        long long beta, int depth) {
    if (!t->out)
        return;
    fprintf(t->out, "( %s ", move);
    nodeprof_trace_value(t, alpha);
    fputc(' ', t->out);
    nodeprof_trace_value(t, beta);
    fprintf(t->out, " %d\n", depth);
}

static inline void nodeprof_trace_exit(nodeprof_trace *t, long long value, unsigned cut,
                                       uint64_t probes, uint64_t hits, int table_cut,
                                       int interior) {
    if (!t->out)
        return;
    fputs(") ", t->out);
    nodeprof_trace_value(t, value);
    if (cut)
        fprintf(t->out, " c%u", cut);
    if (probes)
        fprintf(t->out, " p%llu", (unsigned long long)probes);
    if (hits)
        fprintf(t->out, " h%llu", (unsigned long long)hits);
    if (table_cut)
        fputs(" t", t->out);
    if (interior)
        fputs(" i", t->out);
    fputc('\n', t->out);
}

#else

#define NODEPROF_TRACE_BEGIN(t, game, position, name) ((void)0)
#define NODEPROF_TRACE_ENTER(t, move, alpha, beta, depth) ((void)0)
#define NODEPROF_TRACE_EXIT(t, value, cut, probes, hits, table_cut, interior) ((void)0)

#endif /* NODEPROF_TRACE */

#endif /* NODEPROF_PROBE_H */
