/* The Core type: one rule set's tables, read from compiled.py's spec, and its generator
 * and evaluation exposed to Python (for the differential tests). */

#include "core.h"

/* The bits of a board square (of c->mask), or a ValueError. */
static int on_board(const Core *c, u64 bits, const char *what) {
    if (bits & ~c->mask) {
        PyErr_Format(PyExc_ValueError, "%s: squares off the board", what);
        return -1;
    }
    return 0;
}

/* A bit index of a board square. */
static int read_square(const Core *c, PyObject *seq, Py_ssize_t i, int *out, const char *what) {
    if (damas_item_int(seq, i, 0, BITS - 1, out, what)) return -1;
    return on_board(c, (u64)1 << *out, what);
}

/* Two bitboards, one per colour (or per wing). */
static int read_pair(const Core *c, PyObject *seq, u64 out[2], const char *what) {
    if (damas_length(seq, 2, 2, what) < 0) return -1;
    for (int i = 0; i < 2; i++)
        if (damas_item_bits(seq, i, &out[i], what) || on_board(c, out[i], what)) return -1;
    return 0;
}

/* Bit planes: (mask, shift) rows; the shifts keep every table value under 2**PLANE_SHIFTS. */
static int read_planes(Core *c, int table, PyObject *seq) {
    Py_ssize_t n = damas_length(seq, 0, MAX_PLANES, "planes");
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(seq, i, 2, "planes");
        if (!row) return -1;
        int failed = damas_item_bits(row, 0, &c->plane[table][i], "planes") ||
                     damas_item_int(row, 1, 0, PLANE_SHIFTS - 1, &c->plane_shift[table][i],
                                    "planes: a shift");
        Py_DECREF(row);
        if (failed) return -1;
    }
    c->planes_n[table] = (int)n;
    return 0;
}

/* Zobrist keys per colour, indexed by bit index + 1: one for every square at least. */
static int read_keys(const Core *c, u64 table[2][BITS + 1], PyObject *seq) {
    Py_ssize_t needed = 2 + (63 - __builtin_clzll(c->mask));
    if (damas_length(seq, 2, 2, "keys") < 0) return -1;
    for (int colour = 0; colour < 2; colour++) {
        PyObject *side = PySequence_GetItem(seq, colour);
        if (!side) return -1;
        Py_ssize_t n = damas_length(side, needed, BITS + 1, "keys");
        memset(table[colour], 0, sizeof table[colour]);
        int failed = n < 0;
        for (Py_ssize_t i = 0; i < n && !failed; i++)
            failed = damas_item_bits(side, i, &table[colour][i], "keys");
        Py_DECREF(side);
        if (failed) return -1;
    }
    return 0;
}

/* rays: per bit index, per direction, the indices outward (empty for a ghost bit); they give
 * the flying kings' rays and, from their first two squares, the jump tables (men per colour
 * in the directions they capture in, then kings in all four), in board.py's order. */
static int read_rays(Core *c, PyObject *rays, PyObject *men_directions) {
    Py_ssize_t width = damas_length(rays, 1, BITS - 1, "rays");
    if (width < 0) return -1;
    memset(c->ray_mask, 0, sizeof c->ray_mask);
    memset(c->jumps_n, 0, sizeof c->jumps_n);
    int first[BITS][4], second[BITS][4];
    for (int i = 0; i < BITS; i++)
        for (int d = 0; d < 4; d++) first[i][d] = second[i][d] = -1;
    for (Py_ssize_t i = 0; i < width; i++) {
        PyObject *per = PySequence_GetItem(rays, i);
        if (!per) return -1;
        Py_ssize_t dirs = damas_length(per, 0, 4, "rays: directions");
        int failed = dirs < 0;
        if (!failed && dirs != 0 && dirs != 4) {
            PyErr_SetString(PyExc_ValueError, "rays: 4 directions, or none");
            failed = 1;
        }
        for (Py_ssize_t d = 0; d < dirs && !failed; d++) {
            PyObject *ray = PySequence_GetItem(per, d);
            Py_ssize_t n = ray ? damas_length(ray, 0, BITS, "rays") : -1;
            failed = n < 0;
            for (Py_ssize_t k = 0; k < n && !failed; k++) {
                int at;
                failed = read_square(c, ray, k, &at, "rays");
                if (failed) break;
                c->ray_mask[i][d] |= (u64)1 << at;
                if (k == 0) first[i][d] = at;
                if (k == 1) second[i][d] = at;
            }
            Py_XDECREF(ray);
        }
        Py_DECREF(per);
        if (failed) return -1;
    }
    int allowed[3][4] = {{0}};
    if (damas_length(men_directions, 2, 2, "men_directions") < 0) return -1;
    for (int colour = 0; colour < 2; colour++) {
        PyObject *directions = PySequence_GetItem(men_directions, colour);
        if (!directions) return -1;
        Py_ssize_t n = damas_length(directions, 0, 4, "men_directions");
        int failed = n < 0;
        for (Py_ssize_t k = 0; k < n && !failed; k++) {
            int d;
            failed = damas_item_int(directions, k, 0, 3, &d, "men_directions");
            if (!failed) allowed[colour][d] = 1;
        }
        Py_DECREF(directions);
        if (failed) return -1;
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
    return 0;
}

/* The draw rules: (kings, men, moves) of the endgame rule, drawn material as (kings, men) of
 * both sides. */
static int read_draw_rules(Core *c, PyObject *endgame, PyObject *drawn) {
    Py_ssize_t n = damas_length(endgame, 0, MAX_RULES, "endgame");
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(endgame, i, 3, "endgame");
        if (!row) return -1;
        EndgameRule *rule = &c->endgame[i];
        int failed = damas_item_int(row, 0, 0, BITS, &rule->kings, "endgame: kings") ||
                     damas_item_int(row, 1, 0, BITS, &rule->men, "endgame: men") ||
                     damas_item_int(row, 2, 0, NEVER / 2, &rule->moves, "endgame: moves");
        Py_DECREF(row);
        if (failed) return -1;
    }
    c->endgame_n = (int)n;
    n = damas_length(drawn, 0, MAX_RULES, "drawn");
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(drawn, i, 4, "drawn");
        if (!row) return -1;
        int failed = 0;
        for (int j = 0; j < 4 && !failed; j++)
            failed = damas_item_int(row, j, 0, BITS, &c->drawn[i][j], "drawn");
        Py_DECREF(row);
        if (failed) return -1;
    }
    c->drawn_n = (int)n;
    return 0;
}

/* The runaway men's cones: per colour, (bit index, cone, rows left before crowning). */
static int read_cones(Core *c, PyObject *cones) {
    memset(c->cones, 0, sizeof c->cones);
    if (damas_length(cones, 2, 2, "cones") < 0) return -1;
    for (int colour = 0; colour < 2; colour++) {
        PyObject *side = PySequence_GetItem(cones, colour);
        if (!side) return -1;
        Py_ssize_t n = damas_length(side, 0, BITS, "cones");
        int failed = n < 0;
        for (Py_ssize_t i = 0; i < n && !failed; i++) {
            PyObject *row = damas_row(side, i, 3, "cones");
            int at = 0;
            Cone cone;
            failed = !row || read_square(c, row, 0, &at, "cones") ||
                     damas_item_bits(row, 1, &cone.cone, "cones") ||
                     on_board(c, cone.cone, "cones") ||
                     damas_item_int(row, 2, 1, 3, &cone.rows_left, "cones: rows left");
            if (!failed) c->cones[colour][at] = cone;
            Py_XDECREF(row);
        }
        Py_DECREF(side);
        if (failed) return -1;
    }
    return 0;
}

/* (bit index, row, column) of every square. */
static int read_places(Core *c, PyObject *places) {
    memset(c->row, 0, sizeof c->row);
    memset(c->col, 0, sizeof c->col);
    Py_ssize_t n = damas_length(places, 0, BITS, "places");
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(places, i, 3, "places");
        if (!row) return -1;
        int at = 0, r = 0, col = 0;
        int failed = read_square(c, row, 0, &at, "places") ||
                     damas_item_int(row, 1, 0, c->size - 1, &r, "places: a row") ||
                     damas_item_int(row, 2, 0, c->size - 1, &col, "places: a column");
        Py_DECREF(row);
        if (failed) return -1;
        c->row[at] = r;
        c->col[at] = col;
    }
    return 0;
}

/* (bit index, square number) of every square: the order of the proof's moves. */
static int read_squares(Core *c, PyObject *squares) {
    memset(c->square, 0, sizeof c->square);
    Py_ssize_t n = damas_length(squares, 0, BITS, "squares");
    if (n < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(squares, i, 2, "squares");
        if (!row) return -1;
        int at = 0, number = 0;
        int failed = read_square(c, row, 0, &at, "squares") ||
                     damas_item_int(row, 1, 1, BITS, &number, "squares: a number");
        Py_DECREF(row);
        if (failed) return -1;
        c->square[at] = number;
    }
    return 0;
}

/* One table per block: PATTERN_STATES weights within WEIGHT_LIMIT, into every other slot of
 * out from `side` (0: the middle game's, 1: the ending's). */
static int read_tables(int16_t *out, PyObject *tables, Py_ssize_t blocks, int side,
                       const char *what) {
    if (damas_length(tables, blocks, blocks, what) < 0) return -1;
    for (Py_ssize_t b = 0; b < blocks; b++) {
        PyObject *table = damas_row(tables, b, PATTERN_STATES, what);
        if (!table) return -1;
        int failed = 0;
        for (Py_ssize_t i = 0; i < PATTERN_STATES && !failed; i++) {
            int weight;
            failed = damas_item_int(table, i, -WEIGHT_LIMIT, WEIGHT_LIMIT, &weight, what);
            out[(b * PATTERN_STATES + i) * 2 + side] = (int16_t)weight;
        }
        Py_DECREF(table);
        if (failed) return -1;
    }
    return 0;
}

/* The learned patterns: per block the bit indices of its PATTERN_SQUARES squares (digit
 * order), its middle-game and ending tables, and the phase's full count of pieces. */
static int read_patterns(Core *c, PyObject *squares, PyObject *middle, PyObject *ending,
                         PyObject *pieces) {
    PyMem_Free(c->pattern_weights);
    c->pattern_weights = NULL;
    c->patterns_n = 0;
    memset(c->pattern_mask, 0, sizeof c->pattern_mask);
    memset(c->pattern_digit, 0, sizeof c->pattern_digit);
    Py_ssize_t n = damas_length(squares, 0, MAX_PATTERNS, "pattern_squares");
    if (n < 0 || damas_read_int(pieces, 1, BITS, &c->phase_pieces, "phase_pieces")) return -1;
    for (Py_ssize_t b = 0; b < n; b++) {
        PyObject *row = damas_row(squares, b, PATTERN_SQUARES, "pattern_squares");
        if (!row) return -1;
        int failed = 0;
        for (int j = 0, power = 1; j < PATTERN_SQUARES && !failed; j++, power *= 3) {
            int at;
            failed = read_square(c, row, j, &at, "pattern_squares");
            if (!failed && (c->pattern_mask[b] >> at & 1)) {
                PyErr_SetString(PyExc_ValueError, "pattern_squares: a square twice in a block");
                failed = 1;
            }
            if (failed) break;
            c->pattern_mask[b] |= (u64)1 << at;
            c->pattern_digit[b][at] = power;
        }
        Py_DECREF(row);
        if (failed) return -1;
    }
    c->pattern_weights = PyMem_Malloc((size_t)(n ? n : 1) * PATTERN_STATES * 2 * sizeof(int16_t));
    if (!c->pattern_weights) {
        PyErr_NoMemory();
        return -1;
    }
    if (read_tables(c->pattern_weights, middle, n, 0, "pattern_middle") ||
        read_tables(c->pattern_weights, ending, n, 1, "pattern_ending"))
        return -1;
    c->patterns_n = (int)n;
    return 0;
}

/* Every number of the spec is checked against what the core holds: the evaluation's sums
 * and the search's scores then stay far inside an int (docs/engine.md), every index inside
 * its table. */
static int Core_init(Core *c, PyObject *args, PyObject *kw) {
    if (c->ready) {
        PyErr_SetString(PyExc_RuntimeError, "a Core is initialised once");
        return -1;
    }
    static char *names[] = {"mask", "half", "size", "flying", "men_backwards", "men_kings",
                            "italian", "promotion", "rays", "men_directions", "key_men",
                            "key_kings", "black_to_move", "king_limit", "endgame_pieces",
                            "most_kings", "endgame", "drawn", "man_value", "king_value",
                            "supported", "runaway", "balance", "mobility", "cornering",
                            "closing", "ending_diagonal", "men_planes", "king_planes", "zones",
                            "cones", "wings", "main_diagonal", "places", "pattern_squares",
                            "pattern_middle", "pattern_ending", "phase_pieces", "squares",
                            "repetition", "compulsory", "huffing", NULL};
    PyObject *mask, *half, *size, *promotion, *rays, *men_directions, *key_men, *key_kings,
        *black_to_move, *king_limit, *endgame_pieces, *most_kings, *endgame, *drawn, *man_value,
        *king_value, *supported, *runaway, *balance, *mobility, *cornering, *closing,
        *ending_diagonal, *men_planes, *king_planes, *zones, *cones, *wings, *main_diagonal,
        *places, *pattern_squares, *pattern_middle, *pattern_ending, *phase_pieces, *squares;
    if (!PyArg_ParseTupleAndKeywords(
            args, kw, "OOOpppp$OOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOOppp", names, &mask, &half, &size,
            &c->flying, &c->men_backwards, &c->men_kings, &c->italian, &promotion, &rays,
            &men_directions, &key_men, &key_kings, &black_to_move, &king_limit,
            &endgame_pieces, &most_kings, &endgame, &drawn, &man_value, &king_value, &supported,
            &runaway, &balance, &mobility, &cornering, &closing, &ending_diagonal, &men_planes,
            &king_planes, &zones, &cones, &wings, &main_diagonal, &places, &pattern_squares,
            &pattern_middle, &pattern_ending, &phase_pieces, &squares, &c->repetition,
            &c->compulsory, &c->huffing))
        return -1;
    if (damas_read_bits(mask, &c->mask, "mask")) return -1;
    if (!c->mask || c->mask >> 63) {
        PyErr_SetString(PyExc_ValueError, "mask: a board of 1 to 63 bits");
        return -1;
    }
    int near;
    if (damas_read_int(half, 2, 7, &near, "half") ||
        damas_read_int(size, 2, 16, &c->size, "size"))
        return -1;
    c->near = near;
    c->far = near + 1;
    struct {
        PyObject *value;
        int *field;
        int low, high;
        const char *what;
    } numbers[] = {
        {king_limit, &c->king_limit, 1, NEVER, "king_limit"},
        {endgame_pieces, &c->endgame_pieces, 0, BITS, "endgame_pieces"},
        {most_kings, &c->most_kings, 0, BITS, "most_kings"},
        {man_value, &c->man_value, -WEIGHT_LIMIT, WEIGHT_LIMIT, "man_value"},
        {king_value, &c->king_value, -WEIGHT_LIMIT, WEIGHT_LIMIT, "king_value"},
        {supported, &c->supported, -WEIGHT_LIMIT, WEIGHT_LIMIT, "supported"},
        {runaway, &c->runaway, -WEIGHT_LIMIT, WEIGHT_LIMIT, "runaway"},
        {balance, &c->balance, -WEIGHT_LIMIT, WEIGHT_LIMIT, "balance"},
        {mobility, &c->mobility, -WEIGHT_LIMIT, WEIGHT_LIMIT, "mobility"},
        {cornering, &c->cornering, -WEIGHT_LIMIT, WEIGHT_LIMIT, "cornering"},
        {closing, &c->closing, -WEIGHT_LIMIT, WEIGHT_LIMIT, "closing"},
        {ending_diagonal, &c->ending_diagonal, -WEIGHT_LIMIT, WEIGHT_LIMIT, "ending_diagonal"},
    };
    for (size_t i = 0; i < sizeof numbers / sizeof numbers[0]; i++)
        if (damas_read_int(numbers[i].value, numbers[i].low, numbers[i].high, numbers[i].field,
                           numbers[i].what))
            return -1;
    u64 pair[2];
    if (damas_read_bits(black_to_move, &c->black_to_move, "black_to_move") ||
        damas_read_bits(main_diagonal, &c->main_diagonal, "main_diagonal") ||
        on_board(c, c->main_diagonal, "main_diagonal") ||
        read_pair(c, promotion, c->promotion, "promotion") ||
        read_pair(c, zones, c->zone, "zones") || read_pair(c, wings, pair, "wings"))
        return -1;
    c->left_wing = pair[0];
    c->right_wing = pair[1];
    if (read_rays(c, rays, men_directions) || read_keys(c, c->key_men, key_men) ||
        read_keys(c, c->key_kings, key_kings) || read_draw_rules(c, endgame, drawn) ||
        read_cones(c, cones) || read_places(c, places) || read_squares(c, squares) ||
        read_patterns(c, pattern_squares, pattern_middle, pattern_ending, phase_pieces))
        return -1;
    if (damas_length(men_planes, 2, 2, "men_planes") < 0) return -1;
    for (int table = 0; table < 3; table++) {
        PyObject *planes = table < 2 ? PySequence_GetItem(men_planes, table) : king_planes;
        if (!planes) return -1;
        int failed = read_planes(c, table, planes);
        if (table < 2) Py_DECREF(planes);
        if (failed) return -1;
    }
    c->ready = 1;
    return 0;
}

int damas_core_ready(const Core *c) {
    if (!c->ready) {
        PyErr_SetString(PyExc_ValueError, "the Core was not initialised");
        return -1;
    }
    return 0;
}

/* Whether two cores (of one rule set, with other weights) move the same pieces alike. */
int damas_same_board(const Core *a, const Core *b) {
    return a->mask == b->mask && a->promotion[0] == b->promotion[0] &&
           a->promotion[1] == b->promotion[1] && a->flying == b->flying &&
           a->men_backwards == b->men_backwards && a->men_kings == b->men_kings &&
           a->italian == b->italian;
}

int damas_position_ok(const Core *c, u64 own, u64 opp, u64 kings) {
    if ((own | opp | kings) & ~c->mask || (own & opp) || (kings & ~(own | opp))) {
        PyErr_SetString(PyExc_ValueError, "not a position of this board");
        return 0;
    }
    return 1;
}

static void Core_dealloc(Core *c) {
    PyMem_Free(c->pattern_weights);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

/* The arguments of every generator method, checked: the bitboards of a real position. */
static int side_args(const Core *c, PyObject *args, u64 *own, u64 *opp, u64 *kings, int *colour) {
    PyObject *a, *b, *k, *side;
    if (damas_core_ready(c) || !PyArg_ParseTuple(args, "OOOO", &a, &b, &k, &side) ||
        damas_read_bits(a, own, "own") || damas_read_bits(b, opp, "opp") ||
        damas_read_bits(k, kings, "kings") || damas_read_int(side, 0, 1, colour, "colour"))
        return -1;
    return damas_position_ok(c, *own, *opp, *kings) ? 0 : -1;
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
            raw = damas_py_raw(m[i].start, m[i].end, 0, NULL, 0, NULL, 0);
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
    if (mode < 2 && damas_gen_captures(c, own, opp, kings, colour, &moves, routes)) goto done;
    if (mode == 0) {
        result = routes;
        Py_INCREF(result);
        goto done;
    }
    if (moves.len) {
        result = raws_of(moves.data, damas_choose(c, moves.data, moves.len), routes);
        goto done;
    }
    if (damas_gen_quiet(c, own, opp, kings, colour, &moves)) goto done;
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
    return PyBool_FromLong(damas_can_capture(c, own, opp, kings, colour));
}

static PyObject *Core_evaluate(Core *c, PyObject *args) {
    u64 own, opp, kings;
    int colour;
    if (side_args(c, args, &own, &opp, &kings, &colour)) return NULL;
    return PyLong_FromLong(damas_evaluate(c, own, opp, kings, colour));
}

static PyMethodDef Core_methods[] = {
    {"captures", (PyCFunction)Core_captures, METH_VARARGS, "Every complete capture route."},
    {"moves", (PyCFunction)Core_moves, METH_VARARGS, "The moves the search plays."},
    {"quiet", (PyCFunction)Core_quiet, METH_VARARGS, "Every move without capture."},
    {"can_capture", (PyCFunction)Core_can_capture, METH_VARARGS, "Whether a capture exists."},
    {"evaluate", (PyCFunction)Core_evaluate, METH_VARARGS, "The static evaluation."},
    {"material_search", (PyCFunction)damas_material_search, METH_VARARGS,
     "tactics.minimax: the material kept with best play, the puzzles' proof."},
    {NULL, NULL, 0, NULL}};

PyTypeObject damas_core_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The generator and evaluation of one rule set, from compiled.py's spec.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};
