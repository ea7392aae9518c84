/* The compiled core of the draughts engine: the move generator, the evaluation, the
 * transposition table and the whole alpha-beta search of games/damas/engine/search.py in C,
 * in the files of core/ (this one is the module).
 *
 * It derives no rule itself: games/damas/engine/compiled.py builds a spec from Rules, the
 * board's rays, make_evaluator's tables and the Zobrist keys, and hands it to Core(). The
 * search is the Python one step for step (same move order, same stable sort, same table
 * replacement, same node counting and clock checks), so that both return the same Thought;
 * tests/games/damas/engine/test_compiled.py holds them to it.
 *
 * Bitboards are uint64_t in the ghost-bit layout of board.py (8x8: 35 bits, 10x10: 54). The
 * GIL is held, except for a moment every few milliseconds of a search (see tick). */

#include "core/core.h"

PyMODINIT_FUNC PyInit__core(void); /* the one symbol the module exports */

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, .m_name = "_core",
    .m_doc = "The compiled core of the draughts engine.", .m_size = -1};

PyMODINIT_FUNC PyInit__core(void) {
#ifdef __POPCNT__
    /* setup.py builds the core for x86-64 processors that count bits in one instruction (all
     * since about 2010); on an older one the engine runs in pure Python rather than crash */
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("popcnt")) {
        PyErr_SetString(PyExc_ImportError, "the compiled core needs a processor with POPCNT");
        return NULL;
    }
#endif
    PyTypeObject *types[] = {&damas_core_type, &damas_table_type, &damas_search_type,
                             &damas_endgame_type};
    const char *names[] = {"Core", "CoreTable", "CoreSearch", "CoreEndgame"};
    for (int i = 0; i < 4; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    for (int i = 0; i < 4; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(m);
            return NULL;
        }
    }
    PyObject *constants = Py_BuildValue(
        "{sisisisisisisisisisisisisLsi}", "WIN", WIN, "WON", WON, "DRAW", DRAW, "NEVER", NEVER,
        "MAX_PLY", MAX_PLY, "CHECK_EVERY", CHECK_EVERY, "PRUNE_MARGIN", PRUNE_MARGIN,
        "FEW_MOVES", FEW_MOVES, "EXACT", EXACT, "LOWER", LOWER, "UPPER", UPPER, "BUCKET", BUCKET, "HISTORY_CAP",
        (long long)HISTORY_CAP, "WEIGHT_LIMIT", WEIGHT_LIMIT);
    if (!constants || PyModule_AddObject(m, "CONSTANTS", constants) < 0) {
        Py_XDECREF(constants);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
