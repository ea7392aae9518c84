/* The endgame databases' numbering and the tables a search reads (CoreEndgame); building and
 * checking them is endgame_build.c's.
 *
 * A table holds every position of one material with the side to move seen as White: a
 * position with Black to move is turned half a turn (a square s of n becomes n + 1 - s, Black
 * becomes White), which the rules do not see. A position's number is, in mixed radix, the
 * set of the mover's men among the squares a man of it may stand on, the set of the other
 * side's men among theirs, then the mover's kings among the squares the men leave free and
 * the other side's kings among those still free; each set numbered by the combinatorial
 * number system (the sum of C(rank, j) over its j-th square). Numbers where the two sides'
 * men would share a square are never a position: their bytes stay 0.
 * games/damas/engine/databases/numbering.py is the same numbering in Python. */

#include "core.h"

u64 damas_eg_turn(const Endgame *e, u64 bits) {
    u64 turned = 0;
    while (bits) {
        u64 low = bits & -bits;
        bits ^= low;
        turned |= (u64)1 << e->turned[index_of(low)];
    }
    return turned;
}

/* The number of a set of squares among the squares of `among`. */
static u64 rank_set(const Endgame *e, u64 bits, u64 among) {
    u64 number = 0;
    for (int j = 1; bits; j++) {
        u64 low = bits & -bits;
        bits ^= low;
        number += e->binomial[popcount(among & (low - 1))][j];
    }
    return number;
}

u64 damas_eg_size(const Endgame *e, int own_kings, int own_men, int opp_kings, int opp_men) {
    int squares = popcount(e->core->mask) - own_men - opp_men;
    return e->binomial[e->domain_n[0]][own_men] * e->binomial[e->domain_n[1]][opp_men] *
           e->binomial[squares][own_kings] * e->binomial[squares - own_kings][opp_kings];
}

/* The number of a placement of the men: the mover's, the other side's. */
u64 damas_eg_placement(const Endgame *e, u64 own_men, u64 opp_men) {
    u64 number = rank_set(e, own_men, e->men_domain[0]);
    return number * e->binomial[e->domain_n[1]][popcount(opp_men)] +
           rank_set(e, opp_men, e->men_domain[1]);
}

/* The table (its code) and the number of a position with White to move; -1 where no table
 * could hold it (too many pieces, a man on its crowning row). */

int damas_eg_locate(const Endgame *e, u64 own, u64 opp, u64 kings, int *code, u64 *index) {
    u64 own_men = own & ~kings, opp_men = opp & ~kings;
    u64 own_kings = own & kings, opp_kings = opp & kings;
    int om = popcount(own_men), pm = popcount(opp_men);
    int ok = popcount(own_kings), pk = popcount(opp_kings);
    if (om + pm + ok + pk > EG_MOST || (own_men & ~e->men_domain[0]) ||
        (opp_men & ~e->men_domain[1]))
        return -1;
    u64 free = e->core->mask & ~(own_men | opp_men);
    int squares = popcount(free);
    u64 number = damas_eg_placement(e, own_men, opp_men);
    number = number * e->binomial[squares][ok] + rank_set(e, own_kings, free);
    number = number * e->binomial[squares - ok][pk] + rank_set(e, opp_kings, free & ~own_kings);
    *code = eg_code(ok, om, pk, pm);
    *index = number;
    return 0;
}

/* The byte a held table keeps for a position (`colour` to move), -1 where none is held. */
int damas_eg_value(const Endgame *e, u64 own, u64 opp, u64 kings, int colour) {
    if (colour) {
        own = damas_eg_turn(e, own);
        opp = damas_eg_turn(e, opp);
        kings = damas_eg_turn(e, kings);
    }
    int code;
    u64 index;
    if (damas_eg_locate(e, own, opp, kings, &code, &index) || !e->held[code]) return -1;
    return ((const uint8_t *)e->view[code].buf)[index];
}

/* ---------------------------------------------------------------- the Python type */

/* turned: (bit index, bit index) per square, the square and the one half a turn round. */
static int read_turned(Endgame *e, PyObject *turned) {
    const Core *c = e->core;
    Py_ssize_t n = damas_length(turned, 1, BITS, "turned");
    if (n < 0) return -1;
    u64 seen = 0, images = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(turned, i, 2, "turned");
        int from = 0, to = 0;
        int failed = !row || damas_item_int(row, 0, 0, BITS - 1, &from, "turned") ||
                     damas_item_int(row, 1, 0, BITS - 1, &to, "turned");
        Py_XDECREF(row);
        if (failed) return -1;
        e->turned[from] = to;
        seen |= (u64)1 << from;
        images |= (u64)1 << to;
    }
    if (seen != c->mask || images != c->mask ||
        damas_eg_turn(e, c->promotion[0]) != c->promotion[1]) {
        PyErr_SetString(PyExc_ValueError,
                        "turned: every square once, each crowning row onto the other");
        return -1;
    }
    return 0;
}

static int Endgame_init(Endgame *e, PyObject *args, PyObject *kw) {
    static char *names[] = {"core", "turned", NULL};
    PyObject *core, *turned;
    if (e->core) {
        PyErr_SetString(PyExc_RuntimeError, "a CoreEndgame is initialised once");
        return -1;
    }
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O", names, &damas_core_type, &core, &turned) ||
        damas_core_ready((Core *)core))
        return -1;
    Py_INCREF(core);
    e->core = (Core *)core;
    for (int n = 0; n <= BITS; n++)
        for (int k = 0; k < EG_COUNTS; k++)
            e->binomial[n][k] = k == 0 ? 1 : n == 0 ? 0 : e->binomial[n - 1][k - 1] +
                                                          e->binomial[n - 1][k];
    for (int side = 0; side < 2; side++) {
        e->men_domain[side] = e->core->mask & ~e->core->promotion[side];
        e->domain_n[side] = popcount(e->men_domain[side]);
    }
    if (read_turned(e, turned)) {
        Py_CLEAR(e->core); /* not initialised: every call refused */
        return -1;
    }
    return 0;
}

static void Endgame_dealloc(Endgame *e) {
    for (int code = 0; code < EG_CODES; code++)
        if (e->held[code]) PyBuffer_Release(&e->view[code]);
    Py_XDECREF(e->core);
    Py_TYPE(e)->tp_free((PyObject *)e);
}

static int endgame_ready(const Endgame *e) {
    if (!e->core) {
        PyErr_SetString(PyExc_ValueError, "the CoreEndgame was not initialised");
        return -1;
    }
    return 0;
}

/* (kings, men) of the side to move and of the other side, as a table holds them: the first
 * four of `n` arguments. */
int damas_eg_read_material(PyObject *args, Py_ssize_t n, const char *name, int counts[4]) {
    const char *what[] = {"own kings", "own men", "opp kings", "opp men"};
    if (PyTuple_GET_SIZE(args) != n) {
        PyErr_Format(PyExc_TypeError, "%s takes %zd arguments", name, n);
        return -1;
    }
    for (int i = 0; i < 4; i++)
        if (damas_read_int(PyTuple_GET_ITEM(args, i), 0, EG_MOST, &counts[i], what[i]))
            return -1;
    if (counts[0] + counts[1] + counts[2] + counts[3] > EG_MOST || !(counts[0] + counts[1]) ||
        !(counts[2] + counts[3])) {
        PyErr_Format(PyExc_ValueError, "a table has a piece on each side and %d at most",
                     EG_MOST);
        return -1;
    }
    return 0;
}

static PyObject *Endgame_size(Endgame *e, PyObject *args) {
    int m[4];
    if (endgame_ready(e) || damas_eg_read_material(args, 4, "size", m)) return NULL;
    return PyLong_FromUnsignedLongLong(damas_eg_size(e, m[0], m[1], m[2], m[3]));
}

static PyObject *Endgame_add(Endgame *e, PyObject *args) {
    int m[4];
    if (endgame_ready(e) || damas_eg_read_material(args, 5, "add", m)) return NULL;
    PyObject *data = PyTuple_GET_ITEM(args, 4);
    Py_buffer view;
    if (PyObject_GetBuffer(data, &view, PyBUF_SIMPLE)) return NULL;
    u64 size = damas_eg_size(e, m[0], m[1], m[2], m[3]);
    if ((u64)view.len != size) {
        PyErr_Format(PyExc_ValueError, "a table of %llu positions, not %zd bytes",
                     (unsigned long long)size, view.len);
        PyBuffer_Release(&view);
        return NULL;
    }
    int code = eg_code(m[0], m[1], m[2], m[3]);
    if (e->held[code]) PyBuffer_Release(&e->view[code]);
    e->view[code] = view;
    e->held[code] = 1;
    int pieces = m[0] + m[1] + m[2] + m[3];
    if (pieces > e->most) e->most = pieces;
    Py_RETURN_NONE;
}

/* A position of Python's: own, opp, kings, colour. */
static int read_position(const Endgame *e, PyObject *const *o, u64 *own, u64 *opp, u64 *kings,
                         int *colour) {
    if (damas_read_bits(o[0], own, "own") || damas_read_bits(o[1], opp, "opp") ||
        damas_read_bits(o[2], kings, "kings") || damas_read_int(o[3], 0, 1, colour, "colour"))
        return -1;
    return damas_position_ok(e->core, *own, *opp, *kings) ? 0 : -1;
}

static PyObject *Endgame_value(Endgame *e, PyObject *args) {
    PyObject *o[4];
    u64 own, opp, kings;
    int colour;
    if (endgame_ready(e) || !PyArg_ParseTuple(args, "OOOO:value", &o[0], &o[1], &o[2], &o[3]) ||
        read_position(e, o, &own, &opp, &kings, &colour))
        return NULL;
    int value = damas_eg_value(e, own, opp, kings, colour);
    if (value < 0) Py_RETURN_NONE;
    return PyLong_FromLong(value);
}

/* ((own kings, own men, opp kings, opp men), number) of a position, as the tables number it;
 * None where no table could hold it. */
static PyObject *Endgame_locate(Endgame *e, PyObject *args) {
    PyObject *o[4];
    u64 own, opp, kings, index;
    int colour, code;
    if (endgame_ready(e) ||
        !PyArg_ParseTuple(args, "OOOO:locate", &o[0], &o[1], &o[2], &o[3]) ||
        read_position(e, o, &own, &opp, &kings, &colour))
        return NULL;
    if (colour) {
        own = damas_eg_turn(e, own);
        opp = damas_eg_turn(e, opp);
        kings = damas_eg_turn(e, kings);
    }
    if (damas_eg_locate(e, own, opp, kings, &code, &index)) Py_RETURN_NONE;
    int n = EG_COUNTS;
    return Py_BuildValue("((iiii)K)", code / (n * n * n), code / (n * n) % n, code / n % n,
                         code % n, (unsigned long long)index);
}

static PyObject *Endgame_build(Endgame *e, PyObject *args) {
    if (endgame_ready(e)) return NULL;
    return damas_eg_build(e, args);
}

static PyObject *Endgame_verify(Endgame *e, PyObject *args) {
    if (endgame_ready(e)) return NULL;
    return damas_eg_verify(e, args);
}

static PyObject *Endgame_get_most(Endgame *e, void *Py_UNUSED(closure)) {
    return PyLong_FromLong(e->most);
}

static PyMethodDef Endgame_methods[] = {
    {"size", (PyCFunction)Endgame_size, METH_VARARGS, "Positions of a table."},
    {"add", (PyCFunction)Endgame_add, METH_VARARGS, "Hold a table's bytes (read only)."},
    {"value", (PyCFunction)Endgame_value, METH_VARARGS, "The byte of a position, or None."},
    {"locate", (PyCFunction)Endgame_locate, METH_VARARGS, "A position's table and number."},
    {"build", (PyCFunction)Endgame_build, METH_VARARGS, "Solve a material's tables."},
    {"verify", (PyCFunction)Endgame_verify, METH_VARARGS, "Check held tables' bytes."},
    {NULL, NULL, 0, NULL}};

static PyGetSetDef Endgame_getset[] = {
    {"most", (getter)Endgame_get_most, NULL, "The most pieces of a table held.", NULL},
    {NULL, NULL, NULL, NULL, NULL}};

PyTypeObject damas_endgame_type = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "games.damas.engine._core.CoreEndgame",
    .tp_basicsize = sizeof(Endgame),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "The endgame tables of one rule set: their numbering, building and reading.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Endgame_init,
    .tp_dealloc = (destructor)Endgame_dealloc,
    .tp_methods = Endgame_methods,
    .tp_getset = Endgame_getset,
};
