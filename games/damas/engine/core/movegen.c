/* The move generator: movegen.py's order of routes and moves, and choose. */

#include "core.h"

int damas_moves_push(Moves *v, const Move *m) {
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

PyObject *damas_py_raw(u64 start, u64 end, u64 taken, const uint8_t *path, int path_n,
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
        PyObject *raw = damas_py_raw(g->start, end, taken, g->path, g->n + 1, g->captured, g->n);
        if (!raw) return -1;
        int failed = PyList_Append(g->routes, raw);
        Py_DECREF(raw);
        if (failed) return -1;
    }
    return damas_moves_push(g->out, &m);
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
int damas_gen_captures(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out,
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

int damas_can_capture(const Core *c, u64 own, u64 opp, u64 kings, int colour) {
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
u64 damas_king_targets(const Core *c, u64 low, u64 empty) {
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
    return damas_moves_push(out, &m);
}

/* Every move without capture, in the order of movegen.quiet. */
int damas_gen_quiet(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out) {
    u64 empty = c->mask & ~(own | opp);
    u64 men = own & ~kings;
    int near = c->near, far = c->far;
    uint32_t id = 0;
    u64 own_kings = own & kings;
    while (own_kings) {
        u64 low = own_kings & -own_kings;
        own_kings ^= low;
        u64 targets = damas_king_targets(c, low, empty);
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
size_t damas_choose(const Core *c, Move *m, size_t n) {
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
