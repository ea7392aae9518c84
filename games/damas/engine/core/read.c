/* Python values into C, checked: every number that crosses into the core comes through
 * here. What is not an int is a TypeError; an int outside the range the core holds is a
 * ValueError that names the value and the range: never an OverflowError, never a number cut
 * to fit. */

#include "core.h"

int damas_read_bits(PyObject *o, u64 *out, const char *what) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: an int, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    u64 value = PyLong_AsUnsignedLongLong(o);
    if (value == (u64)-1 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: 0 to 2**64 - 1", what);
        return -1;
    }
    *out = value;
    return 0;
}

int damas_read_long(PyObject *o, long long low, long long high, long long *out,
                    const char *what) {
    if (!PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: an int, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow;
    long long value = PyLong_AsLongLongAndOverflow(o, &overflow);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld", what, low, high);
        return -1;
    }
    if (value < low || value > high) {
        PyErr_Format(PyExc_ValueError, "%s: %lld to %lld, not %lld", what, low, high, value);
        return -1;
    }
    *out = value;
    return 0;
}

int damas_read_int(PyObject *o, int low, int high, int *out, const char *what) {
    long long value;
    if (damas_read_long(o, low, high, &value, what)) return -1;
    *out = (int)value;
    return 0;
}

Py_ssize_t damas_length(PyObject *seq, Py_ssize_t low, Py_ssize_t high, const char *what) {
    if (!PySequence_Check(seq)) {
        PyErr_Format(PyExc_TypeError, "%s: a sequence, not %.50s", what, Py_TYPE(seq)->tp_name);
        return -1;
    }
    Py_ssize_t n = PySequence_Size(seq);
    if (n < 0) return -1;
    if (n < low || n > high) {
        if (low == high)
            PyErr_Format(PyExc_ValueError, "%s: %zd items, not %zd", what, low, n);
        else
            PyErr_Format(PyExc_ValueError, "%s: %zd to %zd items, not %zd", what, low, high, n);
        return -1;
    }
    return n;
}

PyObject *damas_row(PyObject *seq, Py_ssize_t i, Py_ssize_t width, const char *what) {
    PyObject *row = PySequence_GetItem(seq, i);
    if (!row) return NULL;
    if (damas_length(row, width, width, what) < 0) {
        Py_DECREF(row);
        return NULL;
    }
    return row;
}

int damas_item_bits(PyObject *seq, Py_ssize_t i, u64 *out, const char *what) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    int failed = damas_read_bits(o, out, what);
    Py_DECREF(o);
    return failed;
}

int damas_item_int(PyObject *seq, Py_ssize_t i, int low, int high, int *out, const char *what) {
    PyObject *o = PySequence_GetItem(seq, i);
    if (!o) return -1;
    int failed = damas_read_int(o, low, high, out, what);
    Py_DECREF(o);
    return failed;
}
