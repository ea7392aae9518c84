/* The compiled core of the draughts engine (games/damas/engine/_core.c is its module): the
 * types and constants its files share. See _core.c for what it is. */

#ifndef DAMAS_CORE_H
#define DAMAS_CORE_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <structmember.h>
#include <limits.h>
#include <stdint.h>
#include <string.h>
#include <time.h>

/* Nothing but PyInit__core leaves the module (its files share the damas_ names below): no
 * symbol of the core can meet another extension's. */
#if defined(__GNUC__)
#pragma GCC visibility push(hidden)
#endif

typedef uint64_t u64;

/* The constants of search.py, table.py and ordering.py (_core.c exports them as CONSTANTS,
 * and test_compiled.py checks that they are the Python values). */
#define WIN 1000000
#define WON (WIN - 1000)
#define DRAW 0
#define NEVER (1 << 30)
#define MAX_PLY 100
#define CHECK_EVERY 256
#define PRUNE_MARGIN 10
#define FEW_MOVES 3
#define HISTORY_CAP (1LL << 20)
#define KILLER_BONUS (1LL << 40)
#define EXACT 0
#define LOWER 1
#define UPPER 2
#define BUCKET 4
#define DEFAULT_SLOTS (1 << 20)
/* Limits of the core: bit indices, captures of one route, tables of the spec. */
#define BITS 64
#define MAX_CAPTURES 56 /* more than any bitboard holds squares: a capture takes each once */
#define MAX_PLANES 16
#define MAX_RULES 16
#define EVAL_CACHE 262144 /* slots, a power of two */
#define PATH_FILTER 1024
/* The learned patterns (patterns.py): blocks of 8 squares, 3**8 states each. */
#define MAX_PATTERNS 32
#define PATTERN_SQUARES 8
#define PATTERN_STATES 6561
/* Limits of what crosses from Python (core_type.c and search.c refuse the rest), which keep
 * every sum far inside an int: the evaluation's weights (evaluate.py's WEIGHT_LIMIT), the
 * shifts of its bit planes, the scores a node is asked about (alpha and beta), the depth.
 * An evaluation is then under 2**28 either way: four plane sums of at most 16 planes of 63
 * pieces << 15, every other term a weight times at most 63 pieces times 16 (the king
 * ending's distances), and the patterns at most MAX_PATTERNS weights (their phase's products
 * under MAX_PATTERNS * WEIGHT_LIMIT * 64, under 2**25, before the division). The search negates scores and widens a window by at most
 * PRUNE_MARGIN * depth (plus the plies of a forced line), well inside 2**31 from +-2**30. */
#define WEIGHT_LIMIT 10000
#define PLANE_SHIFTS 16
#define SCORE_LIMIT (1 << 30)
#define DEPTH_LIMIT 1000

static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int index_of(u64 bit) { return __builtin_ctzll(bit); }
static inline u64 highest(u64 x) { return (u64)1 << (63 - __builtin_clzll(x)); }

/* Python's a // b (rounded down, where C's / rounds towards zero), for any b > 0: every
 * division of the core goes through it, as a weight may be negative. */
static inline long long floor_div(long long a, long long b) {
    long long q = a / b;
    return q * b > a ? q - 1 : q;
}

/* ---------------------------------------------------------------- moves */

typedef struct {
    u64 start, end, taken;
    u64 king_places; /* bit (63 - place) per king captured at that place of the route */
    uint32_t id;     /* order of emission: the Python route of the same number */
    uint8_t count;   /* pieces captured */
    uint8_t king_capturer;
    uint8_t kings_taken;
} Move;

typedef struct {
    Move *data;
    size_t len, cap;
} Moves;

/* ---------------------------------------------------------------- the core (one rule set) */

typedef struct {
    u64 cone;
    int rows_left;
} Cone;

typedef struct {
    int kings, men, moves;
} EndgameRule;

typedef struct {
    PyObject_HEAD
    int ready; /* initialised once: a search may be reading it */
    /* geometry and rules */
    u64 mask;
    int near, far, size;
    int flying, men_backwards, men_kings, italian;
    /* the proof's rules (material.c): */
    int compulsory, huffing; /* capturing compulsory; a capture missed may be huffed */
    int repetition;    /* a position seen REPETITION_COUNT times is a draw */
    int square[BITS];  /* bit index -> square number (0: no square): the order of moves */
    u64 promotion[2];
    u64 ray_mask[BITS][4];
    int jumps_n[3][BITS]; /* men of White, men of Black, kings */
    u64 jumps[3][BITS][4][2];
    /* keys */
    u64 key_men[2][BITS + 1], key_kings[2][BITS + 1], black_to_move;
    /* draw rules */
    int king_limit, endgame_pieces, most_kings;
    int endgame_n;
    EndgameRule endgame[MAX_RULES];
    int drawn_n;
    int drawn[MAX_RULES][4]; /* (kings, men) of both sides, sorted */
    /* evaluation */
    int man_value, king_value, supported, runaway, balance, mobility;
    int cornering, closing, ending_diagonal;
    int planes_n[3]; /* men of White, men of Black, kings */
    u64 plane[3][MAX_PLANES];
    int plane_shift[3][MAX_PLANES];
    u64 zone[2];
    Cone cones[2][BITS];
    u64 left_wing, right_wing, main_diagonal;
    int row[BITS], col[BITS];
    /* the learned patterns: per block the mask of its squares, each square's digit (3**j for
     * its j-th square, White's men; twice that for Black's) and its tables */
    int patterns_n, phase_pieces;
    u64 pattern_mask[MAX_PATTERNS];
    int pattern_digit[MAX_PATTERNS][BITS];
    /* per block and state its middle-game and ending weights side by side: one read for both
     * (patterns_n * PATTERN_STATES * 2, PyMem) */
    int16_t *pattern_weights;
} Core;

/* Direction d: shift and whether it moves to higher bits (board.py's order). */
static inline int dir_shift(const Core *c, int d) { return (d == 0 || d == 3) ? c->far : c->near; }
static inline int dir_up(int d) { return d >= 2; }
static inline u64 shifted(u64 x, int shift, int up) { return up ? x << shift : x >> shift; }

/* ---------------------------------------------------------------- transposition table */

typedef struct {
    u64 key, taken;
    int32_t score;
    int16_t depth;
    uint8_t flag, used, start, end; /* start and end: bit indices */
    uint8_t age;                    /* the search that stored it, counted modulo 256 */
} Entry;

/* Buckets of BUCKET slots, the whole key checked, as table.py's Table: a new position takes a
 * free slot of its bucket, else the shallowest entry of an earlier search, else the
 * shallowest of this one; the table is never emptied, so a search starts with what the
 * searches before it learnt. */
typedef struct {
    PyObject_HEAD
    Py_ssize_t slots, count; /* slots: a power of two, at least BUCKET */
    uint8_t age;
    Entry *data;
} Table;

/* ---------------------------------------------------------------- endgame databases */

/* A table holds the positions of one material, the side to move always seen as White (a
 * position with Black to move is turned half a turn first): (kings, men) of the side to
 * move, then of the other side. Up to EG_MOST pieces; each count below EG_COUNTS. */
#define EG_MOST 6
#define EG_COUNTS (EG_MOST + 1)
#define EG_CODES (EG_COUNTS * EG_COUNTS * EG_COUNTS * EG_COUNTS)
/* A stored byte: 0 a draw; 1 to EG_LOSS - 1 a win of the side to move, the byte being the
 * plies to the next move that starts the draw rule's count again; EG_LOSS + d a loss, d plies
 * to that move (0: no move left). */
#define EG_LOSS 128
#define EG_FARTHEST (EG_LOSS - 1)

typedef struct {
    PyObject_HEAD
    Core *core;                 /* the rule set's move generator and board */
    int turned[BITS];           /* bit index -> the bit index of its square half a turn round */
    u64 men_domain[2];          /* where men of the side to move, of the other side, may stand */
    int domain_n[2];
    u64 binomial[BITS + 1][EG_COUNTS];
    int most;                   /* the most pieces of a table held (0: none) */
    int held[EG_CODES];
    Py_buffer view[EG_CODES];   /* the tables held, read only */
} Endgame;

static inline int eg_code(int own_kings, int own_men, int opp_kings, int opp_men) {
    return ((own_kings * EG_COUNTS + own_men) * EG_COUNTS + opp_kings) * EG_COUNTS + opp_men;
}

/* A database's byte as a score of the search: a win or a loss within the plies the draw
 * rules leave (`left`), else a draw (`draw`, the node's); faster wins score higher, as the
 * search's own. */
static inline int damas_eg_score(int value, int left, int ply, int draw) {
    if (value == 0) return draw;
    if (value < EG_LOSS) return value <= left ? WIN - ply - value : draw;
    return value - EG_LOSS <= left ? ply + value - EG_LOSS - WIN : draw;
}

/* ---------------------------------------------------------------- a move made */

/* The position after a move of `colour` (its Zobrist key too), from the child's mover's view:
 * the search's child and the endgame builder's. */
typedef struct {
    u64 own, opp, kings, key; /* from the child's mover's view: own is the side to move */
    int man_moved, crowned;
} Child;

static inline Child damas_child(const Core *c, u64 own, u64 opp, u64 kings, int colour,
                                u64 key, u64 start, u64 end, u64 taken) {
    Child r;
    if (kings & start) {
        key ^= c->key_kings[colour][index_of(start) + 1] ^ c->key_kings[colour][index_of(end) + 1];
        kings = (kings ^ start) | end;
        r.man_moved = r.crowned = 0;
    } else {
        r.man_moved = 1;
        r.crowned = (end & c->promotion[colour]) != 0;
        key ^= c->key_men[colour][index_of(start) + 1];
        if (r.crowned) {
            kings |= end;
            key ^= c->key_kings[colour][index_of(end) + 1];
        } else {
            key ^= c->key_men[colour][index_of(end) + 1];
        }
    }
    if (taken) {
        u64 bits = taken;
        while (bits) {
            u64 low = bits & -bits;
            bits ^= low;
            int at = index_of(low) + 1;
            key ^= (kings & low) ? c->key_kings[1 - colour][at] : c->key_men[1 - colour][at];
        }
        kings &= ~taken;
        opp &= ~taken;
    }
    r.own = opp;
    r.opp = own ^ start ^ end;
    r.kings = kings;
    r.key = key ^ c->black_to_move;
    return r;
}

/* ---------------------------------------------------------------- shared between the files */

/* movegen.c */
int damas_moves_push(Moves *v, const Move *m);
PyObject *damas_py_raw(u64 start, u64 end, u64 taken, const uint8_t *path, int path_n,
                       const uint8_t *captured, int captured_n);
int damas_gen_captures(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out,
                       PyObject *routes);
int damas_can_capture(const Core *c, u64 own, u64 opp, u64 kings, int colour);
u64 damas_king_targets(const Core *c, u64 low, u64 empty);
int damas_gen_quiet(const Core *c, u64 own, u64 opp, u64 kings, int colour, Moves *out);
size_t damas_choose(const Core *c, Move *m, size_t n);

/* evaluate.c */
int damas_evaluate(const Core *c, u64 own, u64 opp, u64 kings, int colour);
int damas_material_drawn(const Core *c, int k1, int m1, int k2, int m2);

/* read.c: ints and sequences from Python, checked (`what` names them in the error) */
int damas_read_bits(PyObject *o, u64 *out, const char *what);
int damas_read_long(PyObject *o, long long low, long long high, long long *out,
                    const char *what);
int damas_read_int(PyObject *o, int low, int high, int *out, const char *what);
Py_ssize_t damas_length(PyObject *seq, Py_ssize_t low, Py_ssize_t high, const char *what);
PyObject *damas_row(PyObject *seq, Py_ssize_t i, Py_ssize_t width, const char *what);
int damas_item_bits(PyObject *seq, Py_ssize_t i, u64 *out, const char *what);
int damas_item_int(PyObject *seq, Py_ssize_t i, int low, int high, int *out, const char *what);

/* core_type.c */
int damas_core_ready(const Core *c);
int damas_position_ok(const Core *c, u64 own, u64 opp, u64 kings);
int damas_same_board(const Core *a, const Core *b);
extern PyTypeObject damas_core_type;

/* material.c: tactics.minimax, the puzzles' proof */
PyObject *damas_material_search(Core *c, PyObject *args);

/* pages.c: zeroed blocks for the tables probed at random; NULL when out of memory */
void *damas_pages_new(size_t bytes);
void damas_pages_free(void *data);

/* table.c */
Entry *damas_table_find(Table *t, u64 key);
/* Starts reading a position's bucket from memory, for a probe soon after. */
void damas_table_prefetch(const Table *t, u64 key);
void damas_table_put(Table *t, u64 key, int depth, int flag, int score, const Move *m);
int damas_table_ready(Table *t);
extern PyTypeObject damas_table_type;

/* search.c */
extern PyTypeObject damas_search_type;

/* endgame.c: the tables' numbering and what they hold */
u64 damas_eg_turn(const Endgame *e, u64 bits);
u64 damas_eg_placement(const Endgame *e, u64 own_men, u64 opp_men);
u64 damas_eg_size(const Endgame *e, int own_kings, int own_men, int opp_kings, int opp_men);
int damas_eg_locate(const Endgame *e, u64 own, u64 opp, u64 kings, int *code, u64 *index);
int damas_eg_value(const Endgame *e, u64 own, u64 opp, u64 kings, int colour);
int damas_eg_read_material(PyObject *args, Py_ssize_t n, const char *name, int counts[4]);
extern PyTypeObject damas_endgame_type;

/* endgame_build.c: a material solved, or checked against its successors */
PyObject *damas_eg_build(Endgame *e, PyObject *args);
PyObject *damas_eg_verify(Endgame *e, PyObject *args);

#if defined(__GNUC__)
#pragma GCC visibility pop
#endif

#endif
