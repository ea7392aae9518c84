/* The compiled core of the draughts engine: the move generator, the evaluation, the
 * transposition table and the whole alpha-beta search of games/damas/engine/search.py in C.
 *
 * It derives no rule itself: games/damas/engine/compiled.py builds a spec from Rules, the
 * board's rays, make_evaluator's tables and the Zobrist keys, and hands it to Core(). The
 * search is the Python one step for step (same move order, same stable sort, same table
 * replacement, same node counting and clock checks), so that both return the same Thought;
 * tests/games/damas/engine/test_compiled.py holds them to it.
 *
 * Bitboards are uint64_t in the ghost-bit layout of board.py (8x8: 35 bits, 10x10: 54). The
 * GIL is held throughout; nothing here runs on another thread. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

typedef uint64_t u64;

/* The constants of search.py, table.py and ordering.py (CONSTANTS below exports them, and
 * test_compiled.py checks that they are the Python values). */
#define WIN 1000000
#define WON (WIN - 1000)
#define DRAW 0
#define NEVER (1 << 30)
#define MAX_PLY 100
#define CHECK_EVERY 256
#define PRUNE_MARGIN 10
#define FEW_MOVES 3
#define HISTORY_CAP (1LL << 20)
#define KILLER_BONUS (1LL << 40)
#define EXACT 0
#define LOWER 1
#define UPPER 2
/* Limits of this file: bit indices, captures of one route, tables of the spec. */
#define BITS 64
#define MAX_CAPTURES 56 /* more than any bitboard holds squares: a capture takes each once */
#define MAX_PLANES 16
#define MAX_RULES 16
#define EVAL_CACHE 262144 /* slots, a power of two */
#define PATH_FILTER 1024

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int index_of(u64 bit) { return __builtin_ctzll(bit); }
static inline u64 highest(u64 x) { return (u64)1 << (63 - __builtin_clzll(x)); }

/* ---------------------------------------------------------------- moves */

typedef struct {
    u64 start, end, taken;
    u64 king_places; /* bit (63 - place) per king captured at that place of the route */
    uint32_t id;     /* order of emission: the Python route of the same number */
    uint8_t count;   /* pieces captured */
    uint8_t king_capturer;
    uint8_t kings_taken;
} Move;

typedef struct {
    Move *data;
    size_t len, cap;
} Moves;

static int moves_push(Moves *v, const Move *m) {
    if (v->len == v->cap) {
        size_t cap = v->cap ? 2 * v->cap : 1024;
        Move *data = PyMem_Realloc(v->data, cap * sizeof(Move));
        if (!data) {
            PyErr_NoMemory();
            return -1;
        }
        v->data = data;
        v->cap = cap;
    }
    v->data[v->len++] = *m;
    return 0;
}

/* ---------------------------------------------------------------- the core (one rule set) */

typedef struct {
    u64 cone;
    int rows_left;
} Cone;

typedef struct {
    int kings, men, moves;
} EndgameRule;

typedef struct {
    PyObject_HEAD
    int ready; /* initialised once: a search may be reading it */
    /* geometry and rules */
    u64 mask;
    int near, far, size;
    int flying, men_backwards, men_kings, italian;
    u64 promotion[2];
    u64 ray_mask[BITS][4];
    int jumps_n[3][BITS]; /* men of White, men of Black, kings */
    u64 jumps[3][BITS][4][2];
    /* keys */
    u64 key_men[2][BITS + 1], key_kings[2][BITS + 1], black_to_move;
    /* draw rules */
    int king_limit, endgame_pieces, most_kings;
    int endgame_n;
    EndgameRule endgame[MAX_RULES];
    int drawn_n;
    int drawn[MAX_RULES][4]; /* (kings, men) of both sides, sorted */
    /* evaluation */
    int man_value, king_value, supported, runaway, balance, mobility;
    int cornering, closing, ending_diagonal;
    int planes_n[3]; /* men of White, men of Black, kings */
    u64 plane[3][MAX_PLANES];
    int plane_shift[3][MAX_PLANES];
    u64 zone[2];
    Cone cones[2][BITS];
    u64 left_wing, right_wing, main_diagonal;
    int row[BITS], col[BITS];
} Core;

/* Direction d: shift and whether it moves to higher bits (board.py's order). */
static inline int dir_shift(const Core *c, int d) { return (d == 0 || d == 3) ? c->far : c->near; }
static inline int dir_up(int d) { return d >= 2; }
static inline u64 shifted(u64 x, int shift, int up) { return up ? x << shift : x >> shift; }

/* ---------------------------------------------------------------- generator */

typedef struct {
    const Core *c;
    Moves *out;
    PyObject *routes; /* when not NULL, the Python raw route of each move is appended */
    u64 start, kings, empty, jumpable;
    int n; /* captures so far */
    uint8_t path[MAX_CAPTURES + 1];
    uint8_t captured[MAX_CAPTURES];
    uint32_t emitted;
} Gen;

static PyObject *bit_int(int index) { return PyLong_FromUnsignedLongLong((u64)1 << index); }

static PyObject *py_raw(u64 start, u64 end, u64 taken, const uint8_t *path, int path_n,
                        const uint8_t *captured, int captured_n) {
    PyObject *p = PyTuple_New(path_n), *k = PyTuple_New(captured_n);
    if (!p || !k) goto fail;
    for (int i = 0; i < path_n; i++) {
        PyObject *o = bit_int(path[i]);
        if (!o) goto fail;
        PyTuple_SET_ITEM(p, i, o);
    }
    for (int i = 0; i < captured_n; i++) {
        PyObject *o = bit_int(captured[i]);
        if (!o) goto fail;
        PyTuple_SET_ITEM(k, i, o);
    }
    return Py_BuildValue("(KKKNN)", (unsigned long long)start, (unsigned long long)end,
                         (unsigned long long)taken, p, k);
fail:
    Py_XDECREF(p);
    Py_XDECREF(k);
    return NULL;
}

static int emit(Gen *g, u64 end, u64 taken) {
    Move m;
    m.start = g->start;
    m.end = end;
    m.taken = taken;
    m.count = (uint8_t)g->n;
    m.king_capturer = (g->kings & g->start) != 0;
    m.kings_taken = (uint8_t)popcount(taken & g->kings);
    m.king_places = 0;
    for (int i = 0; i < g->n; i++)
        if (g->kings & ((u64)1 << g->captured[i])) m.king_places |= (u64)1 << (63 - i);
    m.id = g->emitted++;
    if (g->routes) {
        PyObject *raw = py_raw(g->start, end, taken, g->path, g->n + 1, g->captured, g->n);
        if (!raw) return -1;
        int failed = PyList_Append(g->routes, raw);
        Py_DECREF(raw);
        if (failed) return -1;
    }
    return moves_push(g->out, &m);
}

static int short_routes(Gen *g, u64 square, u64 taken, int table) {
    const Core *c = g->c;
    int at = index_of(square), extended = 0;
    for (int j = 0; j < c->jumps_n[table][at]; j++) {
        u64 over = c->jumps[table][at][j][0], land = c->jumps[table][at][j][1];
        if ((g->jumpable & over) && !(taken & over) && (g->empty & land)) {
            extended = 1;
            if (g->n >= MAX_CAPTURES) {
                PyErr_SetString(PyExc_ValueError, "a capture route longer than any board");
                return -1;
            }
            g->captured[g->n] = (uint8_t)index_of(over);
            g->path[g->n + 1] = (uint8_t)index_of(land);
            g->n++;
            int failed = short_routes(g, land, taken | over, table);
            g->n--;
            if (failed) return -1;
        }
    }
    if (!extended && taken) return emit(g, square, taken);
    return 0;
}

static int flying_routes(Gen *g, u64 square, u64 taken, int back, u64 victims) {
    const Core *c = g->c;
    int at = index_of(square), extended = 0;
    for (int d = 0; d < 4; d++) {
        if (d == back) continue;
        u64 blockers = c->ray_mask[at][d] & ~g->empty;
        if (!blockers) continue;
        int up = dir_up(d), shift = dir_shift(c, d);
        u64 target = up ? blockers & -blockers : highest(blockers);
        if (!(victims & target)) continue;
        u64 land = shifted(target, shift, up);
        while (g->empty & land) {
            extended = 1;
            if (g->n >= MAX_CAPTURES) {
                PyErr_SetString(PyExc_ValueError, "a capture route longer than any board");
                return -1;
            }
            g->captured[g->n] = (uint8_t)index_of(target);
            g->path[g->n + 1] = (uint8_t)index_of(land);
            g->n++;
            int failed = flying_routes(g, land, taken | target, 3 - d, victims ^ target);
            g->n--;
            if (failed) return -1;
            land = shifted(land, shift, up);
        }
    }
    if (!extended && taken) return emit(g, square, taken);
    return 0;
}

/* Every complete capture route, in the order of movegen.captures. */
static int gen_captures(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out,
                        PyObject *routes) {
    Gen g;
    g.c = c;
    g.out = out;
    g.routes = routes;
    g.kings = kings;
    g.emitted = 0;
    g.n = 0;
    u64 empty = c->mask & ~(own | opp);
    u64 men = own & ~kings;
    int near = c->near, far = c->far;
    if (men) {
        u64 jumpable = c->men_kings ? opp : opp & ~kings;
        u64 groups[4] = {0, 0, 0, 0};
        if (c->men_backwards || colour == 0) {
            groups[0] = men & (jumpable << near) & (empty << (2 * near));
            groups[1] = men & (jumpable << far) & (empty << (2 * far));
        }
        if (c->men_backwards || colour == 1) {
            groups[2] = men & (jumpable >> near) & (empty >> (2 * near));
            groups[3] = men & (jumpable >> far) & (empty >> (2 * far));
        }
        g.jumpable = jumpable;
        for (int k = 0; k < 4; k++) {
            u64 capturers = groups[k];
            int shift = (k == 0 || k == 2) ? near : far, up = k < 2;
            while (capturers) {
                u64 low = capturers & -capturers;
                capturers ^= low;
                u64 over = up ? low >> shift : low << shift;
                u64 land = up ? over >> shift : over << shift;
                g.start = low;
                g.empty = empty | low;
                g.path[0] = (uint8_t)index_of(low);
                g.path[1] = (uint8_t)index_of(land);
                g.captured[0] = (uint8_t)index_of(over);
                g.n = 1;
                if (short_routes(&g, land, over, colour)) return -1;
            }
        }
    }
    u64 own_kings = own & kings;
    g.jumpable = opp;
    while (own_kings) {
        u64 low = own_kings & -own_kings;
        own_kings ^= low;
        g.start = low;
        g.empty = empty | low;
        g.path[0] = (uint8_t)index_of(low);
        g.n = 0;
        if (c->flying) {
            if (flying_routes(&g, low, 0, -1, opp)) return -1;
        } else if (short_routes(&g, low, 0, 2)) {
            return -1;
        }
    }
    return 0;
}

static int can_capture(const Core *c, u64 own, u64 opp, u64 kings, int colour) {
    u64 empty = c->mask & ~(own | opp);
    u64 men = own & ~kings;
    int near = c->near, far = c->far;
    if (men) {
        u64 jumpable = c->men_kings ? opp : opp & ~kings;
        if ((c->men_backwards || colour == 0) &&
            (men & (((jumpable << near) & (empty << (2 * near))) |
                    ((jumpable << far) & (empty << (2 * far))))))
            return 1;
        if ((c->men_backwards || colour == 1) &&
            (men & (((jumpable >> near) & (empty >> (2 * near))) |
                    ((jumpable >> far) & (empty >> (2 * far))))))
            return 1;
    }
    u64 own_kings = own & kings;
    if (!own_kings) return 0;
    if (!c->flying)
        return (own_kings & (((opp << near) & (empty << (2 * near))) |
                             ((opp << far) & (empty << (2 * far))) |
                             ((opp >> near) & (empty >> (2 * near))) |
                             ((opp >> far) & (empty >> (2 * far))))) != 0;
    while (own_kings) {
        u64 low = own_kings & -own_kings;
        own_kings ^= low;
        int at = index_of(low);
        for (int d = 0; d < 4; d++) {
            u64 blockers = c->ray_mask[at][d] & ~empty;
            if (!blockers) continue;
            int up = dir_up(d);
            u64 target = up ? blockers & -blockers : highest(blockers);
            if ((opp & target) && (empty & shifted(target, dir_shift(c, d), up))) return 1;
        }
    }
    return 0;
}

/* Where the king on `low` moves without capture (movegen's king_steps). */
static u64 king_targets(const Core *c, u64 low, u64 empty) {
    int at = index_of(low);
    u64 targets = 0;
    for (int d = 0; d < 4; d++) {
        int up = dir_up(d);
        if (!c->flying) {
            targets |= shifted(low, dir_shift(c, d), up) & empty;
            continue;
        }
        u64 ray = c->ray_mask[at][d];
        u64 blockers = ray & ~empty;
        if (blockers) {
            if (up)
                ray &= (blockers & -blockers) - 1;
            else
                ray &= ~((highest(blockers) << 1) - 1);
        }
        targets |= ray;
    }
    return targets;
}

static int push_quiet(Moves *out, u64 start, u64 end, uint32_t id) {
    Move m;
    memset(&m, 0, sizeof m);
    m.start = start;
    m.end = end;
    m.id = id;
    return moves_push(out, &m);
}

/* Every move without capture, in the order of movegen.quiet. */
static int gen_quiet(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out) {
    u64 empty = c->mask & ~(own | opp);
    u64 men = own & ~kings;
    int near = c->near, far = c->far;
    uint32_t id = 0;
    u64 own_kings = own & kings;
    while (own_kings) {
        u64 low = own_kings & -own_kings;
        own_kings ^= low;
        u64 targets = king_targets(c, low, empty);
        while (targets) {
            u64 t = targets & -targets;
            targets ^= t;
            if (push_quiet(out, low, t, id++)) return -1;
        }
    }
    for (int k = 0; k < 2; k++) {
        int shift = k ? far : near;
        u64 targets = (colour == 0 ? men >> shift : men << shift) & empty;
        while (targets) {
            u64 t = targets & -targets;
            targets ^= t;
            if (push_quiet(out, colour == 0 ? t << shift : t >> shift, t, id++)) return -1;
        }
    }
    return 0;
}

/* Italian rank: most pieces, a king capturing, most kings, kings earliest. */
static int rank_cmp(const Move *a, const Move *b) {
    if (a->count != b->count) return a->count < b->count ? -1 : 1;
    if (a->king_capturer != b->king_capturer) return a->king_capturer < b->king_capturer ? -1 : 1;
    if (a->kings_taken != b->kings_taken) return a->kings_taken < b->kings_taken ? -1 : 1;
    if (a->king_places != b->king_places) return a->king_places < b->king_places ? -1 : 1;
    return 0;
}

/* movegen's choose: the priority rule, then one route per (start, end, taken). Returns the
 * number kept at the front of m[0..n). */
static size_t choose(const Core *c, Move *m, size_t n) {
    if (n < 2) return n;
    size_t best = 0, kept = 0;
    if (c->italian) {
        for (size_t i = 1; i < n; i++)
            if (rank_cmp(&m[i], &m[best]) > 0) best = i;
        for (size_t i = 0; i < n; i++)
            if (rank_cmp(&m[i], &m[best]) == 0) m[kept++] = m[i];
    } else {
        for (size_t i = 1; i < n; i++)
            if (m[i].count > m[best].count) best = i;
        uint8_t most = m[best].count;
        for (size_t i = 0; i < n; i++)
            if (m[i].count == most) m[kept++] = m[i];
    }
    n = kept;
    if (n > 1 && m[0].count > 1) {
        kept = 0;
        for (size_t i = 0; i < n; i++) {
            int seen = 0;
            for (size_t j = 0; j < kept && !seen; j++)
                seen = m[j].start == m[i].start && m[j].end == m[i].end && m[j].taken == m[i].taken;
            if (!seen) m[kept++] = m[i];
        }
        n = kept;
    }
    return n;
}

/* ---------------------------------------------------------------- evaluation */

static int plane_sum(const Core *c, int table, u64 pieces) {
    int score = 0;
    for (int i = 0; i < c->planes_n[table]; i++)
        score += popcount(pieces & c->plane[table][i]) << c->plane_shift[table][i];
    return score;
}

static int king_reach(const Core *c, u64 own, u64 opp, u64 kings, u64 empty) {
    u64 own_kings = own & kings, reach = 0;
    if (c->flying) {
        u64 free = c->mask & ~(own | opp);
        while (own_kings) {
            u64 low = own_kings & -own_kings;
            own_kings ^= low;
            reach |= king_targets(c, low, free);
        }
        return popcount(reach);
    }
    reach = (own_kings >> c->near) | (own_kings << c->near) | (own_kings >> c->far) |
            (own_kings << c->far);
    return popcount(reach & empty);
}

static int ending(const Core *c, u64 strong, u64 weak, u64 kings, u64 empty) {
    int score = -c->cornering * king_reach(c, weak, strong, kings, empty);
    if (c->flying) {
        if (strong & c->main_diagonal) score += c->ending_diagonal;
        if (weak & c->main_diagonal) score -= c->ending_diagonal;
    }
    u64 strong_kings = strong & kings, weak_kings = weak & kings;
    while (weak_kings) {
        u64 low = weak_kings & -weak_kings;
        weak_kings ^= low;
        int a = index_of(low), nearest = c->size;
        u64 hunters = strong_kings;
        while (hunters) {
            u64 hunter = hunters & -hunters;
            hunters ^= hunter;
            int b = index_of(hunter);
            int dr = abs(c->row[a] - c->row[b]), dc = abs(c->col[a] - c->col[b]);
            int distance = dr > dc ? dr : dc;
            if (distance < nearest) nearest = distance;
        }
        score -= c->closing * nearest;
    }
    return score;
}

static int runaways(const Core *c, u64 close, int colour, u64 opp_all) {
    int score = 0;
    while (close) {
        u64 low = close & -close;
        close ^= low;
        const Cone *cone = &c->cones[colour][index_of(low)];
        if (!(cone->cone & opp_all)) score += c->runaway * (4 - cone->rows_left) / 3;
    }
    return score;
}

static int material_drawn(const Core *c, int k1, int m1, int k2, int m2) {
    if (k1 > k2 || (k1 == k2 && m1 > m2)) {
        int t = k1;
        k1 = k2;
        k2 = t;
        t = m1;
        m1 = m2;
        m2 = t;
    }
    for (int i = 0; i < c->drawn_n; i++)
        if (c->drawn[i][0] == k1 && c->drawn[i][1] == m1 && c->drawn[i][2] == k2 &&
            c->drawn[i][3] == m2)
            return 1;
    return 0;
}

static int evaluate(const Core *c, u64 own, u64 opp, u64 kings, int colour) {
    u64 white = colour == 0 ? own : opp, black = colour == 0 ? opp : own;
    u64 white_kings = white & kings, black_kings = black & kings;
    u64 white_men = white ^ white_kings, black_men = black ^ black_kings;
    int near = c->near, far = c->far;
    int score = c->man_value * (popcount(white_men) - popcount(black_men));
    score += plane_sum(c, 0, white_men);
    score -= plane_sum(c, 1, black_men);
    if (kings) {
        score += c->king_value * (popcount(white_kings) - popcount(black_kings));
        score += plane_sum(c, 2, white_kings) - plane_sum(c, 2, black_kings);
    }
    score += c->supported * (popcount(white_men & (white_men << near) & (white_men << far)) -
                             popcount(black_men & (black_men >> near) & (black_men >> far)));
    if (!black_kings && (white_men & c->zone[0]))
        score += runaways(c, white_men & c->zone[0], 0, black);
    if (!white_kings && (black_men & c->zone[1]))
        score -= runaways(c, black_men & c->zone[1], 1, white);
    u64 empty = c->mask ^ (white | black);
    if (c->balance)
        score -= c->balance * (abs(popcount(white_men & c->left_wing) -
                                   popcount(white_men & c->right_wing)) -
                               abs(popcount(black_men & c->left_wing) -
                                   popcount(black_men & c->right_wing)));
    if (c->mobility)
        score += c->mobility *
                 (popcount((white_men >> near) & empty) + popcount((white_men >> far) & empty) -
                  popcount((black_men << near) & empty) - popcount((black_men << far) & empty));
    if (!(white_men | black_men)) {
        /* kings only: drawn material, or the ending's bonus */
        int done = 0;
        if (c->drawn_n && popcount(white | black) <= 3 &&
            material_drawn(c, popcount(white), 0, popcount(black), 0)) {
            score = 0;
            done = 1;
        }
        if (!done) {
            if (score > 0)
                score += ending(c, white, black, kings, empty);
            else if (score < 0)
                score -= ending(c, black, white, kings, empty);
        }
    }
    return colour == 0 ? score : -score;
}

/* ---------------------------------------------------------------- spec parsing */

static int seq_item_u64(PyObject *seq, Py_ssize_t i, u64 *out) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    *out = PyLong_AsUnsignedLongLong(o);
    Py_DECREF(o);
    return PyErr_Occurred() ? -1 : 0;
}

static int seq_item_int(PyObject *seq, Py_ssize_t i, int *out) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    long v = PyLong_AsLong(o);
    Py_DECREF(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = (int)v;
    return 0;
}

/* Reads a sequence of `width`-long integer sequences into rows of `out` (ints or u64s). */
static int read_rows(PyObject *seq, Py_ssize_t rows, Py_ssize_t width, void *out, int wide,
                     Py_ssize_t *count, const char *what) {
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return -1;
    if (count)
        *count = n;
    else if (n != rows) {
        PyErr_Format(PyExc_ValueError, "%s: %zd rows, not %zd", what, n, rows);
        return -1;
    }
    if (n > rows) {
        PyErr_Format(PyExc_ValueError, "%s: more than %zd rows", what, rows);
        return -1;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = PySequence_GetItem(seq, i);
        if (!row) return -1;
        Py_ssize_t w = PySequence_Size(row);
        int failed = w != width;
        if (failed && !PyErr_Occurred())
            PyErr_Format(PyExc_ValueError, "%s: a row of %zd, not %zd", what, w, width);
        for (Py_ssize_t j = 0; j < width && !failed; j++)
            failed = wide ? seq_item_u64(row, j, (u64 *)out + i * width + j)
                          : seq_item_int(row, j, (int *)out + i * width + j);
        Py_DECREF(row);
        if (failed) return -1;
    }
    return 0;
}

static int read_planes(Core *c, int table, PyObject *seq) {
    u64 rows[MAX_PLANES][2];
    Py_ssize_t n;
    if (read_rows(seq, MAX_PLANES, 2, rows, 1, &n, "planes")) return -1;
    c->planes_n[table] = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        c->plane[table][i] = rows[i][0];
        c->plane_shift[table][i] = (int)rows[i][1];
    }
    return 0;
}

static int read_keys(u64 table[2][BITS + 1], PyObject *seq) {
    for (int colour = 0; colour < 2; colour++) {
        PyObject *side = PySequence_GetItem(seq, colour);
        if (!side) return -1;
        Py_ssize_t n = PySequence_Size(side);
        int failed = n < 0 || n > BITS + 1;
        if (failed && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "keys: too many");
        memset(table[colour], 0, sizeof table[colour]);
        for (Py_ssize_t i = 0; i < n && !failed; i++)
            failed = seq_item_u64(side, i, &table[colour][i]);
        Py_DECREF(side);
        if (failed) return -1;
    }
    return 0;
}

static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    if (c->ready) {
        PyErr_SetString(PyExc_RuntimeError, "a Core is initialised once");
        return -1;
    }
    static char *names[] = {"mask", "half", "size", "flying", "men_backwards", "men_kings",
                            "italian", "promotion", "rays", "men_directions", "key_men",
                            "key_kings",
                            "black_to_move", "king_limit", "endgame_pieces", "most_kings",
                            "endgame", "drawn", "man_value", "king_value", "supported",
                            "runaway", "balance", "mobility", "cornering", "closing",
                            "ending_diagonal", "men_planes", "king_planes", "zones", "cones",
                            "wings", "main_diagonal", "places", NULL};
    unsigned long long mask, black_to_move, main_diagonal;
    PyObject *promotion, *rays, *men_directions, *key_men, *key_kings, *endgame, *drawn,
        *men_planes,
        *king_planes, *zones, *cones, *wings, *places;
    int half;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "Kiipppp$OOOOOKiiiOOiiiiiiiiiOOOOOKO", names, &mask, &half, &c->size,
            &c->flying, &c->men_backwards, &c->men_kings, &c->italian, &promotion, &rays,
            &men_directions, &key_men, &key_kings, &black_to_move, &c->king_limit,
            &c->endgame_pieces,
            &c->most_kings, &endgame, &drawn, &c->man_value, &c->king_value, &c->supported,
            &c->runaway, &c->balance, &c->mobility, &c->cornering, &c->closing,
            &c->ending_diagonal, &men_planes, &king_planes, &zones, &cones, &wings,
            &main_diagonal, &places))
        return -1;
    if (mask >> 63 || half < 2 || half > 7) {
        PyErr_SetString(PyExc_ValueError, "a board of more than 64 bits");
        return -1;
    }
    c->mask = mask;
    c->near = half;
    c->far = half + 1;
    c->black_to_move = black_to_move;
    c->main_diagonal = main_diagonal;
    if (seq_item_u64(promotion, 0, &c->promotion[0]) ||
        seq_item_u64(promotion, 1, &c->promotion[1]))
        return -1;
    /* rays: per bit index, per direction, the indices outward (empty for a ghost bit) */
    Py_ssize_t width = PySequence_Size(rays);
    if (width < 0) return -1;
    if (width > BITS - 1) {
        PyErr_SetString(PyExc_ValueError, "rays: more than 63 bits");
        return -1;
    }
    memset(c->ray_mask, 0, sizeof c->ray_mask);
    memset(c->jumps_n, 0, sizeof c->jumps_n);
    int first[BITS][4], second[BITS][4];
    for (Py_ssize_t i = 0; i < width; i++) {
        PyObject *per = PySequence_GetItem(rays, i);
        if (!per) return -1;
        Py_ssize_t dirs = PySequence_Size(per);
        int failed = dirs != 0 && dirs != 4;
        if (failed && !PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "rays: 4 directions");
        for (int d = 0; d < 4; d++) first[i][d] = second[i][d] = -1;
        for (Py_ssize_t d = 0; d < dirs && !failed; d++) {
            PyObject *ray = PySequence_GetItem(per, d);
            if (!ray) {
                failed = 1;
                break;
            }
            Py_ssize_t n = PySequence_Size(ray);
            for (Py_ssize_t k = 0; k < n && !failed; k++) {
                int at;
                failed = seq_item_int(ray, k, &at);
                if (!failed && (at < 0 || at >= width)) {
                    PyErr_SetString(PyExc_ValueError, "rays: an index off the board");
                    failed = 1;
                }
                if (failed) break;
                c->ray_mask[i][d] |= (u64)1 << at;
                if (k == 0) first[i][d] = at;
                if (k == 1) second[i][d] = at;
            }
            if (n < 0) failed = 1;
            Py_DECREF(ray);
        }
        Py_DECREF(per);
        if (failed) return -1;
    }
    for (Py_ssize_t i = width; i < BITS; i++)
        for (int d = 0; d < 4; d++) first[i][d] = second[i][d] = -1;
    /* jump tables in board.py's direction order: men per colour (the directions they capture
     * in), then kings (all four) */
    int allowed[3][4] = {{0}};
    for (int colour = 0; colour < 2; colour++) {
        PyObject *directions = PySequence_GetItem(men_directions, colour);
        if (!directions) return -1;
        Py_ssize_t n = PySequence_Size(directions);
        int failed = n < 0 || n > 4;
        for (Py_ssize_t k = 0; k < n && !failed; k++) {
            int d;
            failed = seq_item_int(directions, k, &d) || d < 0 || d > 3;
            if (!failed) allowed[colour][d] = 1;
        }
        Py_DECREF(directions);
        if (failed) {
            if (!PyErr_Occurred()) PyErr_SetString(PyExc_ValueError, "men_directions: 0 to 3");
            return -1;
        }
    }
    for (int d = 0; d < 4; d++) allowed[2][d] = 1;
    for (int table = 0; table < 3; table++) {
        for (Py_ssize_t i = 0; i < width; i++) {
            for (int d = 0; d < 4; d++) {
                if (!allowed[table][d] || second[i][d] < 0) continue;
                int n = c->jumps_n[table][i]++;
                c->jumps[table][i][n][0] = (u64)1 << first[i][d];
                c->jumps[table][i][n][1] = (u64)1 << second[i][d];
            }
        }
    }
    if (read_keys(c->key_men, key_men) || read_keys(c->key_kings, key_kings)) return -1;
    int endgame_rows[MAX_RULES][3];
    Py_ssize_t n;
    if (read_rows(endgame, MAX_RULES, 3, endgame_rows, 0, &n, "endgame")) return -1;
    c->endgame_n = (int)n;
    for (Py_ssize_t i = 0; i < n; i++) {
        c->endgame[i].kings = endgame_rows[i][0];
        c->endgame[i].men = endgame_rows[i][1];
        c->endgame[i].moves = endgame_rows[i][2];
    }
    if (read_rows(drawn, MAX_RULES, 4, c->drawn, 0, &n, "drawn")) return -1;
    c->drawn_n = (int)n;
    for (int table = 0; table < 3; table++) {
        PyObject *planes = table < 2 ? PySequence_GetItem(men_planes, table) : king_planes;
        if (!planes) return -1;
        int failed = read_planes(c, table, planes);
        if (table < 2) Py_DECREF(planes);
        if (failed) return -1;
    }
    if (seq_item_u64(zones, 0, &c->zone[0]) || seq_item_u64(zones, 1, &c->zone[1]) ||
        seq_item_u64(wings, 0, &c->left_wing) || seq_item_u64(wings, 1, &c->right_wing))
        return -1;
    memset(c->cones, 0, sizeof c->cones);
    for (int colour = 0; colour < 2; colour++) {
        u64 rows[BITS][3];
        PyObject *side = PySequence_GetItem(cones, colour);
        if (!side) return -1;
        int failed = read_rows(side, BITS, 3, rows, 1, &n, "cones");
        Py_DECREF(side);
        if (failed) return -1;
        for (Py_ssize_t i = 0; i < n; i++) {
            if (rows[i][0] >= BITS) {
                PyErr_SetString(PyExc_ValueError, "cones: an index off the board");
                return -1;
            }
            c->cones[colour][rows[i][0]].cone = rows[i][1];
            c->cones[colour][rows[i][0]].rows_left = (int)rows[i][2];
        }
    }
    int place_rows[BITS][3];
    if (read_rows(places, BITS, 3, place_rows, 0, &n, "places")) return -1;
    memset(c->row, 0, sizeof c->row);
    memset(c->col, 0, sizeof c->col);
    for (Py_ssize_t i = 0; i < n; i++) {
        int at = place_rows[i][0];
        if (at < 0 || at >= BITS) {
            PyErr_SetString(PyExc_ValueError, "places: an index off the board");
            return -1;
        }
        c->row[at] = place_rows[i][1];
        c->col[at] = place_rows[i][2];
    }
    c->ready = 1;
    return 0;
}

static void Core_dealloc(Core *c) { Py_TYPE(c)->tp_free((PyObject *)c); }

/* The arguments of every generator method, checked: the bitboards of a real position. */
static int side_args(const Core *c, PyObject *args, u64 *own, u64 *opp, u64 *kings, int *colour) {
    unsigned long long a, b, k;
    if (!c->ready) {
        PyErr_SetString(PyExc_ValueError, "the Core was not initialised");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "KKKi", &a, &b, &k, colour)) return -1;
    if ((a | b | k) & ~c->mask || (a & b) || (k & ~(a | b)) || *colour < 0 || *colour > 1) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board");
        return -1;
    }
    *own = a;
    *opp = b;
    *kings = k;
    return 0;
}

/* The Python raws of moves m[0..n): routes[id] for captures, built for quiet moves. */
static PyObject *raws_of(const Move *m, size_t n, PyObject *routes) {
    PyObject *list = PyList_New(0);
    if (!list) return NULL;
    for (size_t i = 0; i < n; i++) {
        PyObject *raw;
        if (routes) {
            raw = PyList_GET_ITEM(routes, m[i].id);
            Py_INCREF(raw);
        } else {
            raw = py_raw(m[i].start, m[i].end, 0, NULL, 0, NULL, 0);
            if (!raw) goto fail;
        }
        int failed = PyList_Append(list, raw);
        Py_DECREF(raw);
        if (failed) goto fail;
    }
    return list;
fail:
    Py_DECREF(list);
    return NULL;
}

/* mode 0: every capture route; 1: the moves the search plays (choose, else quiet); 2: quiet */
static PyObject *generate(Core *c, PyObject *args, int mode) {
    u64 own, opp, kings;
    int colour;
    if (side_args(c, args, &own, &opp, &kings, &colour)) return NULL;
    Moves moves = {NULL, 0, 0};
    PyObject *routes = PyList_New(0), *result = NULL;
    if (!routes) return NULL;
    if (mode < 2 && gen_captures(c, own, opp, kings, colour, &moves, routes)) goto done;
    if (mode == 0) {
        result = routes;
        Py_INCREF(result);
        goto done;
    }
    if (moves.len) {
        result = raws_of(moves.data, choose(c, moves.data, moves.len), routes);
        goto done;
    }
    if (gen_quiet(c, own, opp, kings, colour, &moves)) goto done;
    result = raws_of(moves.data, moves.len, NULL);
done:
    Py_DECREF(routes);
    PyMem_Free(moves.data);
    return result;
}

static PyObject *Core_captures(Core *c, PyObject *args) { return generate(c, args, 0); }
static PyObject *Core_moves(Core *c, PyObject *args) { return generate(c, args, 1); }
static PyObject *Core_quiet(Core *c, PyObject *args) { return generate(c, args, 2); }

static PyObject *Core_can_capture(Core *c, PyObject *args) {
    u64 own, opp, kings;
    int colour;
    if (side_args(c, args, &own, &opp, &kings, &colour)) return NULL;
    return PyBool_FromLong(can_capture(c, own, opp, kings, colour));
}

static PyObject *Core_evaluate(Core *c, PyObject *args) {
    u64 own, opp, kings;
    int colour;
    if (side_args(c, args, &own, &opp, &kings, &colour)) return NULL;
    return PyLong_FromLong(evaluate(c, own, opp, kings, colour));
}

static PyMethodDef Core_methods[] = {
    {"captures", (PyCFunction)Core_captures, METH_VARARGS, "Every complete capture route."},
    {"moves", (PyCFunction)Core_moves, METH_VARARGS, "The moves the search plays."},
    {"quiet", (PyCFunction)Core_quiet, METH_VARARGS, "Every move without capture."},
    {"can_capture", (PyCFunction)Core_can_capture, METH_VARARGS, "Whether a capture exists."},
    {"evaluate", (PyCFunction)Core_evaluate, METH_VARARGS, "The static evaluation."},
    {NULL, NULL, 0, NULL}};

static PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The generator and evaluation of one rule set, from compiled.py's spec.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};

/* ---------------------------------------------------------------- transposition table */

typedef struct {
    u64 key, taken;
    int32_t score;
    int16_t depth;
    uint8_t flag, used, start, end; /* start and end: bit indices */
} Entry;

/* Open addressing with the whole key checked, so that it answers like table.py's dict; the
 * dict may grow past `entries` within a search, this one to three quarters of its slots,
 * after which a new position takes its first slot from a shallower one (or is not kept). */
typedef struct {
    PyObject_HEAD
    Py_ssize_t entries, count;
    size_t slots; /* a power of two */
    Entry *data;
} Table;

static Entry *table_find(Table *t, u64 key) {
    size_t mask = t->slots - 1, i = (size_t)key & mask;
    while (t->data[i].used) {
        if (t->data[i].key == key) return &t->data[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

static void table_put(Table *t, u64 key, int depth, int flag, int score, const Move *m) {
    size_t mask = t->slots - 1, i = (size_t)key & mask;
    Entry *e = NULL;
    while (t->data[i].used) {
        if (t->data[i].key == key) {
            e = &t->data[i];
            break;
        }
        i = (i + 1) & mask;
    }
    if (e) {
        if (!(depth >= e->depth || flag == EXACT)) return;
    } else if ((size_t)t->count < t->slots / 4 * 3) {
        e = &t->data[i];
        t->count++;
    } else {
        e = &t->data[(size_t)key & mask];
        if (depth < e->depth) return;
    }
    e->key = key;
    e->depth = (int16_t)depth;
    e->flag = (uint8_t)flag;
    e->score = score;
    e->start = (uint8_t)index_of(m->start);
    e->end = (uint8_t)index_of(m->end);
    e->taken = m->taken;
    e->used = 1;
}

static int Table_init(Table *t, PyObject *args, PyObject *kw) {
    static char *names[] = {"entries", NULL};
    Py_ssize_t entries = 250000;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|n", names, &entries)) return -1;
    if (entries < 1 || entries > ((Py_ssize_t)1 << 28)) {
        PyErr_SetString(PyExc_ValueError, "entries: 1 to 2**28");
        return -1;
    }
    if (t->data) {
        PyErr_SetString(PyExc_RuntimeError, "a table is initialised once");
        return -1;
    }
    size_t slots = 1024;
    while (slots < (size_t)entries * 4) slots *= 2;
    t->data = PyMem_Calloc(slots, sizeof(Entry));
    if (!t->data) {
        PyErr_NoMemory();
        return -1;
    }
    t->slots = slots;
    t->entries = entries;
    t->count = 0;
    return 0;
}

static void Table_dealloc(Table *t) {
    PyMem_Free(t->data);
    Py_TYPE(t)->tp_free((PyObject *)t);
}

static int table_ready(Table *t) {
    if (!t->data) {
        PyErr_SetString(PyExc_ValueError, "the table was not initialised");
        return -1;
    }
    return 0;
}

static PyObject *Table_get(Table *t, PyObject *arg) {
    if (table_ready(t)) return NULL;
    u64 key = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    Entry *e = table_find(t, key);
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("(iii(KKK))", e->depth, e->flag, e->score,
                         (unsigned long long)((u64)1 << e->start),
                         (unsigned long long)((u64)1 << e->end), (unsigned long long)e->taken);
}

static PyObject *Table_make_room(Table *t, PyObject *Py_UNUSED(ignored)) {
    if (table_ready(t)) return NULL;
    if (t->count >= t->entries) {
        memset(t->data, 0, t->slots * sizeof(Entry));
        t->count = 0;
    }
    Py_RETURN_NONE;
}

static Py_ssize_t Table_len(Table *t) { return t->count; }

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_O, "(depth, flag, score, (start, end, taken)) or None."},
    {"make_room", (PyCFunction)Table_make_room, METH_NOARGS, "Forget everything if full."},
    {NULL, NULL, 0, NULL}};

static PyMemberDef Table_members[] = {
    {"entries", T_PYSSIZET, offsetof(Table, entries), READONLY, "Entries kept between searches."},
    {NULL, 0, 0, 0, NULL}};

static PySequenceMethods Table_sequence = {.sq_length = (lenfunc)Table_len};

static PyTypeObject TableType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.CoreTable",
    .tp_basicsize = sizeof(Table),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The transposition table of the compiled search.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Table_init,
    .tp_dealloc = (destructor)Table_dealloc,
    .tp_methods = Table_methods,
    .tp_members = Table_members,
    .tp_as_sequence = &Table_sequence,
};

/* ---------------------------------------------------------------- the search */

typedef struct {
    u64 start, end;
} Killer;

typedef struct {
    u64 key;
    int score;
    int used;
} Cached;

typedef struct {
    PyObject_HEAD
    Core *core;
    Table *table;
    PyObject *out_of_time; /* the exception class raised when time or nodes run out */
    PyObject *solved;      /* (own, opp, plies_left, ply) -> int | None, or None */
    double deadline;
    long long max_nodes, nodes;
    int quiescence, failed;
    int busy;        /* a node() runs: the GIL is let go now and then (see tick) */
    double released; /* when the GIL was last let go */
    /* the keys of the game's path to the node (the history before the root first) */
    u64 *path;
    Py_ssize_t path_len, path_cap;
    int path_filter[PATH_FILTER];
    Moves moves; /* every node's moves, a stack of segments */
    Killer killers[MAX_PLY + 2][2];
    int killers_n[MAX_PLY + 2];
    long long history[2 * 64 * 64];
    Cached *cache;
} Search;

static int path_push(Search *s, u64 key) {
    if (s->path_len == s->path_cap) {
        Py_ssize_t cap = s->path_cap ? 2 * s->path_cap : 256;
        u64 *path = PyMem_Realloc(s->path, (size_t)cap * sizeof(u64));
        if (!path) {
            PyErr_NoMemory();
            return -1;
        }
        s->path = path;
        s->path_cap = cap;
    }
    s->path[s->path_len++] = key;
    s->path_filter[key & (PATH_FILTER - 1)]++;
    return 0;
}

/* Removes the last occurrence of `key` (the nodes leave in the order they entered). */
static int path_remove(Search *s, u64 key) {
    for (Py_ssize_t i = s->path_len - 1; i >= 0; i--) {
        if (s->path[i] == key) {
            memmove(&s->path[i], &s->path[i + 1], (size_t)(s->path_len - i - 1) * sizeof(u64));
            s->path_len--;
            s->path_filter[key & (PATH_FILTER - 1)]--;
            return 0;
        }
    }
    return -1;
}

static inline int path_has(const Search *s, u64 key) {
    if (!s->path_filter[key & (PATH_FILTER - 1)]) return 0;
    for (Py_ssize_t i = s->path_len - 1; i >= 0; i--)
        if (s->path[i] == key) return 1;
    return 0;
}

/* A monotonic clock; the deadline is turned from time.perf_counter()'s scale to this one
 * when the search starts (the two are the same clock on Linux, not everywhere). */
static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static int perf_counter(double *out) {
    PyObject *time = PyImport_ImportModule("time");
    if (!time) return -1;
    PyObject *value = PyObject_CallMethod(time, "perf_counter", NULL);
    Py_DECREF(time);
    if (!value) return -1;
    *out = PyFloat_AsDouble(value);
    Py_DECREF(value);
    return PyErr_Occurred() ? -1 : 0;
}

#define SWITCH_SECONDS 0.005 /* Python's default switch interval */

static int tick(Search *s) {
    double at = now();
    if (s->nodes >= s->max_nodes || at > s->deadline) {
        PyErr_SetNone(s->out_of_time);
        s->failed = 1;
        return -1;
    }
    if (at - s->released > SWITCH_SECONDS) {
        /* Another thread (an event loop with the search in a thread pool) gets its turn, as
         * it would between the pure search's bytecodes. The pause lets a waiting thread
         * take the GIL: let go and taken back at once, it stays here (measured: no turn in
         * half a second). Nothing here holds a pointer into the shared table across this,
         * and `busy` keeps this search's own state apart. */
        Py_BEGIN_ALLOW_THREADS
        struct timespec pause = {0, 10000};
        nanosleep(&pause, NULL);
        Py_END_ALLOW_THREADS
        s->released = now();
    }
    return 0;
}

static int drawn(const Core *c, u64 own, u64 opp, u64 kings) {
    if (!c->drawn_n || popcount(own | opp) > c->endgame_pieces) return 0;
    return material_drawn(c, popcount(own & kings), popcount(own & ~kings), popcount(opp & kings),
                          popcount(opp & ~kings));
}

static int endgame_plies(const Core *c, u64 own, u64 opp, u64 kings) {
    if (popcount(own | opp) > c->endgame_pieces) return NEVER;
    if (drawn(c, own, opp, kings)) return 0;
    for (int side = 0; side < 2; side++) {
        u64 strong = side ? opp : own, weak = side ? own : opp;
        if (popcount(weak) == 1 && (weak & kings)) {
            int king_count = popcount(strong & kings), men = popcount(strong) - king_count;
            for (int i = 0; i < c->endgame_n; i++)
                if (c->endgame[i].kings == king_count && c->endgame[i].men == men)
                    return 2 * c->endgame[i].moves;
        }
    }
    return NEVER;
}

static int static_value(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key) {
    Cached *slot = &s->cache[key & (EVAL_CACHE - 1)];
    if (slot->used && slot->key == key) return slot->score;
    int score = evaluate(s->core, own, opp, kings, colour);
    slot->key = key;
    slot->score = score;
    slot->used = 1;
    return score;
}

typedef struct {
    u64 own, opp, kings, key; /* from the child's mover's view: own is the side to move */
    int man_moved, crowned;
} Child;

static Child child(const Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key,
                   u64 start, u64 end, u64 taken) {
    const Core *c = s->core;
    Child r;
    if (kings & start) {
        key ^= c->key_kings[colour][index_of(start) + 1] ^ c->key_kings[colour][index_of(end) + 1];
        kings = (kings ^ start) | end;
        r.man_moved = r.crowned = 0;
    } else {
        r.man_moved = 1;
        r.crowned = (end & c->promotion[colour]) != 0;
        key ^= c->key_men[colour][index_of(start) + 1];
        if (r.crowned) {
            kings |= end;
            key ^= c->key_kings[colour][index_of(end) + 1];
        } else {
            key ^= c->key_men[colour][index_of(end) + 1];
        }
    }
    if (taken) {
        u64 bits = taken;
        while (bits) {
            u64 low = bits & -bits;
            bits ^= low;
            int at = index_of(low) + 1;
            key ^= (kings & low) ? c->key_kings[1 - colour][at] : c->key_men[1 - colour][at];
        }
        kings &= ~taken;
        opp &= ~taken;
    }
    r.own = opp;
    r.opp = own ^ start ^ end;
    r.kings = kings;
    r.key = key ^ c->black_to_move;
    return r;
}

static inline int history_index(int colour, const Move *m) {
    return colour << 12 | (index_of(m->start) + 1) << 6 | (index_of(m->end) + 1);
}

static inline int is_killer(const Search *s, int ply, const Move *m) {
    for (int i = 0; i < s->killers_n[ply]; i++)
        if (s->killers[ply][i].start == m->start && s->killers[ply][i].end == m->end) return 1;
    return 0;
}

/* ordering.py's ordered: without captures a stable sort by killer, then history, highest
 * first; then the table's move first. */
static void ordered(Search *s, Move *m, size_t n, const Move *first, int captures, int colour,
                    int ply) {
    if (!captures) {
        long long keys[n > 0 ? n : 1];
        for (size_t i = 0; i < n; i++)
            keys[i] = (is_killer(s, ply, &m[i]) ? KILLER_BONUS : 0) +
                      s->history[history_index(colour, &m[i])];
        for (size_t i = 1; i < n; i++) {
            Move held = m[i];
            long long k = keys[i];
            size_t j = i;
            for (; j > 0 && keys[j - 1] < k; j--) {
                m[j] = m[j - 1];
                keys[j] = keys[j - 1];
            }
            m[j] = held;
            keys[j] = k;
        }
    }
    if (!first) return;
    for (size_t i = 1; i < n; i++) {
        if (m[i].start == first->start && m[i].end == first->end && m[i].taken == first->taken) {
            Move held = m[i];
            memmove(&m[1], &m[0], i * sizeof(Move));
            m[0] = held;
            return;
        }
    }
}

static long long floor_half(long long x) { return x >= 0 ? x / 2 : -((-x + 1) / 2); }

static void reward(Search *s, const Move *move, const Move *tried, size_t tried_n, int colour,
                   int ply, int depth) {
    if (!is_killer(s, ply, move)) {
        s->killers[ply][1] = s->killers[ply][0];
        s->killers[ply][0].start = move->start;
        s->killers[ply][0].end = move->end;
        if (s->killers_n[ply] < 2) s->killers_n[ply]++;
    }
    long long bonus = (long long)depth * depth;
    int index = history_index(colour, move);
    s->history[index] += bonus;
    if (s->history[index] > HISTORY_CAP)
        for (int i = 0; i < 2 * 64 * 64; i++) s->history[i] = floor_half(s->history[i]);
    for (size_t i = 0; i < tried_n; i++) s->history[history_index(colour, &tried[i])] -= bonus;
}

static int resolve(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key, int alpha,
                   int beta, int ply);

/* best_reply over the moves s->moves[base .. base + n) */
static int best_reply(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key, size_t base,
                      size_t n, int alpha, int beta, int ply) {
    int best = -WIN;
    for (size_t i = 0; i < n; i++) {
        Move m = s->moves.data[base + i];
        Child a = child(s, own, opp, kings, colour, key, m.start, m.end, m.taken);
        int score = -resolve(s, a.own, a.opp, a.kings, 1 - colour, a.key, -beta, -alpha, ply + 1);
        if (s->failed) return 0;
        if (score > best) {
            best = score;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) break;
            }
        }
    }
    return best;
}

static int quiet_leaf(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key, int alpha,
                      int beta, int ply, int may_extend) {
    const Core *c = s->core;
    u64 empty = c->mask & ~(own | opp);
    int near = c->near, far = c->far;
    u64 men = own & ~kings, own_kings = own & kings;
    u64 targets = colour == 0 ? (men >> near) | (men >> far) : (men << near) | (men << far);
    if (own_kings)
        targets |= (own_kings >> near) | (own_kings >> far) | (own_kings << near) |
                   (own_kings << far);
    if (!(targets & empty)) return ply - WIN;
    if (may_extend && s->quiescence && ply < MAX_PLY &&
        can_capture(c, opp, own, kings, 1 - colour)) {
        size_t base = s->moves.len;
        if (gen_quiet(c, own, opp, kings, colour, &s->moves)) {
            s->failed = 1;
            return 0;
        }
        int score = best_reply(s, own, opp, kings, colour, key, base, s->moves.len - base, alpha,
                               beta, ply);
        s->moves.len = base;
        return score;
    }
    return static_value(s, own, opp, kings, colour, key);
}

static int resolve(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key, int alpha,
                   int beta, int ply) {
    const Core *c = s->core;
    s->nodes++;
    if (!(s->nodes % CHECK_EVERY) && tick(s)) return 0;
    if (drawn(c, own, opp, kings)) return DRAW;
    size_t base = s->moves.len;
    if (gen_captures(c, own, opp, kings, colour, &s->moves, NULL)) {
        s->failed = 1;
        return 0;
    }
    size_t n = s->moves.len - base;
    if (!n || ply >= MAX_PLY) {
        s->moves.len = base;
        return quiet_leaf(s, own, opp, kings, colour, key, alpha, beta, ply, 0);
    }
    n = choose(c, s->moves.data + base, n);
    s->moves.len = base + n;
    int score = best_reply(s, own, opp, kings, colour, key, base, n, alpha, beta, ply);
    s->moves.len = base;
    return score;
}

static int call_solved(Search *s, u64 own, u64 opp, int plies_left, int ply, int *found) {
    PyObject *r = PyObject_CallFunction(s->solved, "KKii", (unsigned long long)own,
                                        (unsigned long long)opp, plies_left, ply);
    *found = 0;
    if (!r) {
        s->failed = 1;
        return 0;
    }
    int value = 0;
    if (r != Py_None) {
        value = (int)PyLong_AsLong(r);
        if (value == -1 && PyErr_Occurred())
            s->failed = 1;
        else
            *found = 1;
    }
    Py_DECREF(r);
    return value;
}

static int covers(const Core *c, u64 own, u64 opp, u64 kings) {
    if ((own | opp) & ~kings) return 0;
    int a = popcount(own), b = popcount(opp);
    int low = a < b ? a : b, high = a < b ? b : a;
    return low == 1 && high <= c->most_kings;
}

static int node(Search *s, u64 own, u64 opp, u64 kings, int colour, u64 key, int rule_plies,
                int endgame, int depth, int alpha, int beta, int ply) {
    const Core *c = s->core;
    s->nodes++;
    if (!(s->nodes % CHECK_EVERY) && tick(s)) return 0;
    if (path_has(s, key) || rule_plies <= 0 || endgame <= 0) return DRAW;
    if (s->solved != Py_None && popcount(own | opp) <= c->most_kings + 1 &&
        covers(c, own, opp, kings)) {
        int found, value;
        value = call_solved(s, own, opp, rule_plies < endgame ? rule_plies : endgame, ply, &found);
        if (s->failed) return 0;
        if (found) return value;
    }
    if (ply >= MAX_PLY) return static_value(s, own, opp, kings, colour, key);
    Move first;
    int have_first = 0;
    Entry *entry = table_find(s->table, key);
    if (entry) {
        first.start = (u64)1 << entry->start;
        first.end = (u64)1 << entry->end;
        first.taken = entry->taken;
        have_first = 1;
        if (entry->depth >= depth && ply) {
            int score = entry->score;
            if (score > WON)
                score -= ply;
            else if (score < -WON)
                score += ply;
            if (entry->flag == EXACT || (entry->flag == LOWER && score >= beta)) return score;
            if (entry->flag == UPPER && score <= alpha) return score;
        }
    }
    size_t base = s->moves.len;
    if (gen_captures(c, own, opp, kings, colour, &s->moves, NULL)) {
        s->failed = 1;
        return 0;
    }
    size_t n = s->moves.len - base;
    int routes = n > 0;
    if (routes) {
        n = choose(c, s->moves.data + base, n);
        s->moves.len = base + n;
    } else {
        if (depth <= 0) return quiet_leaf(s, own, opp, kings, colour, key, alpha, beta, ply, 1);
        if (gen_quiet(c, own, opp, kings, colour, &s->moves)) {
            s->failed = 1;
            return 0;
        }
        n = s->moves.len - base;
        if (!n) return ply - WIN;
    }
    if (depth <= 0 && s->quiescence) {
        depth = 0;
    } else if (n == 1) {
        depth += 1;
    } else if (depth >= 3 && beta == alpha + 1 && !routes && n > FEW_MOVES && -WON < beta &&
               beta < WON && !can_capture(c, opp, own, kings, 1 - colour)) {
        int margin = PRUNE_MARGIN * depth, raised = beta + margin;
        int score = node(s, own, opp, kings, colour, key, rule_plies, endgame, depth * 2 / 5,
                         raised - 1, raised, ply);
        if (s->failed || score >= raised) {
            s->moves.len = base;
            return s->failed ? 0 : score - margin;
        }
    }
    if (n > 1) ordered(s, s->moves.data + base, n, have_first ? &first : NULL, routes, colour, ply);
    int original_alpha = alpha, best = -WIN, other = 1 - colour;
    Move best_move = s->moves.data[base];
    if (path_push(s, key)) {
        s->failed = 1;
        return 0;
    }
    for (size_t index = 0; index < n; index++) {
        Move m = s->moves.data[base + index];
        Child a = child(s, own, opp, kings, colour, key, m.start, m.end, m.taken);
        int after_rule, after_endgame, score;
        if (m.taken || a.crowned) {
            after_rule = c->king_limit;
            after_endgame = endgame_plies(c, a.own, a.opp, a.kings);
        } else {
            after_rule = a.man_moved ? c->king_limit : rule_plies - 1;
            after_endgame = endgame - 1;
        }
        if (depth <= 0) {
            score = -node(s, a.own, a.opp, a.kings, other, a.key, after_rule, after_endgame, 0,
                          -beta, -alpha, ply + 1);
        } else if (index == 0) {
            score = -node(s, a.own, a.opp, a.kings, other, a.key, after_rule, after_endgame,
                          depth - 1, -beta, -alpha, ply + 1);
        } else {
            int reduced = depth >= 3 && index >= 3 && !routes ? depth - 2 : depth - 1;
            score = -node(s, a.own, a.opp, a.kings, other, a.key, after_rule, after_endgame,
                          reduced, -alpha - 1, -alpha, ply + 1);
            if (!s->failed && score > alpha && (score < beta || reduced < depth - 1))
                score = -node(s, a.own, a.opp, a.kings, other, a.key, after_rule, after_endgame,
                              depth - 1, -beta, -alpha, ply + 1);
        }
        if (s->failed) break;
        if (score > best) {
            best = score;
            best_move = m;
            if (score > alpha) {
                alpha = score;
                if (alpha >= beta) {
                    if (!routes)
                        reward(s, &m, s->moves.data + base, index, colour, ply, depth);
                    break;
                }
            }
        }
    }
    path_remove(s, key);
    s->moves.len = base;
    if (s->failed) return 0;
    int flag = best >= beta ? LOWER : best > original_alpha ? EXACT : UPPER;
    int stored = best > WON ? best + ply : best < -WON ? best - ply : best;
    table_put(s->table, key, depth, flag, stored, &best_move);
    return best;
}

static int Search_init(Search *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"core", "table", "deadline", "max_nodes", "seen", "quiescence",
                            "out_of_time", "solved", NULL};
    PyObject *core, *table, *seen, *out_of_time, *solved;
    double deadline;
    long long max_nodes;
    int quiescence;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O!dLOpOO", names, &CoreType, &core, &TableType,
                                     &table, &deadline, &max_nodes, &seen, &quiescence,
                                     &out_of_time, &solved))
        return -1;
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running (in another thread)");
        return -1;
    }
    if (!PyExceptionClass_Check(out_of_time)) {
        PyErr_SetString(PyExc_TypeError, "out_of_time: an exception class");
        return -1;
    }
    if (solved != Py_None && !PyCallable_Check(solved)) {
        PyErr_SetString(PyExc_TypeError, "solved: a callable or None");
        return -1;
    }
    if (table_ready((Table *)table)) return -1;
    Py_INCREF(core);
    Py_XSETREF(s->core, (Core *)core);
    Py_INCREF(table);
    Py_XSETREF(s->table, (Table *)table);
    Py_INCREF(out_of_time);
    Py_XSETREF(s->out_of_time, out_of_time);
    Py_INCREF(solved);
    Py_XSETREF(s->solved, solved);
    double perf;
    if (perf_counter(&perf)) return -1;
    s->deadline = deadline - perf + now();
    s->max_nodes = max_nodes;
    s->quiescence = quiescence;
    s->nodes = 0;
    s->failed = 0;
    s->path_len = 0;
    memset(s->path_filter, 0, sizeof s->path_filter);
    memset(s->killers_n, 0, sizeof s->killers_n);
    memset(s->history, 0, sizeof s->history);
    if (!s->cache) {
        s->cache = PyMem_Calloc(EVAL_CACHE, sizeof(Cached));
        if (!s->cache) {
            PyErr_NoMemory();
            return -1;
        }
    } else {
        memset(s->cache, 0, EVAL_CACHE * sizeof(Cached));
    }
    PyObject *iterator = PyObject_GetIter(seen);
    if (!iterator) return -1;
    PyObject *item;
    while ((item = PyIter_Next(iterator))) {
        u64 key = PyLong_AsUnsignedLongLong(item);
        Py_DECREF(item);
        if ((PyErr_Occurred() || path_push(s, key))) break;
    }
    Py_DECREF(iterator);
    return PyErr_Occurred() ? -1 : 0;
}

static void Search_dealloc(Search *s) {
    Py_XDECREF(s->core);
    Py_XDECREF(s->table);
    Py_XDECREF(s->out_of_time);
    Py_XDECREF(s->solved);
    PyMem_Free(s->path);
    PyMem_Free(s->moves.data);
    PyMem_Free(s->cache);
    Py_TYPE(s)->tp_free((PyObject *)s);
}

static int search_ready(Search *s) {
    if (!s->core) {
        PyErr_SetString(PyExc_ValueError, "the search was not initialised");
        return -1;
    }
    if (s->busy) {
        PyErr_SetString(PyExc_RuntimeError, "the search is running (in another thread)");
        return -1;
    }
    return 0;
}

static int position_ok(const Core *c, u64 own, u64 opp, u64 kings, int colour) {
    if ((own | opp | kings) & ~c->mask || (own & opp) || (kings & ~(own | opp)) || colour < 0 ||
        colour > 1) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board");
        return 0;
    }
    return 1;
}

static PyObject *Search_node(Search *s, PyObject *args) {
    unsigned long long own, opp, kings, key;
    int colour, rule_plies, endgame, depth, alpha, beta, ply;
    if (search_ready(s)) return NULL;
    if (!PyArg_ParseTuple(args, "KKKiKiiiiii", &own, &opp, &kings, &colour, &key, &rule_plies,
                          &endgame, &depth, &alpha, &beta, &ply))
        return NULL;
    if (!position_ok(s->core, own, opp, kings, colour)) return NULL;
    if (ply < 0 || ply > MAX_PLY || depth > 1000 || depth < -1000) {
        PyErr_SetString(PyExc_ValueError, "ply: 0 to MAX_PLY, depth: within 1000");
        return NULL;
    }
    s->failed = 0;
    s->busy = 1;
    s->released = now();
    int score = node(s, own, opp, kings, colour, key, rule_plies, endgame, depth, alpha, beta, ply);
    s->busy = 0;
    if (s->failed) {
        /* the path is back as it was: every node left it on the way out */
        s->moves.len = 0;
        return NULL;
    }
    return PyLong_FromLong(score);
}

static PyObject *Search_child(Search *s, PyObject *args) {
    unsigned long long own, opp, kings, key, start, end, taken;
    int colour;
    PyObject *move;
    if (search_ready(s)) return NULL;
    if (!PyArg_ParseTuple(args, "KKKiKO", &own, &opp, &kings, &colour, &key, &move)) return NULL;
    if (!position_ok(s->core, own, opp, kings, colour)) return NULL;
    u64 parts[3];
    for (int i = 0; i < 3; i++)
        if (seq_item_u64(move, i, &parts[i])) return NULL;
    start = parts[0];
    end = parts[1];
    taken = parts[2];
    u64 occupied = own | opp;
    if (popcount(start) != 1 || !(start & own) || popcount(end) != 1 || !(end & s->core->mask) ||
        (end & occupied & ~start) || (taken & ~opp)) {
        PyErr_SetString(PyExc_ValueError, "not a move of this position");
        return NULL;
    }
    Child a = child(s, own, opp, kings, colour, key, start, end, taken);
    /* search.py's order: the mover's pieces first (the caller swaps) */
    return Py_BuildValue("(KKKKOO)", (unsigned long long)a.opp, (unsigned long long)a.own,
                         (unsigned long long)a.kings, (unsigned long long)a.key,
                         a.man_moved ? Py_True : Py_False, a.crowned ? Py_True : Py_False);
}

static PyObject *Search_endgame_plies(Search *s, PyObject *args) {
    unsigned long long own, opp, kings;
    if (search_ready(s)) return NULL;
    if (!PyArg_ParseTuple(args, "KKK", &own, &opp, &kings)) return NULL;
    return PyLong_FromLong(endgame_plies(s->core, own, opp, kings));
}

static PyObject *Search_enter(Search *s, PyObject *arg) {
    if (search_ready(s)) return NULL;
    u64 key = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred() || path_push(s, key)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Search_leave(Search *s, PyObject *arg) {
    if (search_ready(s)) return NULL;
    u64 key = PyLong_AsUnsignedLongLong(arg);
    if (PyErr_Occurred()) return NULL;
    if (path_remove(s, key)) {
        PyErr_SetString(PyExc_KeyError, "a key not on the path");
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *Search_get_nodes(Search *s, void *Py_UNUSED(closure)) {
    return PyLong_FromLongLong(s->nodes);
}

static PyObject *Search_get_king_limit(Search *s, void *Py_UNUSED(closure)) {
    if (search_ready(s)) return NULL;
    return PyLong_FromLong(s->core->king_limit);
}

static PyMethodDef Search_methods[] = {
    {"node", (PyCFunction)Search_node, METH_VARARGS, "The value of a node (search.py's node)."},
    {"child", (PyCFunction)Search_child, METH_VARARGS, "The child after a raw move."},
    {"endgame_plies", (PyCFunction)Search_endgame_plies, METH_VARARGS, "Plies left, or NEVER."},
    {"enter", (PyCFunction)Search_enter, METH_O, "Put a key on the path."},
    {"leave", (PyCFunction)Search_leave, METH_O, "Take a key off the path."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Search_getset[] = {
    {"nodes", (getter)Search_get_nodes, NULL, "Nodes searched.", NULL},
    {"king_limit", (getter)Search_get_king_limit, NULL, "Plies of the king-move rule.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

static PyTypeObject SearchType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.CoreSearch",
    .tp_basicsize = sizeof(Search),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "One search of one rule set (search.py's Search, compiled).",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Search_init,
    .tp_dealloc = (destructor)Search_dealloc,
    .tp_methods = Search_methods,
    .tp_getset = Search_getset,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_core",
    .m_doc = "The compiled core of the draughts engine.", .m_size = -1};

PyMODINIT_FUNC PyInit__core(void) {
    PyTypeObject *types[] = {&CoreType, &TableType, &SearchType};
    const char *names[] = {"Core", "CoreTable", "CoreSearch"};
    for (int i = 0; i < 3; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    for (int i = 0; i < 3; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(m);
            return NULL;
        }
    }
    PyObject *constants = Py_BuildValue(
        "{sisisisisisisisisisisisL}", "WIN", WIN, "WON", WON, "DRAW", DRAW, "NEVER", NEVER,
        "MAX_PLY", MAX_PLY, "CHECK_EVERY", CHECK_EVERY, "PRUNE_MARGIN", PRUNE_MARGIN,
        "FEW_MOVES", FEW_MOVES, "EXACT", EXACT, "LOWER", LOWER, "UPPER", UPPER, "HISTORY_CAP",
        (long long)HISTORY_CAP);
    if (!constants || PyModule_AddObject(m, "CONSTANTS", constants) < 0) {
        Py_XDECREF(constants);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
