/*
 * An example engine for nodeprof: Connect 4 by nega-alpha (alpha-beta in negamax form,
 * fail-soft), centre-first move order, the threats evaluation at the horizon, behind UGI.
 * It counts its nodes with nodeprof's probe (probes/c/nodeprof_probe.h) and writes a search
 * trace when the option Trace names a file. It is nodeprof's `alphabeta` variant, node for
 * node: the test tests/probes.rs checks that its counters and its traces are nodeprof's.
 *
 *   cc -O2 -DNODEPROF_TRACE -Iprobes/c -o connect4 examples/engines/connect4.c
 *   nodeprof search connect4:end-easy -d 8 --engine "name=c4 cmd=./connect4 proto=ugi"
 *
 * The board is two bitboards (the stones of the side to move and all stones), seven bits a
 * column, the bottom cell the lowest bit: a column's move is an addition. */

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "nodeprof_probe.h"

enum { WIDTH = 7, HEIGHT = 6, SQUARES = WIDTH * HEIGHT, WIN_BONUS = 10000 };
static const long long INF = 1000000000;
static const int CENTRE_FIRST[WIDTH] = {3, 2, 4, 1, 5, 0, 6};

typedef struct {
    uint64_t current; /* the side to move's stones */
    uint64_t mask;    /* every stone */
    int moves;
} Board;

static uint64_t bottom(int col) { return 1ULL << (col * (HEIGHT + 1)); }
static uint64_t top(int col) { return 1ULL << (HEIGHT - 1 + col * (HEIGHT + 1)); }
static uint64_t column(int col) { return ((1ULL << HEIGHT) - 1) << (col * (HEIGHT + 1)); }

static uint64_t board_bits(void) {
    uint64_t b = 0;
    for (int c = 0; c < WIDTH; c++)
        b |= column(c);
    return b;
}

static int popcount(uint64_t x) { return __builtin_popcountll(x); }

/* Whether `stones` hold four in a row. */
static int aligned(uint64_t stones) {
    const int shifts[4] = {1, HEIGHT, HEIGHT + 1, HEIGHT + 2};
    for (int i = 0; i < 4; i++) {
        uint64_t m = stones & (stones >> shifts[i]);
        if (m & (m >> (2 * shifts[i])))
            return 1;
    }
    return 0;
}

/* The empty cells where one more stone would make four for `stones`. */
static uint64_t winning_squares(uint64_t stones, uint64_t mask) {
    const int s = HEIGHT + 1;
    uint64_t r = (stones << 1) & (stones << 2) & (stones << 3);
    const int shifts[3] = {s, s - 1, s + 1};
    for (int i = 0; i < 3; i++) {
        int d = shifts[i];
        uint64_t p = (stones << d) & (stones << (2 * d));
        r |= p & (stones << (3 * d));
        r |= p & (stones >> d);
        p = (stones >> d) & (stones >> (2 * d));
        r |= p & (stones << d);
        r |= p & (stones >> (3 * d));
    }
    return r & (board_bits() ^ mask);
}

static int can_play(const Board *b, int col) { return (b->mask & top(col)) == 0; }

static Board play(const Board *b, int col) {
    Board next = *b;
    next.current ^= next.mask;
    next.mask |= next.mask + bottom(col);
    next.moves++;
    return next;
}

/* Over when the side that just moved has four, or the board is full. */
static int is_over(const Board *b) {
    return b->moves == SQUARES || aligned(b->current ^ b->mask);
}

/* A finished game's value for the side to move: lost by the stones left, else drawn. */
static long long final_value(const Board *b) {
    if (!aligned(b->current ^ b->mask))
        return 0;
    int margin = (SQUARES + 2 - b->moves) / 2;
    return -(margin + WIN_BONUS);
}

static long long evaluate(const Board *b) {
    return popcount(winning_squares(b->current, b->mask)) -
           popcount(winning_squares(b->current ^ b->mask, b->mask));
}

typedef struct {
    nodeprof_counters counters;
    nodeprof_trace trace;
    int best_move;
} Search;

static long long alphabeta(Search *s, const Board *b, int depth, long long alpha,
                           long long beta, int ply, int move) {
    char text[2] = {ply > 0 ? (char)('1' + move) : '-', '\0'};
    (void)text;
    NODEPROF_TRACE_ENTER(&s->trace, text, alpha, beta, depth);
    if (depth == 0 || is_over(b)) {
        NODEPROF_COUNT(&s->counters, leaf);
        long long value = is_over(b) ? final_value(b) : evaluate(b);
        NODEPROF_TRACE_EXIT(&s->trace, value, 0, 0, 0, 0, 0);
        return value;
    }
    NODEPROF_COUNT(&s->counters, interior);
    long long best = -INF, raised = alpha;
    unsigned cut = 0;
    int tried = 0;
    for (int i = 0; i < WIDTH; i++) {
        int col = CENTRE_FIRST[i];
        if (!can_play(b, col))
            continue;
        Board child = play(b, col);
        long long value = -alphabeta(s, &child, depth - 1, -beta, -raised, ply + 1, col);
        int index = tried++;
        if (value <= best)
            continue;
        best = value;
        if (ply == 0)
            s->best_move = col;
        if (value > raised)
            raised = value;
        if (value >= beta) {
            NODEPROF_CUT(&s->counters, index);
            cut = (unsigned)index + 1;
            break;
        }
    }
    NODEPROF_RESULT(&s->counters, best, alpha, beta);
    NODEPROF_TRACE_EXIT(&s->trace, best, cut, 0, 0, 0, 0);
    (void)cut;
    return best;
}

/* `position startpos|fen SEQUENCE [moves M...]`: the columns played, 1 to 7. */
static int set_position(Board *b, char *seq, char *line) {
    *b = (Board){0, 0, 0};
    seq[0] = '\0';
    char *word = strtok(line, " \t\r\n");
    while ((word = strtok(NULL, " \t\r\n"))) {
        if (!strcmp(word, "startpos") || !strcmp(word, "fen"))
            continue;
        if (!strcmp(word, "moves"))
            continue;
        for (const char *c = word; *c; c++) {
            int col = *c - '1';
            if (col < 0 || col >= WIDTH || !can_play(b, col) || is_over(b))
                return 0;
            *b = play(b, col);
            size_t n = strlen(seq);
            if (n + 2 < 64) {
                seq[n] = *c;
                seq[n + 1] = '\0';
            }
        }
    }
    return 1;
}

static void go(Search *s, const Board *b, const char *seq, int depth) {
    memset(&s->counters, 0, sizeof s->counters);
    s->best_move = -1;
    (void)seq;
    NODEPROF_TRACE_BEGIN(&s->trace, "connect4", seq[0] ? seq : "startpos", seq[0] ? seq : "startpos");
    clock_t started = clock();
    long long value = alphabeta(s, b, depth, -INF, INF, 0, -1);
    long long ms = (long long)((clock() - started) * 1000 / CLOCKS_PER_SEC);
    if (s->trace.out)
        fflush(s->trace.out);
    unsigned long long nodes = s->counters.leaf + s->counters.interior;
    printf("info depth %d score cp %lld nodes %llu time %lld", depth, value, nodes, ms);
    if (s->best_move >= 0)
        printf(" pv %d", s->best_move + 1);
    printf("\n");
    NODEPROF_REPORT(stdout, "info string ", (unsigned)depth, &s->counters);
    if (s->best_move >= 0)
        printf("bestmove %d\n", s->best_move + 1);
    else
        printf("bestmove (none)\n");
    fflush(stdout);
}

static void set_option(Search *s, char *line) {
    char *name = strstr(line, "name ");
    char *value = strstr(line, " value ");
    if (!name || !value || strncmp(name + 5, "Trace", 5) != 0)
        return;
    value += 7;
    value[strcspn(value, "\r\n")] = '\0';
    if (s->trace.out)
        fclose(s->trace.out);
    s->trace.out = *value ? fopen(value, "w") : NULL;
    if (*value && !s->trace.out)
        printf("info string cannot write the trace to %s\n", value);
}

int main(void) {
    static char line[4096];
    char seq[64] = "";
    Board board = {0, 0, 0};
    Search search = {.trace = {NULL, INF}};
    while (fgets(line, sizeof line, stdin)) {
        char word[16] = "";
        sscanf(line, "%15s", word);
        if (!strcmp(word, "ugi") || !strcmp(word, "uci") || !strcmp(word, "uai")) {
            printf("id name nodeprof-example-connect4\nid author nodeprof\n");
            printf("option name Trace type string default\n%sok\n", word);
        } else if (!strcmp(word, "isready")) {
            printf("readyok\n");
        } else if (!strcmp(word, "setoption")) {
            set_option(&search, line);
        } else if (!strcmp(word, "position")) {
            if (!set_position(&board, seq, line))
                printf("info string illegal position\n");
        } else if (!strcmp(word, "go")) {
            int depth = 8;
            char *d = strstr(line, "depth ");
            if (d)
                depth = atoi(d + 6);
            go(&search, &board, seq, depth < 1 ? 1 : depth);
        } else if (!strcmp(word, "quit")) {
            break;
        }
        fflush(stdout);
    }
    if (search.trace.out)
        fclose(search.trace.out);
    return 0;
}
