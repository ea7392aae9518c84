/* The static evaluation: evaluate.py's make_evaluator, every term. */

#include "core.h"

static int plane_sum(const Core *c, int table, u64 pieces) {
    int score = 0;
    for (int i = 0; i < c->planes_n[table]; i++)
        score += popcount(pieces & c->plane[table][i]) << c->plane_shift[table][i];
    return score;
}

static int king_reach(const Core *c, u64 own, u64 opp, u64 kings, u64 empty) {
    u64 own_kings = own & kings, reach = 0;
    if (c->flying) {
        u64 free = c->mask & ~(own | opp);
        while (own_kings) {
            u64 low = own_kings & -own_kings;
            own_kings ^= low;
            reach |= damas_king_targets(c, low, free);
        }
        return popcount(reach);
    }
    reach = (own_kings >> c->near) | (own_kings << c->near) | (own_kings >> c->far) |
            (own_kings << c->far);
    return popcount(reach & empty);
}

static int ending(const Core *c, u64 strong, u64 weak, u64 kings, u64 empty) {
    int score = -c->cornering * king_reach(c, weak, strong, kings, empty);
    if (c->flying) {
        if (strong & c->main_diagonal) score += c->ending_diagonal;
        if (weak & c->main_diagonal) score -= c->ending_diagonal;
    }
    u64 strong_kings = strong & kings, weak_kings = weak & kings;
    while (weak_kings) {
        u64 low = weak_kings & -weak_kings;
        weak_kings ^= low;
        int a = index_of(low), nearest = c->size;
        u64 hunters = strong_kings;
        while (hunters) {
            u64 hunter = hunters & -hunters;
            hunters ^= hunter;
            int b = index_of(hunter);
            int dr = abs(c->row[a] - c->row[b]), dc = abs(c->col[a] - c->col[b]);
            int distance = dr > dc ? dr : dc;
            if (distance < nearest) nearest = distance;
        }
        score -= c->closing * nearest;
    }
    return score;
}

static int runaways(const Core *c, u64 close, int colour, u64 opp_all) {
    int score = 0;
    while (close) {
        u64 low = close & -close;
        close ^= low;
        const Cone *cone = &c->cones[colour][index_of(low)];
        if (!(cone->cone & opp_all))
            score += (int)floor_div((long long)c->runaway * (4 - cone->rows_left), 3);
    }
    return score;
}

/* Each block's state (its men as base-3 digits), its weights' line asked of memory at once: the
 * other terms are summed while the lines come (pattern_sum reads them). */
static void pattern_states(const Core *c, u64 white_men, u64 black_men, int *states) {
    for (int b = 0; b < c->patterns_n; b++) {
        const int *power = c->pattern_digit[b];
        int state = 0;
        for (u64 men = white_men & c->pattern_mask[b]; men; men &= men - 1)
            state += power[index_of(men)];
        for (u64 men = black_men & c->pattern_mask[b]; men; men &= men - 1)
            state += 2 * power[index_of(men)];
        states[b] = state;
        __builtin_prefetch(&c->pattern_weights[(b * PATTERN_STATES + state) * 2]);
    }
}

/* The blocks' weights for their states, interpolated by the phase (evaluate.py's pattern_sum). */
static int pattern_sum(const Core *c, const int *states, int on_board) {
    long long middle = 0, ending = 0;
    for (int b = 0; b < c->patterns_n; b++) {
        const int16_t *weights = &c->pattern_weights[(b * PATTERN_STATES + states[b]) * 2];
        middle += weights[0];
        ending += weights[1];
    }
    int pieces = c->phase_pieces, phase = on_board < pieces ? on_board : pieces;
    return (int)floor_div(middle * phase + ending * (pieces - phase), pieces);
}

int damas_material_drawn(const Core *c, int k1, int m1, int k2, int m2) {
    if (k1 > k2 || (k1 == k2 && m1 > m2)) {
        int t = k1;
        k1 = k2;
        k2 = t;
        t = m1;
        m1 = m2;
        m2 = t;
    }
    for (int i = 0; i < c->drawn_n; i++)
        if (c->drawn[i][0] == k1 && c->drawn[i][1] == m1 && c->drawn[i][2] == k2 &&
            c->drawn[i][3] == m2)
            return 1;
    return 0;
}

int damas_evaluate(const Core *c, u64 own, u64 opp, u64 kings, int colour) {
    u64 white = colour == 0 ? own : opp, black = colour == 0 ? opp : own;
    u64 white_kings = white & kings, black_kings = black & kings;
    u64 white_men = white ^ white_kings, black_men = black ^ black_kings;
    int states[MAX_PATTERNS];
    pattern_states(c, white_men, black_men, states);
    int near = c->near, far = c->far;
    int score = c->man_value * (popcount(white_men) - popcount(black_men));
    score += plane_sum(c, 0, white_men);
    score -= plane_sum(c, 1, black_men);
    if (kings) {
        score += c->king_value * (popcount(white_kings) - popcount(black_kings));
        score += plane_sum(c, 2, white_kings) - plane_sum(c, 2, black_kings);
    }
    score += c->supported * (popcount(white_men & (white_men << near) & (white_men << far)) -
                             popcount(black_men & (black_men >> near) & (black_men >> far)));
    if (!black_kings && (white_men & c->zone[0]))
        score += runaways(c, white_men & c->zone[0], 0, black);
    if (!white_kings && (black_men & c->zone[1]))
        score -= runaways(c, black_men & c->zone[1], 1, white);
    u64 empty = c->mask ^ (white | black);
    if (c->balance)
        score -= c->balance * (abs(popcount(white_men & c->left_wing) -
                                   popcount(white_men & c->right_wing)) -
                               abs(popcount(black_men & c->left_wing) -
                                   popcount(black_men & c->right_wing)));
    if (c->mobility)
        score += c->mobility *
                 (popcount((white_men >> near) & empty) + popcount((white_men >> far) & empty) -
                  popcount((black_men << near) & empty) - popcount((black_men << far) & empty));
    if (c->patterns_n) score += pattern_sum(c, states, popcount(white | black));
    if (!(white_men | black_men)) {
        /* kings only: drawn material, or the ending's bonus */
        int done = 0;
        if (c->drawn_n && popcount(white | black) <= 3 &&
            damas_material_drawn(c, popcount(white), 0, popcount(black), 0)) {
            score = 0;
            done = 1;
        }
        if (!done) {
            if (score > 0)
                score += ending(c, white, black, kings, empty);
            else if (score < 0)
                score -= ending(c, black, white, kings, empty);
        }
    }
    return colour == 0 ? score : -score;
}
