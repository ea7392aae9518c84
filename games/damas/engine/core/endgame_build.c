/* Building the endgame tables of one material (both sides to move), and checking held ones
 * against their successors.
 *
 * What a stored byte means (core.h): a win, a loss or a draw as if no draw rule counted
 * moves, and for a win or a loss the plies to the next move that starts the count that
 * matters again: a capture, a man's move or its crowning (International's counts against a
 * lone king: a capture or a crowning, a change of material). The winner shortens that
 * distance, the loser lengthens it; a move that starts the count again is one ply.
 *
 * Captures and crownings lead into other materials, built before (games/damas/engine/
 * databases/materials.py orders them) and held by the CoreEndgame. Inside a material the men
 * only go forward, so the positions are solved by placements of the men (a slice: every
 * placement of the kings around the same men), the most advanced first: a man's move leads
 * into a slice already solved. In a slice the kings' moves are solved by retrograde analysis:
 * each position counts its kings' moves still unsolved, and the solved positions are taken
 * in order of their distance (a queue per distance); a loss makes each position that moves
 * into it a win one ply further, a win takes one from each such position's count, and the
 * last one makes it a loss. The moves into a position are its kings' moves turned round (a
 * quiet king's move is reversible), from positions without a capture (a capture there is
 * compulsory). What is left unsolved is a draw. */

#include "core.h"

#define SET 1      /* the byte is final */
#define CAPTURES 2 /* its moves are captures: no quiet move leads from it */
#define DRAWING 4  /* a move leads into a draw: never a loss */
#define LAYERS 256 /* distances of the queue */

typedef struct {
    uint32_t *data;
    size_t len, cap;
} Layer;

typedef struct {
    int table;          /* 0: side a to move, 1: side b */
    u64 slice;          /* the number of the men's placement in its table */
    u64 own_men, opp_men;
    int free_n;
    int free_at[BITS];  /* the squares the men leave free, as bit indices, ascending */
} Block;

typedef struct {
    Endgame *e;
    const Core *c;
    int men_reset; /* a man's move starts the count that matters again */
    int drawn;     /* the material is a draw at once (Italian: king v king, two v one) */
    int code[2];
    int kings[2][2]; /* per table: kings of the side to move, of the other */
    int men[2][2];
    uint8_t *table[2];
    u64 size[2];
    u64 slices;      /* placements of the men in each table */
    u64 per_slice;   /* positions of the kings per placement */
    Moves moves;
    /* one job (a slice and its turned one) */
    Block block[2];
    int blocks;
    uint8_t *state, *unknown, *win_plies, *loss_plies;
    Layer layer[LAYERS];
    /* progress */
    PyObject *progress;
    u64 done, total, next_report;
} Build;

typedef struct {
    int moves, captures;
    int best_win;   /* fewest plies of a win through a move (0: none) */
    int worst_loss; /* most plies of a loss through a move */
    int draw;       /* a move leads into a draw */
    int unknown;    /* kings' moves not looked up */
} Outcome;

/* ---------------------------------------------------------------- numbering within a build */

static u64 unrank(const Endgame *e, u64 number, int n, const int *at, int at_n) {
    u64 bits = 0;
    int r = at_n;
    for (int j = n; j >= 1; j--) {
        r--;
        while (e->binomial[r][j] > number) r--;
        number -= e->binomial[r][j];
        bits |= (u64)1 << at[r];
    }
    return bits;
}

static int squares_of(u64 bits, int *at) {
    int n = 0;
    while (bits) {
        u64 low = bits & -bits;
        bits ^= low;
        at[n++] = index_of(low);
    }
    return n;
}

/* The men of a placement `slice` of table t. */
static void men_of(const Build *b, int t, u64 slice, u64 *own_men, u64 *opp_men) {
    const Endgame *e = b->e;
    int at[BITS];
    u64 count = e->binomial[e->domain_n[1]][b->men[t][1]];
    int n = squares_of(e->men_domain[0], at);
    *own_men = unrank(e, slice / count, b->men[t][0], at, n);
    n = squares_of(e->men_domain[1], at);
    *opp_men = unrank(e, slice % count, b->men[t][1], at, n);
}

static void set_block(Build *b, Block *k, int t, u64 slice, u64 own_men, u64 opp_men) {
    k->table = t;
    k->slice = slice;
    k->own_men = own_men;
    k->opp_men = opp_men;
    k->free_n = squares_of(b->c->mask & ~(own_men | opp_men), k->free_at);
}

/* The position `number` of a block's kings. */
static void position_of(const Build *b, const Block *k, u64 number, u64 *own, u64 *opp,
                        u64 *kings) {
    const Endgame *e = b->e;
    int ok = b->kings[k->table][0], pk = b->kings[k->table][1];
    u64 count = e->binomial[k->free_n - ok][pk];
    u64 own_kings = unrank(e, number / count, ok, k->free_at, k->free_n);
    int rest[BITS], n = 0;
    for (int i = 0; i < k->free_n; i++)
        if (!(own_kings >> k->free_at[i] & 1)) rest[n++] = k->free_at[i];
    u64 opp_kings = unrank(e, number % count, pk, rest, n);
    *own = k->own_men | own_kings;
    *opp = k->opp_men | opp_kings;
    *kings = own_kings | opp_kings;
}

/* ---------------------------------------------------------------- a position's moves */

static int missing_table(int code) {
    int n = EG_COUNTS;
    PyErr_Format(PyExc_ValueError, "the table of %d kings and %d men against %d kings and %d "
                 "men is needed first", code / (n * n * n), code / (n * n) % n, code / n % n,
                 code % n);
    return -1;
}

/* The byte of a successor, White to move (already turned); a side without a piece lost. */
static int child_byte(const Build *b, u64 own, u64 opp, u64 kings) {
    if (!own) return EG_LOSS;
    int code;
    u64 index;
    if (damas_eg_locate(b->e, own, opp, kings, &code, &index)) {
        PyErr_SetString(PyExc_ValueError, "a successor no table holds");
        return -1;
    }
    for (int t = 0; t < 2; t++)
        if (code == b->code[t]) return b->table[t][index];
    if (!b->e->held[code]) return missing_table(code);
    return ((const uint8_t *)b->e->view[code].buf)[index];
}

/* What the moves of a position (White to move) lead to; kings' moves stay unknown unless
 * `look_at_kings`. */
static int outcomes(Build *b, u64 own, u64 opp, u64 kings, int look_at_kings, Outcome *o) {
    const Core *c = b->c;
    memset(o, 0, sizeof *o);
    b->moves.len = 0;
    if (damas_gen_captures(c, own, opp, kings, 0, &b->moves, NULL)) return -1;
    size_t n = b->moves.len;
    if (n) {
        n = damas_choose(c, b->moves.data, n);
        o->captures = 1;
    } else {
        if (damas_gen_quiet(c, own, opp, kings, 0, &b->moves)) return -1;
        n = b->moves.len;
    }
    o->moves = (int)n;
    if (b->drawn) return 0;
    for (size_t i = 0; i < n; i++) {
        const Move *m = &b->moves.data[i];
        Child a = damas_child(c, own, opp, kings, 0, 0, m->start, m->end, m->taken);
        if (!m->taken && !a.man_moved && !look_at_kings) {
            o->unknown++;
            continue;
        }
        const Endgame *e = b->e;
        int value = child_byte(b, damas_eg_turn(e, a.own), damas_eg_turn(e, a.opp),
                               damas_eg_turn(e, a.kings));
        if (value < 0) return -1;
        if (value == 0) {
            o->draw = 1;
            continue;
        }
        int resets = m->taken || a.crowned || (a.man_moved && b->men_reset);
        int plies = resets ? 1 : 1 + (value < EG_LOSS ? value : value - EG_LOSS);
        if (value >= EG_LOSS) {
            if (!o->best_win || plies < o->best_win) o->best_win = plies;
        } else if (plies > o->worst_loss) {
            o->worst_loss = plies;
        }
    }
    return 0;
}

/* The byte of a position whose every move was looked up. */
static int settled(const Build *b, const Outcome *o) {
    if (!o->moves) return EG_LOSS;
    if (b->drawn) return 0;
    if (o->best_win) return o->best_win;
    if (!o->draw) return EG_LOSS + o->worst_loss;
    return 0;
}

static int too_far(void) {
    PyErr_Format(PyExc_ValueError, "a distance beyond %d plies: the tables' bytes cannot hold it",
                 EG_FARTHEST);
    return -1;
}

/* ---------------------------------------------------------------- progress */

static int report(Build *b, u64 positions) {
    b->done += positions;
    if (b->progress == Py_None || (b->done < b->next_report && b->done < b->total)) return 0;
    b->next_report = b->done + b->total / 200 + 1;
    PyObject *r = PyObject_CallFunction(b->progress, "KK", (unsigned long long)b->done,
                                        (unsigned long long)b->total);
    Py_XDECREF(r);
    return r ? 0 : -1;
}

/* ---------------------------------------------------------------- one job: a slice solved */

static int push(Build *b, int distance, uint32_t id, int loss) {
    if (distance >= LAYERS) return too_far();
    Layer *l = &b->layer[distance];
    if (l->len == l->cap) {
        size_t cap = l->cap ? 2 * l->cap : 1024;
        uint32_t *data = PyMem_Realloc(l->data, cap * sizeof(uint32_t));
        if (!data) {
            PyErr_NoMemory();
            return -1;
        }
        l->data = data;
        l->cap = cap;
    }
    l->data[l->len++] = id << 1 | (uint32_t)loss;
    return 0;
}

static uint8_t *byte_of(Build *b, uint32_t id) {
    const Block *k = &b->block[id / b->per_slice];
    return &b->table[k->table][k->slice * b->per_slice + id % b->per_slice];
}

/* The positions of the job (local numbers) that move into position `id` by a king's move. */
static int predecessors(Build *b, uint32_t id, uint32_t *found, int *n) {
    const Core *c = b->c;
    const Endgame *e = b->e;
    const Block *k = &b->block[id / b->per_slice];
    u64 own, opp, kings;
    position_of(b, k, id % b->per_slice, &own, &opp, &kings);
    u64 empty = c->mask & ~(own | opp);
    u64 movers = opp & kings;
    *n = 0;
    while (movers) {
        u64 to = movers & -movers;
        movers ^= to;
        u64 from_squares = damas_king_targets(c, to, empty);
        while (from_squares) {
            u64 from = from_squares & -from_squares;
            from_squares ^= from;
            /* before the move: the other side to move, its king on `from`; turned */
            u64 mover = damas_eg_turn(e, opp ^ to ^ from), other = damas_eg_turn(e, own);
            u64 crowned = damas_eg_turn(e, kings ^ to ^ from);
            int code;
            u64 index;
            if (damas_eg_locate(e, mover, other, crowned, &code, &index)) return -1;
            int j = 0;
            while (j < b->blocks && !(code == b->code[b->block[j].table] &&
                                      index / b->per_slice == b->block[j].slice))
                j++;
            if (j == b->blocks) {
                PyErr_SetString(PyExc_RuntimeError, "a king's move out of its slice");
                return -1;
            }
            found[(*n)++] = (uint32_t)((u64)j * b->per_slice + index % b->per_slice);
        }
    }
    return 0;
}

static int solve_job(Build *b) {
    uint32_t n = (uint32_t)((u64)b->blocks * b->per_slice);
    memset(b->state, 0, n);
    Outcome o;
    for (uint32_t id = 0; id < n; id++) {
        const Block *k = &b->block[id / b->per_slice];
        u64 own, opp, kings;
        position_of(b, k, id % b->per_slice, &own, &opp, &kings);
        if (outcomes(b, own, opp, kings, 0, &o)) return -1;
        if (b->drawn) {
            *byte_of(b, id) = (uint8_t)settled(b, &o);
            continue;
        }
        if (o.captures) b->state[id] |= CAPTURES;
        if (o.draw) b->state[id] |= DRAWING;
        if (o.best_win > EG_FARTHEST || o.worst_loss > EG_FARTHEST || o.unknown > 255)
            return too_far();
        b->unknown[id] = (uint8_t)o.unknown;
        b->win_plies[id] = (uint8_t)o.best_win;
        b->loss_plies[id] = (uint8_t)o.worst_loss;
        if (!o.moves) {
            if (push(b, 0, id, 1)) return -1;
        } else if (o.best_win) {
            if (push(b, o.best_win, id, 0)) return -1;
        } else if (!o.unknown && !o.draw && push(b, o.worst_loss, id, 1)) {
            return -1;
        }
    }
    if (b->drawn) return 0;
    uint32_t found[4 * BITS * EG_MOST];
    for (int d = 0; d < LAYERS; d++) {
        Layer *l = &b->layer[d];
        for (size_t q = 0; q < l->len; q++) {
            uint32_t id = l->data[q] >> 1;
            int loss = l->data[q] & 1;
            if (b->state[id] & SET) continue;
            if (d > EG_FARTHEST) return too_far();
            b->state[id] |= SET;
            *byte_of(b, id) = (uint8_t)(loss ? EG_LOSS + d : d);
            int count;
            if (predecessors(b, id, found, &count)) return -1;
            for (int i = 0; i < count; i++) {
                uint32_t p = found[i];
                if (b->state[p] & (SET | CAPTURES)) continue;
                if (loss) {
                    if (push(b, d + 1, p, 0)) return -1;
                } else if (!--b->unknown[p] && !b->win_plies[p] && !(b->state[p] & DRAWING)) {
                    int at = b->loss_plies[p] > d + 1 ? b->loss_plies[p] : d + 1;
                    if (push(b, at, p, 1)) return -1;
                }
            }
        }
        l->len = 0;
    }
    return 0;
}

/* ---------------------------------------------------------------- setting up */

/* build(a_kings, a_men, b_kings, b_men, men_reset, drawn, progress) and verify(...): side a
 * and side b of the material; men_reset: a man's move starts the count that matters again;
 * drawn: the material is a draw at once; progress: called with (done, total) positions, or
 * None. */
static int read_build(Build *b, Endgame *e, PyObject *args, const char *name) {
    int m[4], men_reset, drawn;
    memset(b, 0, sizeof *b);
    if (damas_eg_read_material(args, 7, name, m)) return -1;
    PyObject *progress = PyTuple_GET_ITEM(args, 6);
    if ((men_reset = PyObject_IsTrue(PyTuple_GET_ITEM(args, 4))) < 0 ||
        (drawn = PyObject_IsTrue(PyTuple_GET_ITEM(args, 5))) < 0)
        return -1;
    if (progress != Py_None && !PyCallable_Check(progress)) {
        PyErr_SetString(PyExc_TypeError, "progress: a callable or None");
        return -1;
    }
    b->e = e;
    b->c = e->core;
    b->men_reset = men_reset;
    b->drawn = drawn;
    b->progress = progress;
    for (int t = 0; t < 2; t++) {
        int side = t ? 2 : 0, other = t ? 0 : 2;
        b->kings[t][0] = m[side];
        b->men[t][0] = m[side + 1];
        b->kings[t][1] = m[other];
        b->men[t][1] = m[other + 1];
        b->code[t] = eg_code(m[side], m[side + 1], m[other], m[other + 1]);
        b->size[t] = damas_eg_size(e, m[side], m[side + 1], m[other], m[other + 1]);
    }
    int squares = popcount(b->c->mask) - m[1] - m[3];
    b->per_slice = e->binomial[squares][m[0]] * e->binomial[squares - m[0]][m[2]];
    b->slices = b->size[0] / b->per_slice;
    b->total = b->size[0] + (b->code[1] != b->code[0] ? b->size[1] : 0);
    if (2 * b->per_slice >= (u64)1 << 31) {
        PyErr_SetString(PyExc_ValueError, "a material too large to build");
        return -1;
    }
    return 0;
}

static void free_build(Build *b) {
    PyMem_Free(b->moves.data);
    PyMem_Free(b->state);
    PyMem_Free(b->unknown);
    PyMem_Free(b->win_plies);
    PyMem_Free(b->loss_plies);
    for (int d = 0; d < LAYERS; d++) PyMem_Free(b->layer[d].data);
}

/* How far the men of a placement have come: rows advanced by each side's men. */
static int advanced(const Core *c, u64 own_men, u64 opp_men) {
    int rows = 0;
    while (own_men) {
        u64 low = own_men & -own_men;
        own_men ^= low;
        rows += c->size - 1 - c->row[index_of(low)];
    }
    while (opp_men) {
        u64 low = opp_men & -opp_men;
        opp_men ^= low;
        rows += c->row[index_of(low)];
    }
    return rows;
}

PyObject *damas_eg_build(Endgame *e, PyObject *args) {
    Build b;
    if (read_build(&b, e, args, "build")) return NULL;
    PyObject *bytes[2] = {NULL, NULL};
    u64 *order = NULL;
    uint8_t *done = NULL;
    int two = b.code[1] != b.code[0];
    for (int t = 0; t < 1 + two; t++) {
        bytes[t] = PyBytes_FromStringAndSize(NULL, (Py_ssize_t)b.size[t]);
        if (!bytes[t]) goto fail;
        b.table[t] = (uint8_t *)PyBytes_AS_STRING(bytes[t]);
        memset(b.table[t], 0, b.size[t]);
    }
    if (!two) b.table[1] = b.table[0];
    size_t n = (size_t)(2 * b.per_slice);
    b.state = PyMem_Malloc(n);
    b.unknown = PyMem_Malloc(n);
    b.win_plies = PyMem_Malloc(n);
    b.loss_plies = PyMem_Malloc(n);
    order = PyMem_Malloc((size_t)b.slices * sizeof(u64));
    done = PyMem_Calloc((size_t)b.slices, 1);
    if (!b.state || !b.unknown || !b.win_plies || !b.loss_plies || !order || !done) {
        PyErr_NoMemory();
        goto fail;
    }
    /* the placements, the most advanced first (a counting sort on the rows advanced) */
    int most = 2 * EG_MOST * b.c->size + 1;
    u64 starts[2 * EG_MOST * 16 + 2];
    memset(starts, 0, sizeof starts);
    for (u64 s = 0; s < b.slices; s++) {
        u64 own_men, opp_men;
        men_of(&b, 0, s, &own_men, &opp_men);
        if (!(own_men & opp_men)) starts[most - advanced(b.c, own_men, opp_men)]++;
    }
    u64 valid = 0;
    for (int a = 0; a <= most; a++) {
        u64 count = starts[a];
        starts[a] = valid;
        valid += count;
    }
    for (u64 s = 0; s < b.slices; s++) {
        u64 own_men, opp_men;
        men_of(&b, 0, s, &own_men, &opp_men);
        if (!(own_men & opp_men)) order[starts[most - advanced(b.c, own_men, opp_men)]++] = s;
    }
    for (u64 i = 0; i < valid; i++) {
        u64 s = order[i], own_men, opp_men;
        if (done[s]) continue;
        men_of(&b, 0, s, &own_men, &opp_men);
        set_block(&b, &b.block[0], 0, s, own_men, opp_men);
        u64 other = damas_eg_placement(e, damas_eg_turn(e, opp_men), damas_eg_turn(e, own_men));
        b.blocks = 1;
        if (two || other != s) {
            set_block(&b, &b.block[1], 1, other, damas_eg_turn(e, opp_men),
                      damas_eg_turn(e, own_men));
            b.blocks = 2;
            if (!two) done[other] = 1;
        }
        done[s] = 1;
        if (solve_job(&b) || report(&b, (u64)b.blocks * b.per_slice)) goto fail;
    }
    free_build(&b);
    PyMem_Free(order);
    PyMem_Free(done);
    return Py_BuildValue("(NN)", bytes[0], two ? bytes[1] : (Py_INCREF(Py_None), Py_None));
fail:
    free_build(&b);
    PyMem_Free(order);
    PyMem_Free(done);
    Py_XDECREF(bytes[0]);
    Py_XDECREF(bytes[1]);
    return NULL;
}

/* ---------------------------------------------------------------- checking held tables */

/* (positions whose byte disagrees with their successors', the first of them as (table,
 * number) or None); table 0 has side a to move. Every number where the men would share a
 * square must hold 0. */
PyObject *damas_eg_verify(Endgame *e, PyObject *args) {
    Build b;
    if (read_build(&b, e, args, "verify")) return NULL;
    int two = b.code[1] != b.code[0];
    for (int t = 0; t < 1 + two; t++) {
        if (!e->held[b.code[t]]) {
            missing_table(b.code[t]);
            return NULL;
        }
        b.table[t] = (uint8_t *)e->view[b.code[t]].buf;
    }
    if (!two) b.table[1] = b.table[0];
    u64 wrong = 0, first = 0;
    int first_table = -1;
    Outcome o;
    for (int t = 0; t < 1 + two; t++) {
        for (u64 s = 0; s < b.slices; s++) {
            u64 own_men, opp_men;
            men_of(&b, t, s, &own_men, &opp_men);
            Block k;
            set_block(&b, &k, t, s, own_men, opp_men);
            int overlap = (own_men & opp_men) != 0;
            for (u64 number = 0; number < b.per_slice; number++) {
                u64 index = s * b.per_slice + number;
                int expected = 0;
                if (!overlap) {
                    u64 own, opp, kings;
                    position_of(&b, &k, number, &own, &opp, &kings);
                    if (outcomes(&b, own, opp, kings, 1, &o)) goto fail;
                    expected = settled(&b, &o);
                }
                if (b.table[t][index] != expected) {
                    if (!wrong++) {
                        first = index;
                        first_table = t;
                    }
                }
            }
            if (report(&b, b.per_slice)) goto fail;
        }
    }
    free_build(&b);
    if (!wrong) return Py_BuildValue("(KO)", 0ULL, Py_None);
    return Py_BuildValue("(K(iK))", (unsigned long long)wrong, first_table,
                         (unsigned long long)first);
fail:
    free_build(&b);
    return NULL;
}
