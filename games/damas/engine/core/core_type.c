/* The Core type: one rule set's tables, read from compiled.py's spec, and its generator
 * and evaluation exposed to Python (for the differential tests). */

#include "core.h"

int seq_item_u64(PyObject *seq, Py_ssize_t i, u64 *out) {
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

PyTypeObject CoreType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.Core",
    .tp_basicsize = sizeof(Core),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The generator and evaluation of one rule set, from compiled.py's spec.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Core_init,
    .tp_dealloc = (destructor)Core_dealloc,
    .tp_methods = Core_methods,
};
