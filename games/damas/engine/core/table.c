/* The transposition table (table.py's semantics) and its Python type, CoreTable. */

#include "core.h"

static Entry *bucket_of(const Table *t, u64 key) {
    return &t->data[(size_t)key & (size_t)(t->slots - BUCKET)];
}

void damas_table_prefetch(const Table *t, u64 key) {
    const Entry *bucket = bucket_of(t, key);
    __builtin_prefetch(bucket);
    __builtin_prefetch((const char *)bucket + 64);
}

Entry *damas_table_find(Table *t, u64 key) {
    Entry *bucket = bucket_of(t, key);
    for (int i = 0; i < BUCKET; i++)
        if (bucket[i].used && bucket[i].key == key) return &bucket[i];
    return NULL;
}

/* Where a new position goes: a free slot, else the shallowest entry of an earlier search,
 * else the shallowest of this one (the first such slot). */
static Entry *victim(Table *t, Entry *bucket) {
    Entry *chosen = NULL;
    for (int i = 0; i < BUCKET; i++) {
        Entry *e = &bucket[i];
        if (!e->used) return e;
        if (!chosen) {
            chosen = e;
            continue;
        }
        int stale = e->age != t->age, chosen_stale = chosen->age != t->age;
        if (stale > chosen_stale || (stale == chosen_stale && e->depth < chosen->depth))
            chosen = e;
    }
    return chosen;
}

void damas_table_put(Table *t, u64 key, int depth, int flag, int score, const Move *m) {
    Entry *bucket = bucket_of(t, key), *e = damas_table_find(t, key);
    if (e) {
        /* A deeper result is worth more than a newer shallow one, except an exact score;
         * one from an earlier search gives way to this one's. */
        if (!(depth >= e->depth || flag == EXACT || e->age != t->age)) return;
    } else {
        e = victim(t, bucket);
        if (!e->used) t->count++;
    }
    e->key = key;
    e->depth = (int16_t)depth;
    e->flag = (uint8_t)flag;
    e->score = score;
    e->start = (uint8_t)index_of(m->start);
    e->end = (uint8_t)index_of(m->end);
    e->taken = m->taken;
    e->used = 1;
    e->age = t->age;
}

static int Table_init(Table *t, PyObject *args, PyObject *kw) {
    static char *names[] = {"slots", NULL};
    PyObject *given = NULL;
    int slots = DEFAULT_SLOTS;
    if (!PyArg_ParseTupleAndKeywords(args, kw, "|O", names, &given) ||
        (given && damas_read_int(given, BUCKET, 1 << 28, &slots, "slots")))
        return -1;
    if (slots & (slots - 1)) {
        PyErr_Format(PyExc_ValueError, "slots must be a power of two, not %d", slots);
        return -1;
    }
    if (t->data) {
        PyErr_SetString(PyExc_RuntimeError, "a table is initialised once");
        return -1;
    }
    t->data = damas_pages_new((size_t)slots * sizeof(Entry));
    if (!t->data) {
        PyErr_NoMemory();
        return -1;
    }
    t->slots = slots;
    t->count = 0;
    t->age = 0;
    return 0;
}

static void Table_dealloc(Table *t) {
    damas_pages_free(t->data);
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

/* One bit of a move's start or end square. */
static int read_square(PyObject *o, u64 *out, const char *what) {
    if (damas_read_bits(o, out, what)) return -1;
    if (*out == 0 || (*out & (*out - 1))) {
        PyErr_Format(PyExc_ValueError, "%s: one square's bit, not %llu", what,
                     (unsigned long long)*out);
        return -1;
    }
    return 0;
}

static PyObject *Table_put(Table *t, PyObject *args) {
    u64 key;
    int depth, flag, score;
    PyObject *key_o, *depth_o, *flag_o, *score_o, *start_o, *end_o, *taken_o;
    Move m = {0};
    if (damas_table_ready(t) ||
        !PyArg_ParseTuple(args, "OOOO(OOO)", &key_o, &depth_o, &flag_o, &score_o, &start_o,
                          &end_o, &taken_o) ||
        damas_read_bits(key_o, &key, "key") ||
        damas_read_int(depth_o, -DEPTH_LIMIT, DEPTH_LIMIT, &depth, "depth") ||
        damas_read_int(flag_o, EXACT, UPPER, &flag, "flag") ||
        damas_read_int(score_o, -SCORE_LIMIT, SCORE_LIMIT, &score, "score") ||
        read_square(start_o, &m.start, "start") || read_square(end_o, &m.end, "end") ||
        damas_read_bits(taken_o, &m.taken, "taken"))
        return NULL;
    damas_table_put(t, key, depth, flag, score, &m);
    Py_RETURN_NONE;
}

static PyObject *Table_new_search(Table *t, PyObject *Py_UNUSED(ignored)) {
    if (damas_table_ready(t)) return NULL;
    t->age = (uint8_t)(t->age + 1);
    Py_RETURN_NONE;
}

static Py_ssize_t Table_len(Table *t) { return t->count; }

static PyMethodDef Table_methods[] = {
    {"get", (PyCFunction)Table_get, METH_O, "(depth, flag, score, (start, end, taken)) or None."},
    {"put", (PyCFunction)Table_put, METH_VARARGS,
     "put(key, depth, flag, score, (start, end, taken)): keep it as the search would."},
    {"new_search", (PyCFunction)Table_new_search, METH_NOARGS,
     "Count what is stored from now on as the next search's."},
    {NULL, NULL, 0, NULL}};

static PyMemberDef Table_members[] = {
    {"slots", T_PYSSIZET, offsetof(Table, slots), READONLY, "The positions it can hold."},
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
