/* The search (search.py's Search) and its Python type, CoreSearch. */

#include "core.h"

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
    Endgame *endgame;      /* the endgame databases, or NULL */
    double deadline;
    long long max_nodes, nodes;
    int quiescence, failed;
    int draw[2]; /* a draw's score for White to move, for Black to move (think.py's contempt) */
    int busy;        /* a node() runs: the GIL is let go now and then (see tick) */
    double released; /* when the GIL was last let go */
    /* the keys of the game's path to the node (the history before the root first) */
    u64 *path;
    Py_ssize_t path_len, path_cap;
    int path_filter[PATH_FILTER];
    Moves moves; /* every node's moves, a stack of segments */
    long long *order_keys; /* ordered's sort keys, one per move */
    size_t order_cap;
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
    return damas_material_drawn(c, popcount(own & kings), popcount(own & ~kings),
                                popcount(opp & kings), popcount(opp & ~kings));
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
    int score = damas_evaluate(s->core, own, opp, kings, colour);
    slot->key = key;
    slot->score = score;
    slot->used = 1;
    return score;
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
 * first; then the table's move first. -1 when out of memory for the sort keys. */
static int ordered(Search *s, Move *m, size_t n, const Move *first, int captures, int colour,
                   int ply) {
    if (!captures) {
        if (n > s->order_cap) {
            long long *grown = PyMem_Realloc(s->order_keys, n * sizeof(long long));
            if (!grown) {
                PyErr_NoMemory();
                return -1;
            }
            s->order_keys = grown;
            s->order_cap = n;
        }
        long long *keys = s->order_keys;
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
    if (!first) return 0;
    for (size_t i = 1; i < n; i++) {
        if (m[i].start == first->start && m[i].end == first->end && m[i].taken == first->taken) {
            Move held = m[i];
            memmove(&m[1], &m[0], i * sizeof(Move));
            m[0] = held;
            return 0;
        }
    }
    return 0;
}

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
        for (int i = 0; i < 2 * 64 * 64; i++) s->history[i] = floor_div(s->history[i], 2);
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
        Child a = damas_child(s->core, own, opp, kings, colour, key, m.start, m.end, m.taken);
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
        damas_can_capture(c, opp, own, kings, 1 - colour)) {
        size_t base = s->moves.len;
        if (damas_gen_quiet(c, own, opp, kings, colour, &s->moves)) {
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
    if (drawn(c, own, opp, kings)) return s->draw[colour];
    /* most of these nodes end on the static value: its slot comes while captures are sought */
    __builtin_prefetch(&s->cache[key & (EVAL_CACHE - 1)]);
    size_t base = s->moves.len;
    if (damas_gen_captures(c, own, opp, kings, colour, &s->moves, NULL)) {
        s->failed = 1;
        return 0;
    }
    size_t n = s->moves.len - base;
    if (!n || ply >= MAX_PLY) {
        s->moves.len = base;
        return quiet_leaf(s, own, opp, kings, colour, key, alpha, beta, ply, 0);
    }
    n = damas_choose(c, s->moves.data + base, n);
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
        if (damas_read_int(r, -SCORE_LIMIT, SCORE_LIMIT, &value, "solved"))
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
    if (path_has(s, key) || rule_plies <= 0 || endgame <= 0) return s->draw[colour];
    if (s->endgame && popcount(own | opp) <= s->endgame->most) {
        int value = damas_eg_value(s->endgame, own, opp, kings, colour);
        if (value >= 0)
            return damas_eg_score(value, rule_plies < endgame ? rule_plies : endgame, ply,
                                  s->draw[colour]);
    }
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
    Entry *entry = damas_table_find(s->table, key);
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
        /* the table's move is searched first: its bucket comes while the moves are made */
        Child expected = damas_child(c, own, opp, kings, colour, key, first.start, first.end,
                                     first.taken);
        damas_table_prefetch(s->table, expected.key);
    }
    size_t base = s->moves.len;
    if (damas_gen_captures(c, own, opp, kings, colour, &s->moves, NULL)) {
        s->failed = 1;
        return 0;
    }
    size_t n = s->moves.len - base;
    int routes = n > 0;
    if (routes) {
        n = damas_choose(c, s->moves.data + base, n);
        s->moves.len = base + n;
    } else {
        if (depth <= 0) return quiet_leaf(s, own, opp, kings, colour, key, alpha, beta, ply, 1);
        if (damas_gen_quiet(c, own, opp, kings, colour, &s->moves)) {
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
               beta < WON && !damas_can_capture(c, opp, own, kings, 1 - colour)) {
        int margin = PRUNE_MARGIN * depth, raised = beta + margin;
        int score = node(s, own, opp, kings, colour, key, rule_plies, endgame,
                         (int)floor_div(depth * 2, 5), raised - 1, raised, ply);
        if (s->failed || score >= raised) {
            s->moves.len = base;
            return s->failed ? 0 : score - margin;
        }
    }
    if (n > 1 &&
        ordered(s, s->moves.data + base, n, have_first ? &first : NULL, routes, colour, ply)) {
        s->moves.len = base;
        s->failed = 1;
        return 0;
    }
    int original_alpha = alpha, best = -WIN, other = 1 - colour;
    Move best_move = s->moves.data[base];
    if (path_push(s, key)) {
        s->failed = 1;
        return 0;
    }
    Move m = s->moves.data[base];
    Child next = damas_child(s->core, own, opp, kings, colour, key, m.start, m.end, m.taken);
    for (size_t index = 0; index < n; index++) {
        Child a = next;
        m = s->moves.data[base + index];
        if (index + 1 < n) {
            /* the next move's bucket comes from memory while this move's tree is searched */
            const Move *later = &s->moves.data[base + index + 1];
            next = damas_child(s->core, own, opp, kings, colour, key, later->start, later->end,
                               later->taken);
            damas_table_prefetch(s->table, next.key);
            if (depth <= 1) __builtin_prefetch(&s->cache[next.key & (EVAL_CACHE - 1)]);
        }
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
    damas_table_put(s->table, key, depth, flag, stored, &best_move);
    return best;
}

/* A float (or int) from Python: a ValueError where it has no double. */
static int read_double(PyObject *o, double *out, const char *what) {
    if (!PyFloat_Check(o) && !PyLong_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: a number, not %.50s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    *out = PyFloat_AsDouble(o);
    if (*out == -1.0 && PyErr_Occurred()) {
        if (!PyErr_ExceptionMatches(PyExc_OverflowError)) return -1;
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s: beyond any float", what);
        return -1;
    }
    return 0;
}

/* A draw's score for each side to move: two ints within +-WEIGHT_LIMIT (a hundred men), far
 * from any forced result; DRAW for both where not given. */
static int read_draws(PyObject *draws, int out[2]) {
    out[0] = out[1] = DRAW;
    if (draws == Py_None) return 0;
    if (damas_length(draws, 2, 2, "draws") < 0) return -1;
    for (Py_ssize_t i = 0; i < 2; i++) {
        PyObject *item = PySequence_GetItem(draws, i);
        if (!item) return -1;
        int failed = damas_read_int(item, -WEIGHT_LIMIT, WEIGHT_LIMIT, &out[i], "draws");
        Py_DECREF(item);
        if (failed) return -1;
    }
    return 0;
}

/* The game's history before the root, onto the path. */
static int read_seen(Search *s, PyObject *seen) {
    PyObject *iterator = PyObject_GetIter(seen);
    if (!iterator) return -1;
    PyObject *item;
    int failed = 0;
    while (!failed && (item = PyIter_Next(iterator))) {
        u64 key;
        failed = damas_read_bits(item, &key, "seen") || path_push(s, key);
        Py_DECREF(item);
    }
    Py_DECREF(iterator);
    return failed || PyErr_Occurred() ? -1 : 0;
}

static int Search_init(Search *s, PyObject *args, PyObject *kw) {
    static char *names[] = {"core", "table", "deadline", "max_nodes", "seen", "quiescence",
                            "out_of_time", "solved", "endgame", "draws", NULL};
    PyObject *core, *table, *deadline_o, *max_nodes_o, *seen, *out_of_time, *solved;
    PyObject *endgame = Py_None, *draws = Py_None;
    double deadline, perf;
    long long max_nodes;
    int quiescence, draw[2];
    if (!PyArg_ParseTupleAndKeywords(args, kw, "O!O!OOOpOO|OO", names, &damas_core_type, &core,
                                     &damas_table_type, &table, &deadline_o, &max_nodes_o,
                                     &seen, &quiescence, &out_of_time, &solved, &endgame,
                                     &draws))
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
    if (endgame != Py_None && !PyObject_TypeCheck(endgame, &damas_endgame_type)) {
        PyErr_SetString(PyExc_TypeError, "endgame: a CoreEndgame or None");
        return -1;
    }
    if (endgame != Py_None && !damas_same_board(((Endgame *)endgame)->core, (Core *)core)) {
        PyErr_SetString(PyExc_ValueError, "endgame: the tables of another rule set");
        return -1;
    }
    if (damas_core_ready((Core *)core) || damas_table_ready((Table *)table) ||
        read_double(deadline_o, &deadline, "deadline") ||
        damas_read_long(max_nodes_o, 0, LLONG_MAX, &max_nodes, "max_nodes") ||
        read_draws(draws, draw) || perf_counter(&perf))
        return -1;
    Py_INCREF(core);
    Py_XSETREF(s->core, (Core *)core);
    Py_INCREF(table);
    Py_XSETREF(s->table, (Table *)table);
    Py_INCREF(out_of_time);
    Py_XSETREF(s->out_of_time, out_of_time);
    Py_INCREF(solved);
    Py_XSETREF(s->solved, solved);
    Py_XDECREF(s->endgame);
    s->endgame = NULL;
    if (endgame != Py_None) {
        Py_INCREF(endgame);
        s->endgame = (Endgame *)endgame;
    }
    s->deadline = deadline - perf + now();
    s->max_nodes = max_nodes;
    s->quiescence = quiescence;
    s->draw[0] = draw[0];
    s->draw[1] = draw[1];
    s->nodes = 0;
    s->failed = 0;
    s->path_len = 0;
    s->moves.len = 0;
    memset(s->path_filter, 0, sizeof s->path_filter);
    memset(s->killers_n, 0, sizeof s->killers_n);
    memset(s->history, 0, sizeof s->history);
    if (!s->cache) {
        s->cache = damas_pages_new(EVAL_CACHE * sizeof(Cached));
        if (!s->cache) PyErr_NoMemory();
    } else {
        memset(s->cache, 0, EVAL_CACHE * sizeof(Cached));
    }
    if (!s->cache || read_seen(s, seen)) {
        Py_CLEAR(s->core); /* not initialised: search_ready refuses every call */
        return -1;
    }
    return 0;
}

static void Search_dealloc(Search *s) {
    Py_XDECREF(s->core);
    Py_XDECREF(s->table);
    Py_XDECREF(s->out_of_time);
    Py_XDECREF(s->solved);
    Py_XDECREF(s->endgame);
    PyMem_Free(s->path);
    PyMem_Free(s->moves.data);
    PyMem_Free(s->order_keys);
    damas_pages_free(s->cache);
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

/* A node's position, from Python: its bitboards and the side to move. */
static int read_side(const Core *c, PyObject *const *o, u64 *own, u64 *opp, u64 *kings,
                     int *colour) {
    if (damas_read_bits(o[0], own, "own") || damas_read_bits(o[1], opp, "opp") ||
        damas_read_bits(o[2], kings, "kings") || damas_read_int(o[3], 0, 1, colour, "colour"))
        return -1;
    return damas_position_ok(c, *own, *opp, *kings) ? 0 : -1;
}

/* The arguments of node, each within what the search holds: scores beyond +-SCORE_LIMIT
 * would overflow an int when negated or widened by a margin. */
static PyObject *Search_node(Search *s, PyObject *args) {
    PyObject *o[11];
    u64 own, opp, kings, key;
    int colour, rule_plies, endgame, depth, alpha, beta, ply;
    if (search_ready(s) ||
        !PyArg_ParseTuple(args, "OOOOOOOOOOO:node", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5],
                          &o[6], &o[7], &o[8], &o[9], &o[10]) ||
        read_side(s->core, o, &own, &opp, &kings, &colour) ||
        damas_read_bits(o[4], &key, "key") ||
        damas_read_int(o[5], INT_MIN, INT_MAX, &rule_plies, "rule_plies") ||
        damas_read_int(o[6], INT_MIN, INT_MAX, &endgame, "endgame") ||
        damas_read_int(o[7], -DEPTH_LIMIT, DEPTH_LIMIT, &depth, "depth") ||
        damas_read_int(o[8], -SCORE_LIMIT, SCORE_LIMIT, &alpha, "alpha") ||
        damas_read_int(o[9], -SCORE_LIMIT, SCORE_LIMIT, &beta, "beta") ||
        damas_read_int(o[10], 0, MAX_PLY, &ply, "ply"))
        return NULL;
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
    PyObject *o[6];
    u64 own, opp, kings, key, start, end, taken;
    int colour;
    if (search_ready(s) ||
        !PyArg_ParseTuple(args, "OOOOOO:child", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5]) ||
        read_side(s->core, o, &own, &opp, &kings, &colour) ||
        damas_read_bits(o[4], &key, "key") ||
        damas_length(o[5], 3, PY_SSIZE_T_MAX, "move") < 0 ||
        damas_item_bits(o[5], 0, &start, "move") || damas_item_bits(o[5], 1, &end, "move") ||
        damas_item_bits(o[5], 2, &taken, "move"))
        return NULL;
    u64 occupied = own | opp;
    if (popcount(start) != 1 || !(start & own) || popcount(end) != 1 || !(end & s->core->mask) ||
        (end & occupied & ~start) || (taken & ~opp)) {
        PyErr_SetString(PyExc_ValueError, "not a move of this position");
        return NULL;
    }
    Child a = damas_child(s->core, own, opp, kings, colour, key, start, end, taken);
    /* search.py's order: the mover's pieces first (the caller swaps) */
    return Py_BuildValue("(KKKKOO)", (unsigned long long)a.opp, (unsigned long long)a.own,
                         (unsigned long long)a.kings, (unsigned long long)a.key,
                         a.man_moved ? Py_True : Py_False, a.crowned ? Py_True : Py_False);
}

static PyObject *Search_endgame_plies(Search *s, PyObject *args) {
    PyObject *o[3];
    u64 own, opp, kings;
    if (search_ready(s) || !PyArg_ParseTuple(args, "OOO:endgame_plies", &o[0], &o[1], &o[2]) ||
        damas_read_bits(o[0], &own, "own") || damas_read_bits(o[1], &opp, "opp") ||
        damas_read_bits(o[2], &kings, "kings") || !damas_position_ok(s->core, own, opp, kings))
        return NULL;
    return PyLong_FromLong(endgame_plies(s->core, own, opp, kings));
}

static PyObject *Search_enter(Search *s, PyObject *arg) {
    u64 key;
    if (search_ready(s) || damas_read_bits(arg, &key, "key") || path_push(s, key)) return NULL;
    Py_RETURN_NONE;
}

static PyObject *Search_leave(Search *s, PyObject *arg) {
    u64 key;
    if (search_ready(s) || damas_read_bits(arg, &key, "key")) return NULL;
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

PyTypeObject damas_search_type = {
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
