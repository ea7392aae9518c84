/* The plain material search of games/damas/tactics.py (`minimax`) in C: the puzzles' proof,
 * node for node. Same legal moves in the same order (Position.legal_moves: by start and end
 * square number, one route per move), the same outcome rules (Position.outcome: no pieces,
 * no move, drawn material, repetition, the king-move and endgame counters, carried as
 * Position.play carries them), the same values (men, a king as KING_MEN men, MATERIAL_WIN
 * for a won game) and the same alpha-beta (best from -MATERIAL_INFINITY, cut once alpha
 * reaches beta), so that every call, null windows included, returns the Python value.
 *
 * The household game's huffs too (Position._after_huff, _huff_right_after): a huff, a move
 * with no end square here, takes a piece and keeps the turn at the same depth; its captures
 * are optional, every route a move. The GIL is held (the proof runs in a process of its own: the
 * generator's jobs, the bot's computer workers); every SIGNAL_EVERY nodes a signal (Ctrl-C)
 * may stop it. */

#include "core.h"

#define MATERIAL_WIN 100       /* tactics.WIN */
#define MATERIAL_INFINITY 1000 /* the window and the first best of tactics.minimax */
#define SIGNAL_EVERY 65536
#define REPETITIONS 3 /* rules.REPETITION_COUNT */

typedef struct {
    u64 white, black, kings;
    int colour;
} Key; /* Position.repetition_key */

typedef struct {
    u64 white, black, kings;
    u64 huff; /* the pieces the side to move may huff (Position.huff_bits) */
    int colour, king_moves, endgame;
    Py_ssize_t seen_from; /* this position's `seen` is seen[seen_from .. seen_len) */
} Node;

typedef struct {
    const Core *c;
    Moves moves; /* every node's moves, a stack of segments (PyMem: the GIL is held) */
    Key *seen;
    Py_ssize_t seen_len;
    size_t seen_cap;
    long long nodes;
    int failed; /* a Python exception is set (no memory, a signal): the search unwinds */
} Material;

/* Room for `need` keys of the repetition stack. */
static int seen_room(Material *m, size_t need) {
    if (need <= m->seen_cap) return 0;
    size_t cap = m->seen_cap ? m->seen_cap : 64;
    while (cap < need) cap *= 2;
    Key *bigger = PyMem_Realloc(m->seen, cap * sizeof(Key));
    if (!bigger) {
        PyErr_NoMemory();
        return -1;
    }
    m->seen = bigger;
    m->seen_cap = cap;
    return 0;
}

static int men_value(const Core *c, u64 side, u64 kings) {
    int king_count = popcount(side & kings);
    return popcount(side) - king_count + (c->flying ? 3 : 2) * king_count;
}

/* tactics.material: the side to move's men and kings minus the other side's. */
static int material_of(const Node *n, const Core *c) {
    int value = men_value(c, n->white, n->kings) - men_value(c, n->black, n->kings);
    return n->colour == 0 ? value : -value;
}

/* Position.endgame_limit in plies (twice the moves), or -1. */
static int endgame_limit(const Core *c, u64 white, u64 black, u64 kings) {
    for (int side = 0; side < 2; side++) {
        u64 strong = side ? black : white, weak = side ? white : black;
        if (popcount(weak) != 1 || !(weak & kings)) continue;
        int strong_kings = popcount(strong & kings), strong_men = popcount(strong) - strong_kings;
        for (int i = 0; i < c->endgame_n; i++)
            if (c->endgame[i].kings == strong_kings && c->endgame[i].men == strong_men)
                return 2 * c->endgame[i].moves;
    }
    return -1;
}

/* Position._draw_reason, as a yes or no. */
static int drawn(const Material *m, const Node *n) {
    const Core *c = m->c;
    int white_kings = popcount(n->white & n->kings), black_kings = popcount(n->black & n->kings);
    if (damas_material_drawn(c, white_kings, popcount(n->white) - white_kings, black_kings,
                             popcount(n->black) - black_kings))
        return 1;
    if (c->repetition) {
        int times = 1;
        for (Py_ssize_t i = n->seen_from; i < m->seen_len; i++) {
            const Key *k = &m->seen[i];
            times += k->white == n->white && k->black == n->black && k->kings == n->kings &&
                     k->colour == n->colour;
        }
        if (times >= REPETITIONS) return 1;
    }
    if (n->king_moves >= c->king_limit) return 1;
    int limit = endgame_limit(c, n->white, n->black, n->kings);
    return limit >= 0 && n->endgame >= limit;
}

/* Where Position.legal_moves sorts a move: by its start's, then its end's square number. */
static inline int order(const Core *c, const Move *move) {
    return c->square[index_of(move->start)] * (BITS + 1) + c->square[index_of(move->end)];
}

/* A huff of the piece on `bit`: no end square (every other move has one). */
static int push_huff(Moves *moves, u64 bit) {
    Move huff;
    memset(&huff, 0, sizeof huff);
    huff.start = bit;
    return damas_moves_push(moves, &huff);
}

/* The legal moves of a node pushed on the stack, in Position.legal_moves' order: the huffs
 * by square number, then the generator's moves (the capture priority where capturing is
 * compulsory, else every route and the quiet moves) sorted by the start's and the end's
 * square numbers, stably, one route per move; returns how many, or -1. */
static Py_ssize_t legal_moves(Material *m, const Node *n) {
    const Core *c = m->c;
    u64 own = n->colour == 0 ? n->white : n->black, opp = n->colour == 0 ? n->black : n->white;
    size_t first = m->moves.len;
    for (u64 huffs = n->huff; huffs;) { /* by square number: smallest first */
        u64 next = huffs & -huffs;
        for (u64 bits = huffs; bits; bits &= bits - 1)
            if (c->square[index_of(bits & -bits)] < c->square[index_of(next)]) next = bits & -bits;
        huffs ^= next;
        if (push_huff(&m->moves, next)) return -1;
    }
    size_t base = m->moves.len;
    if (!c->compulsory) {
        if (damas_gen_captures(c, own, opp, n->kings, n->colour, &m->moves, NULL) ||
            damas_gen_quiet(c, own, opp, n->kings, n->colour, &m->moves))
            return -1;
    } else if (damas_can_capture(c, own, opp, n->kings, n->colour)) {
        if (damas_gen_captures(c, own, opp, n->kings, n->colour, &m->moves, NULL)) return -1;
        m->moves.len = base + damas_choose(c, m->moves.data + base, m->moves.len - base);
    } else if (damas_gen_quiet(c, own, opp, n->kings, n->colour, &m->moves)) {
        return -1;
    }
    Move *out = m->moves.data + base;
    size_t count = m->moves.len - base;
    for (size_t i = 1; i < count; i++) { /* insertion sort: stable */
        Move move = out[i];
        int key = order(c, &move);
        size_t j = i;
        for (; j > 0 && order(c, &out[j - 1]) > key; j--) out[j] = out[j - 1];
        out[j] = move;
    }
    /* one route per (start, end, taken): the first in that order */
    size_t kept = 0;
    for (size_t i = 0; i < count; i++) {
        int seen = 0;
        for (size_t j = kept; j-- > 0 && out[j].start == out[i].start && out[j].end == out[i].end;)
            seen |= out[j].taken == out[i].taken;
        if (!seen) out[kept++] = out[i];
    }
    m->moves.len = base + kept;
    return (Py_ssize_t)(m->moves.len - first);
}

/* Position._huff_right_after: the pieces the opponent may huff after `move`, those that
 * could have made the required capture when `move` is not one of them (a piece that moved
 * is found on its new square). */
static int huff_right_after(Material *m, const Node *n, const Move *move, u64 *bits) {
    const Core *c = m->c;
    u64 own = n->colour == 0 ? n->white : n->black, opp = n->colour == 0 ? n->black : n->white;
    size_t base = m->moves.len;
    *bits = 0;
    if (damas_gen_captures(c, own, opp, n->kings, n->colour, &m->moves, NULL)) return -1;
    Move *required = m->moves.data + base;
    size_t count = damas_choose(c, required, m->moves.len - base);
    int made = 0;
    for (size_t i = 0; i < count; i++)
        made |= required[i].start == move->start && required[i].end == move->end &&
                required[i].taken == move->taken;
    if (!made)
        for (size_t i = 0; i < count; i++)
            *bits |= required[i].start == move->start ? move->end : required[i].start;
    m->moves.len = base;
    return 0;
}

static int search(Material *m, const Node *n, int depth, int alpha, int beta);

/* Position._after_huff: the piece taken, the same side to move, every counter at zero. */
static int huff_value(Material *m, const Node *n, u64 bit, int depth, int alpha, int beta) {
    Node child = *n;
    child.white &= ~bit;
    child.black &= ~bit;
    child.kings &= ~bit;
    child.huff = 0;
    child.king_moves = child.endgame = 0;
    child.seen_from = m->seen_len;
    return search(m, &child, depth, alpha, beta);
}

/* The child of `n` after `move` (Position.play's counters), searched. */
static int child_value(Material *m, const Node *n, const Move *move, int depth, int alpha,
                       int beta) {
    const Core *c = m->c;
    Node child;
    u64 own = n->colour == 0 ? n->white : n->black, opp = n->colour == 0 ? n->black : n->white;
    u64 kings = n->kings;
    int moved_man = !(kings & move->start);
    own = own ^ move->start ^ move->end;
    if (moved_man) {
        kings &= ~move->taken;
        if (move->end & c->promotion[n->colour]) kings |= move->end;
    } else {
        kings = ((kings ^ move->start) | move->end) & ~move->taken;
    }
    opp &= ~move->taken;
    int irreversible = moved_man || move->taken;
    int crowned = moved_man && (kings & move->end);
    child.white = n->colour == 0 ? own : opp;
    child.black = n->colour == 0 ? opp : own;
    child.kings = kings;
    child.colour = 1 - n->colour;
    child.huff = 0;
    if (c->huffing && huff_right_after(m, n, move, &child.huff)) {
        m->failed = 1;
        return 0;
    }
    child.king_moves = irreversible ? 0 : n->king_moves + 1;
    child.endgame = 0;
    if (endgame_limit(c, child.white, child.black, kings) >= 0 && !(move->taken || crowned))
        child.endgame = n->endgame + 1;
    int pushed = 0;
    if (irreversible || !c->repetition) {
        child.seen_from = m->seen_len;
    } else {
        if (seen_room(m, (size_t)m->seen_len + 1)) {
            m->failed = 1;
            return 0;
        }
        Key *k = &m->seen[m->seen_len++];
        k->white = n->white;
        k->black = n->black;
        k->kings = n->kings;
        k->colour = n->colour;
        child.seen_from = n->seen_from;
        pushed = 1;
    }
    int value = search(m, &child, depth, alpha, beta);
    if (pushed) m->seen_len--;
    return value;
}

/* tactics.minimax. */
static int search(Material *m, const Node *n, int depth, int alpha, int beta) {
    if (m->failed) return 0;
    if (!(++m->nodes % SIGNAL_EVERY) && PyErr_CheckSignals()) {
        m->failed = 1;
        return 0;
    }
    if (!n->white || !n->black) /* no pieces: the side that has some wins */
        return (n->colour == 0 ? n->white : n->black) ? MATERIAL_WIN : -MATERIAL_WIN;
    size_t base = m->moves.len;
    Py_ssize_t count = legal_moves(m, n);
    if (count < 0) {
        m->failed = 1;
        return 0;
    }
    int best = -MATERIAL_INFINITY;
    if (count == 0) {
        best = -MATERIAL_WIN;
    } else if (drawn(m, n)) {
        best = 0;
    } else {
        if (depth <= 0) { /* past the horizon only captures (and huffs) go on */
            Py_ssize_t kept = 0;
            for (Py_ssize_t i = 0; i < count; i++) {
                Move move = m->moves.data[base + (size_t)i];
                if (move.taken || !move.end) m->moves.data[base + (size_t)kept++] = move;
            }
            count = kept;
            if (!count) best = material_of(n, m->c);
        }
        for (Py_ssize_t i = 0; i < count; i++) {
            Move move = m->moves.data[base + (size_t)i];
            int value = move.end ? -child_value(m, n, &move, depth - 1, -beta, -alpha)
                                 : huff_value(m, n, move.start, depth, alpha, beta);
            if (m->failed) break;
            if (value > best) best = value;
            if (best > alpha) alpha = best;
            if (alpha >= beta) break;
        }
    }
    m->moves.len = base;
    return best;
}

/* Core.material_search(white, black, kings, colour, huff, king_moves, endgame, seen, depth,
 * alpha, beta): `seen` the (white, black, kings, colour) of Position.seen. */
PyObject *damas_material_search(Core *c, PyObject *args) {
    PyObject *w, *b, *k, *side, *huff, *king_moves, *endgame, *seen_list, *depth_o, *alpha_o,
        *beta_o;
    Node root;
    int depth, alpha, beta;
    if (damas_core_ready(c) ||
        !PyArg_ParseTuple(args, "OOOOOOOOOOO", &w, &b, &k, &side, &huff, &king_moves, &endgame,
                          &seen_list, &depth_o, &alpha_o, &beta_o) ||
        damas_read_bits(w, &root.white, "white") || damas_read_bits(b, &root.black, "black") ||
        damas_read_bits(k, &root.kings, "kings") ||
        damas_read_int(side, 0, 1, &root.colour, "colour") ||
        damas_read_bits(huff, &root.huff, "huff") ||
        damas_read_int(king_moves, 0, NEVER, &root.king_moves, "king_moves") ||
        damas_read_int(endgame, 0, NEVER, &root.endgame, "endgame") ||
        damas_read_int(depth_o, -DEPTH_LIMIT, DEPTH_LIMIT, &depth, "depth") ||
        damas_read_int(alpha_o, -SCORE_LIMIT, SCORE_LIMIT, &alpha, "alpha") ||
        damas_read_int(beta_o, -SCORE_LIMIT, SCORE_LIMIT, &beta, "beta") ||
        !damas_position_ok(c, root.white, root.black, root.kings))
        return NULL;
    if (root.huff & ~(root.colour == 0 ? root.black : root.white)) {
        PyErr_SetString(PyExc_ValueError, "huff: not the opponent's pieces");
        return NULL;
    }
    Py_ssize_t n = damas_length(seen_list, 0, PY_SSIZE_T_MAX, "seen");
    if (n < 0) return NULL;
    Material m;
    memset(&m, 0, sizeof m);
    m.c = c;
    if (seen_room(&m, (size_t)n + 1)) return NULL;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *row = damas_row(seen_list, i, 4, "seen");
        Key *key = &m.seen[i];
        int failed = !row || damas_item_bits(row, 0, &key->white, "seen") ||
                     damas_item_bits(row, 1, &key->black, "seen") ||
                     damas_item_bits(row, 2, &key->kings, "seen") ||
                     damas_item_int(row, 3, 0, 1, &key->colour, "seen: colour");
        Py_XDECREF(row);
        if (failed) {
            PyMem_Free(m.seen);
            return NULL;
        }
    }
    m.seen_len = n;
    root.seen_from = 0;
    int value = search(&m, &root, depth, alpha, beta);
    PyMem_Free(m.moves.data);
    PyMem_Free(m.seen);
    if (m.failed) return NULL;
    return PyLong_FromLong(value);
}
