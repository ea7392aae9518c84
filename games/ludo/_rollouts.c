/* The compiled rollouts of Ludo's strong computer (games/ludo/rollouts.py): games played to
 * their end, thousands a second, from the positions a decision's moves lead to.
 *
 * The rules are those of games/ludo/steps.py (legal_steps, pawns_after: entry rolls, the
 * bounce at the end, towers that capture towers, towers_block, teams moving the partner's
 * pawns), position.py's turns (a six rolls again, three_sixes, seats that left) and
 * ending.py's outcome, step for step and in the same move order; the geometry is not derived
 * here: each seat's track (board.TRACK of its colour) comes from Python in the spec. Every
 * seat of a rollout plays agents.py's `simple` policy (its score times ten, in integers; ties
 * broken at random). The dice of rollout i are the same for every start position (common
 * random numbers), so the differences between moves are measured on the same luck.
 *
 * Every value from Python is checked: a wrong type is a TypeError, a number out of range a
 * ValueError, never a crash. The GIL is released while rollouts run.
 */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

PyMODINIT_FUNC PyInit__rollouts(void); /* the one symbol the module exports */

enum {
    MAX_SEATS = 4,
    PAWNS = 4,
    YARD = -1,
    START = 0,
    LAST_TRACK = 50,
    FINISH = 56,
    TRACK_LENGTH = 52,
    TRACK_SQUARES = LAST_TRACK + 1,
    FACES = 6,
    EXTRA_ROLL = 6,
    ENTRY_ONE = 1, /* a 1 or a six brings a pawn out */
    SIXES_THAT_END_THE_TURN = 3,
    TEAM_PLAYERS = 4,
    /* A rollout that has not ended after this many rolls counts as won by nobody (a random
     * game from the start ends within about 700). */
    MAX_ROLLS = 100000,
    MAX_STARTS = 64,
    MAX_COUNT = 65536,
    MAX_SIXES = 1000000,
    MAX_HORIZON = 1000,
    NOT_OVER = -1,
};
/* agents.py's `simple` score of a move, times ten. */
enum { CAPTURE = 60, ENTER = 50, FINISHES = 40, HOME_COLUMN = 30, ESCAPES = 20, DANGER = 40 };

typedef struct {
    int players, three_sixes, towers_block, teams;
    int track[MAX_SEATS][TRACK_SQUARES]; /* the track square of each seat's progress 0..50 */
} Spec;

typedef struct {
    int pawns[MAX_SEATS][PAWNS];
    int turn, sixes;
} State;

typedef struct {
    int seat, pawn, start, end, capture, tower;
} Step;

typedef struct {
    int seat[TRACK_LENGTH]; /* -1: no other seat's pawn */
    int count[TRACK_LENGTH];
} Others;

/* -- random numbers: splitmix64, one stream for the dice and one for the policy's ties ------ */

static uint64_t next_random(uint64_t *state) {
    uint64_t z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* 0..n-1, by the high bits (the bias is below 2^-32). */
static int below(uint64_t *state, int n) {
    return (int)(((next_random(state) >> 32) * (uint64_t)n) >> 32);
}

/* -- the rules --------------------------------------------------------------------------- */

static int friends(const Spec *s, int seat, int other) {
    return seat == other || (s->teams && (seat - other) % 2 == 0);
}

static int all_home(const int *pawns) {
    for (int i = 0; i < PAWNS; i++)
        if (pawns[i] != FINISH) return 0;
    return 1;
}

static int count_of(const int *pawns, int progress) {
    int n = 0;
    for (int i = 0; i < PAWNS; i++) n += pawns[i] == progress;
    return n;
}

static int moving_seat(const Spec *s, const State *st) {
    if (s->teams && all_home(st->pawns[st->turn])) return (st->turn + 2) % TEAM_PLAYERS;
    return st->turn;
}

static void find_others(const Spec *s, const State *st, int mover, Others *o) {
    for (int q = 0; q < TRACK_LENGTH; q++) o->seat[q] = -1, o->count[q] = 0;
    for (int seat = 0; seat < s->players; seat++) {
        if (seat == mover) continue;
        for (int i = 0; i < PAWNS; i++) {
            int p = st->pawns[seat][i];
            if (p < START || p > LAST_TRACK) continue;
            int q = s->track[seat][p];
            o->count[q] = o->seat[q] >= 0 ? 2 : 1;
            o->seat[q] = seat;
        }
    }
}

static int destination(int progress, int roll) {
    int target = progress + roll;
    return target <= FINISH ? target : 2 * FINISH - target;
}

static int blocked(const Spec *s, const Others *o, int mover, int start, int end) {
    int last = end < TRACK_SQUARES ? end : TRACK_SQUARES;
    for (int p = start + 1; p < last; p++) {
        int q = s->track[mover][p];
        if (o->seat[q] >= 0 && o->count[q] == 2 && !friends(s, mover, o->seat[q])) return 1;
    }
    return 0;
}

/* Where a pawn of the mover at `start` ends with `roll`; -2 if it cannot move. */
static int end_of(const Spec *s, const Others *o, int mover, int start, int roll) {
    if (start == YARD) return roll == ENTRY_ONE || roll == EXTRA_ROLL ? START : -2;
    int end = destination(start, roll);
    if (end == start) return -2;
    if (s->towers_block && blocked(s, o, mover, start, end)) return -2;
    return end;
}

/* Every legal step of the seat to move for `roll`, in legal_steps' order; how many. */
static int legal_steps(const Spec *s, const State *st, int roll, Step *steps) {
    int mover = moving_seat(s, st);
    const int *own = st->pawns[mover];
    Others o;
    find_others(s, st, mover, &o);
    int n = 0;
    for (int pawn = 0; pawn < PAWNS; pawn++) {
        int start = own[pawn], first = 0;
        while (own[first] != start) first++;
        if (start == FINISH || first != pawn) continue;
        int end = end_of(s, &o, mover, start, roll);
        if (end == -2) continue;
        Step step = {mover, pawn, start, end, 0, 0};
        if (end > LAST_TRACK) {
            steps[n++] = step;
            continue;
        }
        int q = s->track[mover][end], seat = o.seat[q];
        if (seat < 0) {
            if (count_of(own, end) < 2) steps[n++] = step;
            continue;
        }
        if (friends(s, mover, seat) || q == s->track[seat][START]) continue;
        if (o.count[q] == 1) {
            step.capture = 1;
            steps[n++] = step;
        } else if (start != YARD && count_of(own, start) == 2) {
            step.capture = step.tower = 1;
            steps[n++] = step;
        }
    }
    return n;
}

static void play_step(const Spec *s, State *st, const Step *step) {
    int *own = st->pawns[step->seat];
    for (int i = 0; i < PAWNS; i++)
        if (i == step->pawn || (step->tower && own[i] == step->start)) own[i] = step->end;
    if (!step->capture) return;
    int q = s->track[step->seat][step->end];
    for (int seat = 0; seat < s->players; seat++) {
        if (seat == step->seat) continue;
        for (int i = 0; i < PAWNS; i++) {
            int p = st->pawns[seat][i];
            if (p >= START && p <= LAST_TRACK && s->track[seat][p] == q) st->pawns[seat][i] = YARD;
        }
    }
}

/* ending.py's outcome: the winners' seats as bits, or NOT_OVER. */
static int outcome_of(const Spec *s, const State *st, int left) {
    int home = 0;
    for (int seat = 0; seat < s->players; seat++) home |= all_home(st->pawns[seat]) << seat;
    if (!left && !home) return NOT_OVER;
    int seats = (1 << s->players) - 1;
    if (s->teams) {
        if (left) {
            int winners = 0;
            for (int seat = 0; seat < s->players; seat++) {
                int lost = 0;
                for (int gone = 0; gone < s->players; gone++)
                    lost |= (left >> gone & 1) && gone % 2 == seat % 2;
                if (!lost) winners |= 1 << seat;
            }
            return winners;
        }
        for (int seat = 0; seat < 2; seat++)
            if ((home >> seat & 1) && (home >> (seat + 2) & 1)) return 1 << seat | 1 << (seat + 2);
        return NOT_OVER;
    }
    for (int seat = 0; seat < s->players; seat++)
        if (home >> seat & 1) return 1 << seat;
    int playing = seats & ~left;
    if (playing && !(playing & (playing - 1))) return playing;
    return NOT_OVER;
}

static int next_seat(const Spec *s, int turn, int left) {
    for (int i = 0; i < s->players; i++) {
        turn = (turn + 1) % s->players;
        if (!(left >> turn & 1)) return turn;
    }
    return turn;
}

/* -- evaluation.py's scores ------------------------------------------------------------- */

typedef struct {
    double out, home_column, finished, tower, risk, hazard, opponents, leader;
} Weights;

enum { WEIGHT_COUNT = 8, REACH_STEPS = 13 };
#define WEIGHT_LIMIT 1e6
/* A game that ended within the horizon: won or lost by this much (about a whole side's pawns). */
#define ENDED 400.0

static double reach_chance(int steps) {
    if (steps == 0) return 0.0;
    return steps <= FACES ? 1.0 / FACES : 1.0 / (FACES * FACES);
}

static double hit_chance(const Spec *s, const State *st, int left, int seat, int square) {
    double hit = 0.0;
    for (int enemy = 0; enemy < s->players; enemy++) {
        if (friends(s, seat, enemy) || (left >> enemy & 1)) continue;
        const int *pawns = st->pawns[enemy];
        for (int i = 0; i < PAWNS; i++) {
            int p = pawns[i], first = 0;
            while (pawns[first] != p) first++;
            if (first != i || p < START || p > LAST_TRACK) continue;
            int steps = ((square - s->track[enemy][p]) % TRACK_LENGTH + TRACK_LENGTH) % TRACK_LENGTH;
            if (steps < REACH_STEPS && p + steps <= LAST_TRACK) hit += reach_chance(steps);
        }
    }
    for (int enemy = 0; enemy < s->players; enemy++) {
        if (friends(s, seat, enemy) || (left >> enemy & 1) || !count_of(st->pawns[enemy], YARD))
            continue;
        int steps = ((square - s->track[enemy][START]) % TRACK_LENGTH + TRACK_LENGTH) % TRACK_LENGTH;
        if (steps == 0)
            hit += 2.0 / FACES;
        else if (steps <= FACES)
            hit += 1.0 / (FACES * FACES);
    }
    return hit < 1.0 ? hit : 1.0;
}

static double standing(const Spec *s, const State *st, int left, const Weights *w, int seat) {
    if (left >> seat & 1) return 0.0;
    const int *pawns = st->pawns[seat];
    double finished = w->out + FINISH + w->home_column + w->finished, total = 0.0;
    for (int i = 0; i < PAWNS; i++) {
        int p = pawns[i];
        if (p == YARD) continue;
        if (p == FINISH) {
            total += finished;
            continue;
        }
        if (p > LAST_TRACK) {
            total += w->out + p + w->home_column;
            continue;
        }
        double value = (w->out + p) * (1 - w->hazard * (LAST_TRACK - p));
        if (p > START) {
            if (count_of(pawns, p) == 2)
                value += w->tower;
            else
                value -= w->risk * value * hit_chance(s, st, left, seat, s->track[seat][p]);
        }
        total += value;
    }
    return total;
}

/* evaluation.scores for every seat. */
static void scores(const Spec *s, const State *st, int left, const Weights *w, double *out) {
    double values[MAX_SEATS], everyone = 0.0;
    for (int seat = 0; seat < s->players; seat++) {
        values[seat] = standing(s, st, left, w, seat);
        everyone += values[seat];
    }
    for (int seat = 0; seat < s->players; seat++) {
        double theirs = 0.0, most = 0.0;
        int any = 0;
        for (int enemy = 0; enemy < s->players; enemy++) {
            if (friends(s, seat, enemy)) continue;
            theirs += values[enemy];
            if (!any || values[enemy] > most) most = values[enemy];
            any = 1;
        }
        out[seat] = everyone - theirs - w->opponents * (theirs + w->leader * most);
    }
}

/* -- the rollout policy: agents.py's `simple`, times ten ---------------------------------- */

static int exposed(const int *pawns, int progress) {
    return progress > START && progress <= LAST_TRACK && count_of(pawns, progress) == 1;
}

/* For each track square, how many die faces of the enemies of the seat to move reach it. */
static void enemy_reach(const Spec *s, const State *st, int left, int *reach) {
    memset(reach, 0, TRACK_LENGTH * sizeof *reach);
    for (int enemy = 0; enemy < s->players; enemy++) {
        if (friends(s, st->turn, enemy) || (left >> enemy & 1)) continue;
        const int *pawns = st->pawns[enemy];
        if (count_of(pawns, YARD)) reach[s->track[enemy][START]] += 2;
        for (int i = 0; i < PAWNS; i++) {
            int p = pawns[i], first = 0;
            while (pawns[first] != p) first++;
            if (first != i || p < START || p > LAST_TRACK) continue;
            int last = p + FACES < LAST_TRACK ? p + FACES : LAST_TRACK;
            for (int t = p + 1; t <= last; t++) reach[s->track[enemy][t]]++;
        }
    }
}

static int policy_score(const Spec *s, const State *st, const int *reach, const Step *m) {
    const int *own = st->pawns[m->seat];
    const int *track = s->track[m->seat];
    int score = m->end - m->start;
    if (m->capture) score += CAPTURE;
    if (m->start == YARD) score += ENTER;
    if (m->end == FINISH) score += FINISHES;
    if (m->start <= LAST_TRACK && m->end > LAST_TRACK) score += HOME_COLUMN;
    if (exposed(own, m->start) && reach[track[m->start]]) score += ESCAPES;
    int after[PAWNS];
    for (int i = 0; i < PAWNS; i++) after[i] = i == m->pawn ? m->end : own[i];
    if (exposed(after, m->end) && reach[track[m->end]]) score -= DANGER;
    return score;
}

/* How the seats of a rollout play, and how far. */
typedef struct {
    int horizon; /* turns played on; 0: to the end */
    int greedy;  /* 1: the move to the best-scored position (search.py's depth 0); 0: simple */
    Weights weights;
} Playout;

/* The step with the highest value, ties broken at random. */
static int highest(const double *values, int n, uint64_t *ties) {
    double best = values[0];
    int tied = 0;
    for (int i = 1; i < n; i++)
        if (values[i] > best) best = values[i];
    for (int i = 0; i < n; i++) tied += values[i] == best;
    int pick = below(ties, tied);
    for (int i = 0; i < n; i++)
        if (values[i] == best && pick-- == 0) return i;
    return 0;
}

static int choose(const Spec *s, const State *st, int left, const Playout *how, const Step *steps,
                  int n, uint64_t *ties) {
    double values[PAWNS];
    if (!how->greedy) {
        int reach[TRACK_LENGTH];
        enemy_reach(s, st, left, reach);
        for (int i = 0; i < n; i++) values[i] = policy_score(s, st, reach, &steps[i]);
        return highest(values, n, ties);
    }
    for (int i = 0; i < n; i++) {
        State after = *st;
        play_step(s, &after, &steps[i]);
        if (outcome_of(s, &after, left) != NOT_OVER) return i; /* the mover's side has won */
        double all[MAX_SEATS];
        scores(s, &after, left, &how->weights, all);
        values[i] = all[st->turn];
    }
    return highest(values, n, ties);
}

static uint64_t stream(uint64_t seed, uint64_t index, uint64_t salt) {
    uint64_t state = seed ^ salt;
    state ^= next_random(&state) + index;
    next_random(&state);
    return state;
}

/* -- a game played out ------------------------------------------------------------------- */

/* Plays `st` on for `how->horizon` turns (0: to its end, or MAX_ROLLS rolls); the winners as bits,
 * or NOT_OVER where it stopped first. With `trace`, each roll and the index of the step chosen
 * (-1: none was played) is appended to it; -2 on its error. */
static int play_out(const Spec *s, State *st, int left, const Playout *how, uint64_t seed,
                    uint64_t index, PyObject *trace) {
    Step steps[PAWNS];
    uint64_t dice[MAX_SEATS], ties = stream(seed, index, MAX_SEATS);
    /* Each seat rolls its own dice: its luck stays its own whatever move came first. */
    for (int seat = 0; seat < MAX_SEATS; seat++) dice[seat] = stream(seed, index, (uint64_t)seat);
    int turns = 0;
    for (int rolls = 0; rolls < MAX_ROLLS; rolls++) {
        int roll = below(&dice[st->turn], FACES) + 1;
        if (roll == EXTRA_ROLL)
            st->sixes += st->sixes < MAX_SIXES;
        else
            st->sixes = 0;
        int n = 0, chosen = -1;
        if (!(s->three_sixes && st->sixes == SIXES_THAT_END_THE_TURN))
            n = legal_steps(s, st, roll, steps);
        if (n) chosen = n == 1 ? 0 : choose(s, st, left, how, steps, n, &ties);
        if (trace) {
            PyObject *event = Py_BuildValue("(ii)", roll, chosen);
            if (!event || PyList_Append(trace, event) < 0) {
                Py_XDECREF(event);
                return -2;
            }
            Py_DECREF(event);
        }
        if (n) {
            play_step(s, st, &steps[chosen]);
            int outcome = outcome_of(s, st, left);
            if (outcome != NOT_OVER) return outcome;
        }
        int again = roll == EXTRA_ROLL && !(s->three_sixes && st->sixes == SIXES_THAT_END_THE_TURN);
        if (!again) {
            st->turn = next_seat(s, st->turn, left);
            st->sixes = 0;
            if (++turns == how->horizon) return NOT_OVER;
        }
    }
    return NOT_OVER;
}

/* -- reading Python's values ------------------------------------------------------------- */

static int read_int(PyObject *o, long lo, long hi, const char *name, int *out) {
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    int overflow = 0;
    long value = PyLong_AsLongAndOverflow(o, &overflow);
    if (value == -1 && PyErr_Occurred()) return -1;
    if (overflow || value < lo || value > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be within %ld..%ld, not %R", name, lo, hi, o);
        return -1;
    }
    *out = (int)value;
    return 0;
}

static int read_bool(PyObject *o, const char *name, int *out) {
    if (!PyBool_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a bool, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    *out = o == Py_True;
    return 0;
}

static int read_tuple(PyObject *o, Py_ssize_t lo, Py_ssize_t hi, const char *name) {
    if (!PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be a tuple, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    Py_ssize_t n = PyTuple_GET_SIZE(o);
    if (n < lo || n > hi) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd to %zd items, not %zd", name, lo, hi, n);
        return -1;
    }
    return 0;
}

/* spec: (players, three_sixes, towers_block, teams, tracks), tracks[seat] its 51 squares. */
static int read_spec(PyObject *o, Spec *s) {
    if (read_tuple(o, 5, 5, "the spec") < 0) return -1;
    if (read_int(PyTuple_GET_ITEM(o, 0), 2, MAX_SEATS, "players", &s->players) < 0 ||
        read_bool(PyTuple_GET_ITEM(o, 1), "three_sixes", &s->three_sixes) < 0 ||
        read_bool(PyTuple_GET_ITEM(o, 2), "towers_block", &s->towers_block) < 0 ||
        read_bool(PyTuple_GET_ITEM(o, 3), "teams", &s->teams) < 0)
        return -1;
    if (s->teams && s->players != TEAM_PLAYERS) {
        PyErr_Format(PyExc_ValueError, "teams need %d players, not %d", TEAM_PLAYERS, s->players);
        return -1;
    }
    PyObject *tracks = PyTuple_GET_ITEM(o, 4);
    if (read_tuple(tracks, s->players, s->players, "the tracks") < 0) return -1;
    for (int seat = 0; seat < s->players; seat++) {
        PyObject *track = PyTuple_GET_ITEM(tracks, seat);
        if (read_tuple(track, TRACK_SQUARES, TRACK_SQUARES, "a track") < 0) return -1;
        for (int p = 0; p < TRACK_SQUARES; p++)
            if (read_int(PyTuple_GET_ITEM(track, p), 0, TRACK_LENGTH - 1, "a track square",
                         &s->track[seat][p]) < 0)
                return -1;
    }
    return 0;
}

static int read_pawns(PyObject *o, const Spec *s, State *st) {
    if (read_tuple(o, s->players, s->players, "the pawns") < 0) return -1;
    memset(st->pawns, 0, sizeof st->pawns);
    for (int seat = 0; seat < s->players; seat++) {
        PyObject *pawns = PyTuple_GET_ITEM(o, seat);
        if (read_tuple(pawns, PAWNS, PAWNS, "a seat's pawns") < 0) return -1;
        for (int i = 0; i < PAWNS; i++)
            if (read_int(PyTuple_GET_ITEM(pawns, i), YARD, FINISH, "a pawn's progress",
                         &st->pawns[seat][i]) < 0)
                return -1;
    }
    return 0;
}

/* A state where a roll is due: (pawns, turn, sixes). */
static int read_state(PyObject *o, const Spec *s, int left, State *st) {
    if (read_tuple(o, 3, 3, "a start") < 0 || read_pawns(PyTuple_GET_ITEM(o, 0), s, st) < 0 ||
        read_int(PyTuple_GET_ITEM(o, 1), 0, s->players - 1, "the turn", &st->turn) < 0 ||
        read_int(PyTuple_GET_ITEM(o, 2), 0, MAX_SIXES, "the sixes", &st->sixes) < 0)
        return -1;
    if (left >> st->turn & 1) {
        PyErr_Format(PyExc_ValueError, "seat %d has left: it has no turn", st->turn);
        return -1;
    }
    if (outcome_of(s, st, left) != NOT_OVER) {
        PyErr_SetString(PyExc_ValueError, "a start must be a game not over");
        return -1;
    }
    return 0;
}

static int read_u64(PyObject *o, const char *name, uint64_t *out) {
    if (!PyLong_Check(o) || PyBool_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s must be an int, not %.100s", name, Py_TYPE(o)->tp_name);
        return -1;
    }
    unsigned long long value = PyLong_AsUnsignedLongLong(o);
    if (value == (unsigned long long)-1 && PyErr_Occurred()) {
        PyErr_Clear();
        PyErr_Format(PyExc_ValueError, "%s must be within 0..2**64-1, not %R", name, o);
        return -1;
    }
    *out = value;
    return 0;
}

static PyObject *step_tuple(const Step *m) {
    return Py_BuildValue("(iiiiOO)", m->seat, m->pawn, m->start, m->end,
                         m->capture ? Py_True : Py_False, m->tower ? Py_True : Py_False);
}

static PyObject *pawns_tuple(const Spec *s, const State *st) {
    PyObject *all = PyTuple_New(s->players);
    if (!all) return NULL;
    for (int seat = 0; seat < s->players; seat++) {
        const int *p = st->pawns[seat];
        PyObject *own = Py_BuildValue("(iiii)", p[0], p[1], p[2], p[3]);
        if (!own) {
            Py_DECREF(all);
            return NULL;
        }
        PyTuple_SET_ITEM(all, seat, own);
    }
    return all;
}

/* -- the functions ----------------------------------------------------------------------- */

static int read_position(PyObject *const *args, Spec *s, State *st, int *roll, int *left) {
    return read_spec(args[0], s) < 0 || read_pawns(args[1], s, st) < 0 ||
                   read_int(args[2], 0, s->players - 1, "the turn", &st->turn) < 0 ||
                   read_int(args[3], 1, FACES, "the roll", roll) < 0 ||
                   read_int(args[4], 0, (1 << s->players) - 1, "the seats that left", left) < 0
               ? -1
               : 0;
}

static PyObject *successors(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Spec s;
    State st;
    Step steps[PAWNS];
    int roll, left, reach[TRACK_LENGTH];
    if (nargs != 5) {
        PyErr_SetString(PyExc_TypeError, "successors(spec, pawns, turn, roll, left)");
        return NULL;
    }
    if (read_position(args, &s, &st, &roll, &left) < 0) return NULL;
    st.sixes = 0;
    int n = legal_steps(&s, &st, roll, steps);
    enemy_reach(&s, &st, left, reach);
    PyObject *result = PyTuple_New(n);
    for (int i = 0; result && i < n; i++) {
        State after = st;
        play_step(&s, &after, &steps[i]);
        PyObject *step = step_tuple(&steps[i]);
        PyObject *pawns = step ? pawns_tuple(&s, &after) : NULL;
        PyObject *item = pawns ? Py_BuildValue("(OOi)", step, pawns,
                                               policy_score(&s, &st, reach, &steps[i]))
                               : NULL;
        Py_XDECREF(step);
        Py_XDECREF(pawns);
        if (!item) Py_CLEAR(result);
        else PyTuple_SET_ITEM(result, i, item);
    }
    return result;
}

/* The arguments rollouts and trace share: spec, (starts or start), left, seed. */
static int read_run(PyObject *const *args, Spec *s, int *left, uint64_t *seed) {
    return read_spec(args[0], s) < 0 ||
                   read_int(args[2], 0, (1 << s->players) - 1, "the seats that left", left) < 0 ||
                   read_u64(args[3], "the seed", seed) < 0
               ? -1
               : 0;
}

static int read_weights(PyObject *o, Weights *w) {
    if (read_tuple(o, WEIGHT_COUNT, WEIGHT_COUNT, "the weights") < 0) return -1;
    double *fields[WEIGHT_COUNT] = {&w->out,  &w->home_column, &w->finished,  &w->tower,
                                    &w->risk, &w->hazard,      &w->opponents, &w->leader};
    for (int i = 0; i < WEIGHT_COUNT; i++) {
        PyObject *item = PyTuple_GET_ITEM(o, i);
        if (!PyFloat_Check(item) && !(PyLong_Check(item) && !PyBool_Check(item))) {
            PyErr_Format(PyExc_TypeError, "a weight must be a number, not %.100s",
                         Py_TYPE(item)->tp_name);
            return -1;
        }
        double value = PyFloat_AsDouble(item);
        if (value == -1.0 && PyErr_Occurred()) {
            PyErr_Clear();
            PyErr_Format(PyExc_ValueError, "a weight must be within +-1e6, not %R", item);
            return -1;
        }
        if (!(value >= -WEIGHT_LIMIT && value <= WEIGHT_LIMIT)) {
            PyErr_Format(PyExc_ValueError, "a weight must be within +-1e6, not %R", item);
            return -1;
        }
        *fields[i] = value;
    }
    return 0;
}

static PyObject *evaluate(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Spec s;
    State st;
    Weights w;
    int left;
    double values[MAX_SEATS];
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "evaluate(spec, pawns, left, weights)");
        return NULL;
    }
    if (read_spec(args[0], &s) < 0 || read_pawns(args[1], &s, &st) < 0 ||
        read_int(args[2], 0, (1 << s.players) - 1, "the seats that left", &left) < 0 ||
        read_weights(args[3], &w) < 0)
        return NULL;
    scores(&s, &st, left, &w, values);
    PyObject *result = PyTuple_New(s.players);
    for (int seat = 0; result && seat < s.players; seat++) {
        PyObject *value = PyFloat_FromDouble(values[seat]);
        if (!value) Py_CLEAR(result);
        else PyTuple_SET_ITEM(result, seat, value);
    }
    return result;
}

/* How a rollout plays: greedy (a bool) and the weights; the horizon apart. */
static int read_playout(PyObject *greedy, PyObject *weights, Playout *how) {
    return read_bool(greedy, "greedy", &how->greedy) < 0 ||
                   read_weights(weights, &how->weights) < 0
               ? -1
               : 0;
}

static PyObject *trace(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Spec s;
    State st;
    Playout how;
    int left, index;
    uint64_t seed;
    if (nargs != 7) {
        PyErr_SetString(PyExc_TypeError, "trace(spec, start, left, seed, index, greedy, weights)");
        return NULL;
    }
    if (read_run(args, &s, &left, &seed) < 0 ||
        read_int(args[4], 0, INT32_MAX, "the rollout's number", &index) < 0 ||
        read_playout(args[5], args[6], &how) < 0 || read_state(args[1], &s, left, &st) < 0)
        return NULL;
    how.horizon = 0;
    PyObject *events = PyList_New(0);
    if (!events) return NULL;
    int winners = play_out(&s, &st, left, &how, seed, (uint64_t)index, events);
    if (winners == -2) {
        Py_DECREF(events);
        return NULL;
    }
    return Py_BuildValue("(Ni)", events, winners);
}

static PyObject *rollouts(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    (void)self;
    Spec s;
    State starts[MAX_STARTS];
    Playout how;
    int left, seat, first, count;
    uint64_t seed;
    if (nargs != 10) {
        PyErr_SetString(PyExc_TypeError, "rollouts(spec, starts, left, seed, seat, first, count, "
                                         "horizon, greedy, weights)");
        return NULL;
    }
    if (read_run(args, &s, &left, &seed) < 0 ||
        read_int(args[4], 0, s.players - 1, "the seat", &seat) < 0 ||
        read_int(args[5], 0, INT32_MAX - MAX_COUNT, "the first rollout", &first) < 0 ||
        read_int(args[6], 1, MAX_COUNT, "the count", &count) < 0 ||
        read_int(args[7], 0, MAX_HORIZON, "the horizon", &how.horizon) < 0 ||
        read_playout(args[8], args[9], &how) < 0 ||
        read_tuple(args[1], 1, MAX_STARTS, "the starts") < 0)
        return NULL;
    int n = (int)PyTuple_GET_SIZE(args[1]);
    for (int i = 0; i < n; i++)
        if (read_state(PyTuple_GET_ITEM(args[1], i), &s, left, &starts[i]) < 0) return NULL;
    double *values = PyMem_RawMalloc((size_t)n * (size_t)count * sizeof *values);
    if (!values) return PyErr_NoMemory();
    int side = 1 << seat;
    if (s.teams) side |= 1 << (seat + 2) % TEAM_PLAYERS;
    Py_BEGIN_ALLOW_THREADS
    for (int i = 0; i < n; i++)
        for (int r = 0; r < count; r++) {
            State st = starts[i];
            uint64_t index = (uint64_t)first + (uint64_t)r;
            int winners = play_out(&s, &st, left, &how, seed, index, NULL);
            double all[MAX_SEATS];
            if (winners == NOT_OVER) scores(&s, &st, left, &how.weights, all);
            values[i * count + r] = winners == NOT_OVER ? all[seat]
                                    : winners & side    ? ENDED
                                                        : -ENDED;
        }
    Py_END_ALLOW_THREADS
    PyObject *result = PyTuple_New((Py_ssize_t)n * count);
    for (Py_ssize_t k = 0; result && k < (Py_ssize_t)n * count; k++) {
        PyObject *value = PyFloat_FromDouble(values[k]);
        if (!value) Py_CLEAR(result);
        else PyTuple_SET_ITEM(result, k, value);
    }
    PyMem_RawFree(values);
    return result;
}

static PyMethodDef methods[] = {
    {"successors", (PyCFunction)(void (*)(void))successors, METH_FASTCALL,
     "successors(spec, pawns, turn, roll, left): for each legal step, in legal_steps' order, "
     "((seat, pawn, start, end, capture, tower), the pawns after it, the policy's score)."},
    {"rollouts", (PyCFunction)(void (*)(void))rollouts, METH_FASTCALL,
     "rollouts(spec, starts, left, seed, seat, first, count, horizon, greedy, weights): for "
     "each start (pawns, turn, sixes) and rollout first..first+count-1, played `horizon` turns "
     "on (0: to the end), seat's score by the evaluation, +-ENDED where the game ended."},
    {"evaluate", (PyCFunction)(void (*)(void))evaluate, METH_FASTCALL,
     "evaluate(spec, pawns, left, weights): evaluation.scores, every seat's."},
    {"trace", (PyCFunction)(void (*)(void))trace, METH_FASTCALL,
     "trace(spec, start, left, seed, index, greedy, weights): rollout index's (roll, step chosen or -1) events "
     "and its winners as bits."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {PyModuleDef_HEAD_INIT, .m_name = "_rollouts",
                                    .m_doc = "The compiled rollouts of Ludo's strong computer.",
                                    .m_size = -1, .m_methods = methods};

PyMODINIT_FUNC PyInit__rollouts(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    PyObject *constants = Py_BuildValue(
        "{sisisisisisisisisisis(ii)}", "YARD", YARD, "START", START, "LAST_TRACK", LAST_TRACK, "FINISH",
        FINISH, "TRACK_LENGTH", TRACK_LENGTH, "PAWNS_PER_COLOUR", PAWNS, "EXTRA_ROLL", EXTRA_ROLL,
        "SIXES_THAT_END_THE_TURN", SIXES_THAT_END_THE_TURN, "TEAM_PLAYERS", TEAM_PLAYERS, "ENDED", (int)ENDED,
        "ENTRY_ROLLS", ENTRY_ONE, EXTRA_ROLL);
    if (!constants || PyModule_AddObject(m, "CONSTANTS", constants) < 0) {
        Py_XDECREF(constants);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
