/* The transposition table (table.py's semantics) and its Python type, CoreTable. */

#include "core.h"

Entry *damas_table_find(Table *t, u64 key) {
    size_t mask = t->slots - 1, i = (size_t)key & mask;
    while (t->data[i].used) {
        if (t->data[i].key == key) return &t->data[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

void damas_table_put(Table *t, u64 key, int depth, int flag, int score, const Move *m) {
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
        /* Three quarters of the slots used, kept so: a free slot ends every probe (a table
         * with none would search forever for a position it does not hold), so a new position
         * takes its first slot only if used, and from a shallower entry. */
        e = &t->data[(size_t)key & mask];
        if (!e->used || depth < e->depth) return;
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
    PyObject *given = NULL;
    int entries = 250000;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", names, &given) ||
        (given && damas_read_int(given, 1, 1 << 28, &entries, "entries")))
        return -1;
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

int damas_table_ready(Table *t) {
    if (!t->data) {
        PyErr_SetString(PyExc_ValueError, "the table was not initialised");
        return -1;
    }
    return 0;
}

static PyObject *Table_get(Table *t, PyObject *arg) {
    u64 key;
    if (damas_table_ready(t) || damas_read_bits(arg, &key, "key")) return NULL;
    Entry *e = damas_table_find(t, key);
    if (!e) Py_RETURN_NONE;
    return Py_BuildValue("(iii(KKK))", e->depth, e->flag, e->score,
                         (unsigned long long)((u64)1 << e->start),
                         (unsigned long long)((u64)1 << e->end), (unsigned long long)e->taken);
}

static PyObject *Table_make_room(Table *t, PyObject *Py_UNUSED(ignored)) {
    if (damas_table_ready(t)) return NULL;
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

PyTypeObject damas_table_type = {
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
