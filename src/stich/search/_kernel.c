/* The native search kernel: card play of Schnapsen, the contract games and Schieber Jass.
 *
 * A state is the flat int tuple of stich/search/layout.py (FIELDS, checked on import). The
 * card orders and card points come from the engine's tables inside the state, so this file
 * holds the rules of play (S-3 to S-9, B-4, B-5, D-1, J-4 to J-7) but no rule tables.
 *
 * The search (alpha-beta with an exact transposition table at trick starts, move ordering,
 * equivalent-card pruning, MTD(f) null-window driver) is mirrored move for move by
 * stich/search/pysearch.py, so both paths visit the same nodes and return the same values.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <math.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

enum {
    F_FAM, F_NSEATS, F_ACTIVE, F_MAXMASK, F_TRUMP, F_MUST_OVERTRUMP, F_TO_ACT, F_LEADER,
    F_NTRICK, F_TRICK0, F_TRICK1, F_TRICK2, F_TRICK3, F_TSEAT0, F_TSEAT1, F_TSEAT2, F_TSEAT3,
    F_HAND0, F_HAND1, F_HAND2, F_HAND3, F_GONE, F_POINTS0, F_POINTS1, F_POINTS2, F_POINTS3,
    F_TRICKS0, F_TRICKS1, F_TRICKS2, F_TRICKS3, F_MARR0, F_MARR1, F_MARR2, F_MARR3,
    F_ANNOUNCED, F_DONE, F_PAYOFF, F_FACTOR, F_TALON0, F_TALON1, F_TALON2, F_TALON3, F_TALON4,
    F_TALON5, F_TALON6, F_TALON7, F_TALON8, F_TRUMP_CARD, F_TRUMP_JACK, F_DRAWN, F_CLOSED_BY,
    F_CSCORE0, F_CSCORE1, F_CTRICKS0, F_CTRICKS1, F_MAY_CLAIM, F_FINAL, F_SOPTS, F_GOAL,
    F_CVALUE, F_DECLARING, F_SIDE0, F_SIDE1, F_TOTAL_TRICKS, F_DEADLINE, F_MARSEATS, F_SB0,
    F_SB1, F_TARGET, F_MATCH_BONUS, F_STOECK_HOLDER, F_STOECK_PAIR, F_WEIS_TEAM, F_WEIS_RAW,
    F_WRITTEN0, F_WRITTEN1, F_KEY_WRITTEN, F_STRENGTH0, F_CPTS0 = F_STRENGTH0 + 36,
    F_COUNT = F_CPTS0 + 36
};

static const char *FIELD_NAMES =
    "fam nseats active maxmask trump must_overtrump to_act leader ntrick trick0 trick1 trick2 "
    "trick3 tseat0 tseat1 tseat2 tseat3 hand0 hand1 hand2 hand3 gone points0 points1 points2 "
    "points3 tricks0 tricks1 tricks2 tricks3 marr0 marr1 marr2 marr3 announced done payoff "
    "factor talon0 talon1 talon2 talon3 talon4 talon5 talon6 talon7 talon8 trump_card "
    "trump_jack drawn closed_by cscore0 cscore1 ctricks0 ctricks1 may_claim final sopts goal "
    "cvalue declaring side0 side1 total_tricks deadline marseats sb0 sb1 target match_bonus "
    "stoeck_holder stoeck_pair weis_team weis_raw written0 written1 key_written";

enum { SCHNAPSEN, CONTRACT, JASS };
enum { GOAL_NORMAL, GOAL_NO_TRICK, GOAL_ALL_TRICKS, GOAL_SCHNAPSER };
enum { KING_LEAD = 1, MARRIAGE_FIRST = 2, EXCHANGE_FIRST = 4, EXCHANGE_AT_TWO = 8,
       CLOSE_AT_TWO = 16, PAGAT = 32, NO_CLOSE = 64, CLAIM_66 = 128 };
enum { MARRIAGE_BASE = 36, EXCHANGE = 40, CLOSE = 41, CLAIM = 42, PASS = 43 };
#define MAXMOVES 48
#define INF 1000000
#define WINNING_SCORE 66

typedef uint64_t u64;

typedef struct {          /* what does not change during a search */
    int fam, nseats, active, nactive, maxmask, trump, must_overtrump, factor;
    int talon[9], trump_jack, sopts;
    int goal, cvalue, declaring, side0, side1, total_tricks, deadline, marseats;
    int sb[2], target, match_bonus, stoeck_holder, weis_team, weis_raw, key_written;
    u64 stoeck_pair;
    int strength[36], cpts[36];
    u64 above[36];
    int suit_points[4][512];   /* card points of each set of one suit's cards */
} Spec;

typedef struct {          /* the dynamic state: copied for undo */
    u64 hand[4], gone;
    int points[4], tricks[4], marr[4];
    int to_act, leader, ntrick, trick[4], tseat[4], announced, done, payoff;
    int trump_card, drawn, closed_by, cscore[2], ctricks[2], may_claim, final;
    int written[2];
} St;

static inline u64 suit_mask(int suit) { return (u64)0x1FF << (9 * suit); }
static inline int suit_of(int card) { return card / 9; }
static inline int popcount(u64 x) { return __builtin_popcountll(x); }
static inline int lowest(u64 x) { return __builtin_ctzll(x); }
static inline u64 marriage_mask(int suit) {
    return ((u64)1 << (suit * 9 + 7)) | ((u64)1 << (suit * 9 + 6));   /* King, Queen */
}

/* ---- state <-> tuple ------------------------------------------------------------------- */

static int read_fields(PyObject *obj, long long *v) {
    PyObject *seq = PySequence_Fast(obj, "state must be a sequence of ints");
    if (!seq) return -1;
    if (PySequence_Fast_GET_SIZE(seq) != F_COUNT) {
        PyErr_Format(PyExc_ValueError, "state must have %d fields, got %zd", F_COUNT,
                     PySequence_Fast_GET_SIZE(seq));
        Py_DECREF(seq);
        return -1;
    }
    for (int i = 0; i < F_COUNT; i++) {
        v[i] = PyLong_AsLongLong(PySequence_Fast_GET_ITEM(seq, i));
        if (v[i] == -1 && PyErr_Occurred()) { Py_DECREF(seq); return -1; }
    }
    Py_DECREF(seq);
    return 0;
}

static int parse(PyObject *obj, Spec *sp, St *st) {
    long long v[F_COUNT];
    if (read_fields(obj, v) < 0) return -1;
    memset(sp, 0, sizeof *sp);
    memset(st, 0, sizeof *st);
    sp->fam = (int)v[F_FAM]; sp->nseats = (int)v[F_NSEATS]; sp->active = (int)v[F_ACTIVE];
    sp->nactive = popcount((u64)sp->active); sp->maxmask = (int)v[F_MAXMASK];
    sp->trump = (int)v[F_TRUMP]; sp->must_overtrump = (int)v[F_MUST_OVERTRUMP];
    sp->factor = (int)v[F_FACTOR];
    if (sp->fam < 0 || sp->fam > 2 || sp->nseats < 2 || sp->nseats > 4 || sp->trump < -1
        || sp->trump > 3 || sp->nactive < 2) {
        PyErr_SetString(PyExc_ValueError, "state: bad family, seats or trump");
        return -1;
    }
    for (int i = 0; i < 9; i++) sp->talon[i] = (int)v[F_TALON0 + i];
    sp->trump_jack = (int)v[F_TRUMP_JACK]; sp->sopts = (int)v[F_SOPTS];
    sp->goal = (int)v[F_GOAL]; sp->cvalue = (int)v[F_CVALUE]; sp->declaring = (int)v[F_DECLARING];
    sp->side0 = (int)v[F_SIDE0]; sp->side1 = (int)v[F_SIDE1];
    sp->total_tricks = (int)v[F_TOTAL_TRICKS]; sp->deadline = (int)v[F_DEADLINE];
    sp->marseats = (int)v[F_MARSEATS];
    sp->sb[0] = (int)v[F_SB0]; sp->sb[1] = (int)v[F_SB1]; sp->target = (int)v[F_TARGET];
    sp->match_bonus = (int)v[F_MATCH_BONUS]; sp->stoeck_holder = (int)v[F_STOECK_HOLDER];
    sp->stoeck_pair = (u64)v[F_STOECK_PAIR]; sp->weis_team = (int)v[F_WEIS_TEAM];
    sp->weis_raw = (int)v[F_WEIS_RAW]; sp->key_written = (int)v[F_KEY_WRITTEN];
    for (int c = 0; c < 36; c++) {
        sp->strength[c] = (int)v[F_STRENGTH0 + c];
        sp->cpts[c] = (int)v[F_CPTS0 + c];
    }
    for (int c = 0; c < 36; c++) {
        u64 above = 0;
        if (sp->strength[c] >= 0)
            for (int o = 0; o < 36; o++)
                if (suit_of(o) == suit_of(c) && sp->strength[o] > sp->strength[c])
                    above |= (u64)1 << o;
        sp->above[c] = above;
    }
    for (int suit = 0; suit < 4; suit++)
        for (int set = 1; set < 512; set++)
            sp->suit_points[suit][set] = sp->suit_points[suit][set & (set - 1)]
                                         + sp->cpts[suit * 9 + lowest((u64)set)];
    for (int i = 0; i < 4; i++) {
        st->hand[i] = (u64)v[F_HAND0 + i];
        st->points[i] = (int)v[F_POINTS0 + i];
        st->tricks[i] = (int)v[F_TRICKS0 + i];
        st->marr[i] = (int)v[F_MARR0 + i];
        st->trick[i] = (int)v[F_TRICK0 + i];
        st->tseat[i] = (int)v[F_TSEAT0 + i];
        if ((st->hand[i] >> 36) != 0) {
            PyErr_SetString(PyExc_ValueError, "state: a hand holds a card id above 35");
            return -1;
        }
    }
    st->gone = (u64)v[F_GONE];
    st->to_act = (int)v[F_TO_ACT]; st->leader = (int)v[F_LEADER]; st->ntrick = (int)v[F_NTRICK];
    st->announced = (int)v[F_ANNOUNCED]; st->done = (int)v[F_DONE]; st->payoff = (int)v[F_PAYOFF];
    st->trump_card = (int)v[F_TRUMP_CARD]; st->drawn = (int)v[F_DRAWN];
    st->closed_by = (int)v[F_CLOSED_BY];
    st->cscore[0] = (int)v[F_CSCORE0]; st->cscore[1] = (int)v[F_CSCORE1];
    st->ctricks[0] = (int)v[F_CTRICKS0]; st->ctricks[1] = (int)v[F_CTRICKS1];
    st->may_claim = (int)v[F_MAY_CLAIM]; st->final = (int)v[F_FINAL];
    st->written[0] = (int)v[F_WRITTEN0]; st->written[1] = (int)v[F_WRITTEN1];
    int bad = st->to_act < 0 || st->to_act >= sp->nseats || st->leader < 0
              || st->leader >= sp->nseats || st->ntrick < 0 || st->ntrick >= sp->nactive
              || st->drawn < 0 || st->drawn > 10 || st->announced < -1 || st->announced > 3
              || st->trump_card < 0 || st->trump_card > 35 || sp->trump_jack < 0
              || sp->trump_jack > 35 || sp->stoeck_holder < -1 || sp->stoeck_holder > 3
              || sp->weis_team < -1 || sp->weis_team > 1 || sp->factor < 1
              || (sp->fam == SCHNAPSEN && sp->nseats != 2) || (sp->fam == JASS && sp->nseats != 4);
    for (int i = 0; i < 9; i++) bad |= sp->talon[i] < 0 || sp->talon[i] > 35;
    for (int i = 0; i < st->ntrick; i++)
        bad |= st->trick[i] < 0 || st->trick[i] > 35 || st->tseat[i] < 0
               || st->tseat[i] >= sp->nseats;
    for (int c = 0; c < 36; c++) bad |= sp->strength[c] < -1 || sp->strength[c] > 35;
    if (bad) {
        PyErr_SetString(PyExc_ValueError, "state: a seat, card, trick, stock or option field "
                                          "is out of range");
        return -1;
    }
    return 0;
}

static PyObject *serialize(PyObject *original, const St *st) {
    long long v[F_COUNT];
    if (read_fields(original, v) < 0) return NULL;
    for (int i = 0; i < 4; i++) {
        v[F_HAND0 + i] = (long long)st->hand[i];
        v[F_POINTS0 + i] = st->points[i];
        v[F_TRICKS0 + i] = st->tricks[i];
        v[F_MARR0 + i] = st->marr[i];
        v[F_TRICK0 + i] = st->trick[i];
        v[F_TSEAT0 + i] = st->tseat[i];
    }
    v[F_GONE] = (long long)st->gone;
    v[F_TO_ACT] = st->to_act; v[F_LEADER] = st->leader; v[F_NTRICK] = st->ntrick;
    v[F_ANNOUNCED] = st->announced; v[F_DONE] = st->done; v[F_PAYOFF] = st->payoff;
    v[F_TRUMP_CARD] = st->trump_card; v[F_DRAWN] = st->drawn; v[F_CLOSED_BY] = st->closed_by;
    v[F_CSCORE0] = st->cscore[0]; v[F_CSCORE1] = st->cscore[1];
    v[F_CTRICKS0] = st->ctricks[0]; v[F_CTRICKS1] = st->ctricks[1];
    v[F_MAY_CLAIM] = st->may_claim; v[F_FINAL] = st->final;
    v[F_WRITTEN0] = st->written[0]; v[F_WRITTEN1] = st->written[1];
    PyObject *out = PyTuple_New(F_COUNT);
    if (!out) return NULL;
    for (int i = 0; i < F_COUNT; i++) {
        PyObject *item = PyLong_FromLongLong(v[i]);
        if (!item) { Py_DECREF(out); return NULL; }
        PyTuple_SET_ITEM(out, i, item);
    }
    return out;
}

/* ---- tricks ---------------------------------------------------------------------------- */

/* Index in play order of the winning card: best trump, else best of the suit led. */
static int trick_winner(const Spec *sp, const int *cards, int n) {
    int best = 0, best_card = cards[0];
    for (int i = 1; i < n; i++) {
        int card = cards[i];
        if (suit_of(card) == suit_of(best_card)) {
            if (sp->strength[card] > sp->strength[best_card]) { best = i; best_card = card; }
        } else if (suit_of(card) == sp->trump) {
            best = i; best_card = card;
        }
    }
    return best;
}

/* S-4, B-4: head, else follow, else (over-)trump, else any card. */
static u64 strict_follow(const Spec *sp, u64 hand, const int *trick, int n) {
    int lead = suit_of(trick[0]);
    int best = trick[trick_winner(sp, trick, n)];
    u64 in_suit = hand & suit_mask(lead);
    if (in_suit) {
        if (suit_of(best) == lead) {
            u64 higher = in_suit & sp->above[best];
            if (higher) return higher;
        }
        return in_suit;
    }
    if (sp->trump >= 0) {
        u64 trumps = hand & suit_mask(sp->trump);
        if (trumps) {
            if (sp->must_overtrump && suit_of(best) == sp->trump) {
                u64 higher = trumps & sp->above[best];
                if (higher) return higher;
            }
            return trumps;
        }
    }
    return hand;
}

/* J-4: follow or trump; trumps follow a trump lead but the Buur alone is never forced; no
 * under-trumping while holding other cards. */
static u64 jass_playable(const Spec *sp, u64 hand, const int *trick, int n) {
    if (!n) return hand;
    int lead = suit_of(trick[0]);
    u64 in_suit = hand & suit_mask(lead);
    int trump = sp->trump;
    if (trump < 0) return in_suit ? in_suit : hand;
    u64 trumps = hand & suit_mask(trump);
    u64 buur = (u64)1 << (trump * 9 + 5);
    if (lead == trump) return (trumps & ~buur) ? trumps : hand;
    u64 allowed = in_suit ? (in_suit | trumps) : hand;
    if (trumps && hand != trumps) {
        int best = -1;
        for (int i = 0; i < n; i++)
            if (suit_of(trick[i]) == trump
                && (best < 0 || sp->strength[trick[i]] > sp->strength[best]))
                best = trick[i];
        if (best >= 0) allowed &= ~(trumps & ~sp->above[best]);
    }
    return allowed;
}

/* ---- Schnapsen (S-3 to S-9) ------------------------------------------------------------ */

static inline int s_stock_open(const St *st) { return st->closed_by < 0 && st->drawn < 10; }
static inline int s_score(const St *st, int seat) {
    return st->points[seat] + (st->tricks[seat] ? st->marr[seat] : 0);
}
static inline int by_loser(int points, int tricks) { return points >= 33 ? 1 : (tricks ? 2 : 3); }

static int s_exchange_ok(const Spec *sp, const St *st) {
    if (!s_stock_open(st) || st->announced >= 0) return 0;
    if (!(st->hand[st->to_act] >> sp->trump_jack & 1)) return 0;
    if (10 - st->drawn == 2 && !(sp->sopts & EXCHANGE_AT_TWO)) return 0;
    if (st->tricks[0] + st->tricks[1] == 0 && !(sp->sopts & EXCHANGE_FIRST)) return 0;
    return 1;
}

static int s_close_ok(const Spec *sp, const St *st) {
    if ((sp->sopts & NO_CLOSE) || st->closed_by >= 0 || st->drawn >= 10 || st->announced >= 0)
        return 0;
    if (10 - st->drawn == 2 && !(sp->sopts & CLOSE_AT_TWO)) return 0;
    return 1;
}

static u64 s_playable(const Spec *sp, const St *st) {
    u64 hand = st->hand[st->to_act];
    if (st->final) return 0;
    if (st->ntrick) return s_stock_open(st) ? hand : strict_follow(sp, hand, st->trick, 1);
    if (st->announced >= 0) {
        if (sp->sopts & KING_LEAD) return hand & ((u64)1 << (st->announced * 9 + 7));
        return hand & marriage_mask(st->announced);
    }
    return hand;
}


/* The deal ends: ``winner``'s side scores ``points`` game points (signed for the max side). */
static void finish(const Spec *sp, St *st, int winner_seat, int points) {
    st->done = 1;
    st->payoff = (sp->maxmask >> winner_seat & 1) ? points : -points;
}

static void s_claim(const Spec *sp, St *st, int claimer) {
    int other = 1 - claimer, closer = st->closed_by;
    int correct = s_score(st, claimer) >= WINNING_SCORE;
    int by_table_other = by_loser(s_score(st, other), st->tricks[other]);
    int false_claim = (sp->sopts & PAGAT) ? (st->tricks[other] ? 2 : 3) : by_table_other;
    int closer_failed = closer >= 0 ? (st->ctricks[1 - closer] ? 2 : 3) : 0;
    if (closer < 0) {
        if (correct) finish(sp, st, claimer, by_table_other);
        else finish(sp, st, other, false_claim);
    } else if (closer == claimer) {
        if (correct) finish(sp, st, claimer, by_loser(st->cscore[other], st->ctricks[other]));
        else finish(sp, st, other, closer_failed);
    } else {
        if (correct) finish(sp, st, claimer, closer_failed);
        else finish(sp, st, other, false_claim);
    }
}

static void s_apply(const Spec *sp, St *st, int move) {
    int seat = st->to_act;
    if (move < 36) {
        u64 bit = (u64)1 << move;
        st->hand[seat] ^= bit;
        if (!st->ntrick) {
            st->trick[0] = move; st->tseat[0] = seat; st->ntrick = 1;
            st->announced = -1; st->may_claim = 0; st->to_act = 1 - seat;
            return;
        }
        int lead = st->trick[0];
        int cards[2] = {lead, move};
        int winner = trick_winner(sp, cards, 2) ? seat : st->leader;
        st->points[winner] += sp->cpts[lead] + sp->cpts[move];
        st->tricks[winner] += 1;
        st->gone |= bit | ((u64)1 << lead);
        st->ntrick = 0; st->trick[0] = 0; st->tseat[0] = 0;
        if (s_stock_open(st)) {   /* S-3: winner draws first, the trump card comes last */
            int first = st->drawn < 9 ? sp->talon[st->drawn] : st->trump_card;
            int second = st->drawn + 1 < 9 ? sp->talon[st->drawn + 1] : st->trump_card;
            st->hand[winner] |= (u64)1 << first;
            st->hand[1 - winner] |= (u64)1 << second;
            st->drawn += 2;
        }
        st->leader = st->to_act = winner;
        st->may_claim = 1;
        if (!st->hand[0] && !st->hand[1]) st->final = 1;
        return;
    }
    if (move < MARRIAGE_BASE + 4) {
        int suit = move - MARRIAGE_BASE;
        st->marr[seat] += suit == sp->trump ? 40 : 20;
        st->announced = suit;
        st->may_claim = 1;
    } else if (move == EXCHANGE) {
        st->hand[seat] ^= ((u64)1 << sp->trump_jack) | ((u64)1 << st->trump_card);
        st->trump_card = sp->trump_jack;
    } else if (move == CLOSE) {
        st->closed_by = seat;
        st->cscore[0] = s_score(st, 0); st->cscore[1] = s_score(st, 1);
        st->ctricks[0] = st->tricks[0]; st->ctricks[1] = st->tricks[1];
    } else if (move == CLAIM) {
        s_claim(sp, st, seat);
    } else {                  /* pass after the last trick (S-9) */
        if (st->closed_by >= 0)
            finish(sp, st, 1 - st->closed_by, st->ctricks[1 - st->closed_by] ? 2 : 3);
        else
            finish(sp, st, st->leader, 1);
    }
}

static int s_legal(const Spec *sp, const St *st, int *moves) {
    int n = 0;
    int claim_ok = !(sp->sopts & CLAIM_66) || s_score(st, st->to_act) >= WINNING_SCORE;
    if (st->final) {
        if (claim_ok) moves[n++] = CLAIM;
        moves[n++] = PASS;
        return n;
    }
    if (!st->ntrick) {
        if (st->announced < 0) {
            u64 hand = st->hand[st->to_act];
            if (s_exchange_ok(sp, st)) moves[n++] = EXCHANGE;
            if (s_close_ok(sp, st)) moves[n++] = CLOSE;
            for (int suit = 0; suit < 4; suit++)
                if ((hand & marriage_mask(suit)) == marriage_mask(suit)
                    && (st->tricks[st->to_act] || (sp->sopts & MARRIAGE_FIRST)))
                    moves[n++] = MARRIAGE_BASE + suit;
        }
        if (st->may_claim && claim_ok) moves[n++] = CLAIM;
    }
    for (u64 m = s_playable(sp, st); m; m &= m - 1) moves[n++] = lowest(m);
    return n;
}

/* ---- contract games (B-4, B-5, D-1) ---------------------------------------------------- */

static int c_score(const Spec *sp, const St *st, int seats) {
    int total = 0, won = 0, marr = 0;
    for (int s = 0; s < sp->nseats; s++)
        if (seats >> s & 1) { total += st->points[s]; won += st->tricks[s]; marr += st->marr[s]; }
    return won ? total + marr : total;
}

static int c_tricks(const Spec *sp, const St *st, int seats) {
    int won = 0;
    for (int s = 0; s < sp->nseats; s++) if (seats >> s & 1) won += st->tricks[s];
    return won;
}

static int lowest_seat(int mask) { return lowest((u64)mask); }

static void c_settle(const Spec *sp, St *st) {
    int played = c_tricks(sp, st, (1 << sp->nseats) - 1);
    if (sp->goal == GOAL_NORMAL) {   /* B-4: 66 after a trick or a marriage, else last trick */
        int sides[2] = {sp->side0, sp->side1};
        for (int i = 0; i < 2; i++) {
            if (c_score(sp, st, sides[i]) >= WINNING_SCORE) {
                int losers = sides[1 - i];
                int pts = by_loser(c_score(sp, st, losers), c_tricks(sp, st, losers));
                finish(sp, st, lowest_seat(sides[i]), pts * sp->factor);
                return;
            }
        }
        if (played == sp->total_tricks) {
            int side = (sp->side0 >> st->leader & 1) ? sp->side0 : sp->side1;
            finish(sp, st, lowest_seat(side), sp->factor);
        }
        return;
    }
    int mine = c_tricks(sp, st, sp->declaring);
    int made = -1;
    if (sp->goal == GOAL_NO_TRICK) {
        if (mine) made = 0;
        else if (played == sp->total_tricks) made = 1;
    } else if (played - mine) {
        made = 0;
    } else if (sp->goal == GOAL_SCHNAPSER) {
        if (c_score(sp, st, sp->declaring) >= WINNING_SCORE) made = 1;
        else if (played >= sp->deadline) made = 0;
    } else if (played == sp->total_tricks) {
        made = 1;
    }
    if (made >= 0) finish(sp, st, lowest_seat(made ? sp->side0 : sp->side1), sp->cvalue);
}

static int next_active(const Spec *sp, int seat) {
    for (int step = 1; step <= sp->nseats; step++) {
        int other = (seat + step) % sp->nseats;
        if (sp->active >> other & 1) return other;
    }
    return seat;
}

static void c_apply(const Spec *sp, St *st, int move) {
    int seat = st->to_act;
    if (move >= MARRIAGE_BASE) {
        int suit = move - MARRIAGE_BASE;
        st->marr[seat] += suit == sp->trump ? 40 : 20;
        st->announced = suit;
        c_settle(sp, st);
        return;
    }
    st->hand[seat] ^= (u64)1 << move;
    st->trick[st->ntrick] = move; st->tseat[st->ntrick] = seat; st->ntrick++;
    if (st->ntrick < sp->nactive) { st->to_act = next_active(sp, seat); return; }
    int winner = st->tseat[trick_winner(sp, st->trick, st->ntrick)];
    for (int i = 0; i < st->ntrick; i++) {
        st->points[winner] += sp->cpts[st->trick[i]];
        st->gone |= (u64)1 << st->trick[i];
        st->trick[i] = 0; st->tseat[i] = 0;
    }
    st->tricks[winner] += 1;
    st->ntrick = 0;
    st->announced = -1;
    st->leader = st->to_act = winner;
    c_settle(sp, st);
}

static int c_legal(const Spec *sp, const St *st, int *moves) {
    int n = 0;
    u64 hand = st->hand[st->to_act];
    if (!st->ntrick && st->announced < 0 && (sp->marseats >> st->to_act & 1))
        for (int suit = 0; suit < 4; suit++)
            if ((hand & marriage_mask(suit)) == marriage_mask(suit))
                moves[n++] = MARRIAGE_BASE + suit;
    u64 playable;
    if (st->ntrick) playable = strict_follow(sp, hand, st->trick, st->ntrick);
    else if (st->announced >= 0) playable = hand & marriage_mask(st->announced);
    else playable = hand;
    for (u64 m = playable; m; m &= m - 1) moves[n++] = lowest(m);
    return n;
}

/* ---- Schieber Jass (J-4 to J-7) -------------------------------------------------------- */

/* J-7: points are written as they happen; a team reaching the target ends the game. */
static int j_write(const Spec *sp, St *st, int team, int raw) {
    st->written[team] += raw * sp->factor;
    if (sp->sb[team] + st->written[team] >= sp->target) { st->done = 1; return 1; }
    return 0;
}

static void j_apply(const Spec *sp, St *st, int move) {
    int seat = st->to_act;
    u64 bit = (u64)1 << move;
    st->hand[seat] ^= bit;
    st->trick[st->ntrick] = move; st->tseat[st->ntrick] = seat; st->ntrick++;
    if (seat == sp->stoeck_holder && (sp->stoeck_pair & bit) && !(st->hand[seat] & sp->stoeck_pair)
        && j_write(sp, st, seat % 2, 20))   /* J-6 */
        return;
    if (st->ntrick < 4) { st->to_act = (seat + 1) % 4; return; }
    int winner = (st->leader + trick_winner(sp, st->trick, 4)) % 4;
    int team = winner % 2, raw = 0;
    for (int i = 0; i < 4; i++) {
        raw += sp->cpts[st->trick[i]];
        st->gone |= (u64)1 << st->trick[i];
        st->trick[i] = 0; st->tseat[i] = 0;
    }
    st->ntrick = 0;
    int played = st->tricks[0] + st->tricks[1] + 1;
    /* J-5: the best Weis scores after trick 1 (the trick itself is not booked if that ends
     * the game, as in the engine) */
    if (played == 1 && sp->weis_team >= 0 && j_write(sp, st, sp->weis_team, sp->weis_raw))
        return;
    int last = played == 9;
    if (last) raw += 5;
    st->points[team] += raw;
    st->tricks[team] += 1;
    int bonus = (last && st->tricks[team] == 9) ? sp->match_bonus : 0;
    if (j_write(sp, st, team, raw + bonus)) return;
    if (last) st->done = 1;
    else st->leader = st->to_act = winner;
}

static int j_legal(const Spec *sp, const St *st, int *moves) {
    int n = 0;
    for (u64 m = jass_playable(sp, st->hand[st->to_act], st->trick, st->ntrick); m; m &= m - 1)
        moves[n++] = lowest(m);
    return n;
}

/* ---- the generic interface ------------------------------------------------------------- */

static int legal(const Spec *sp, const St *st, int *moves) {
    if (st->done) return 0;
    if (sp->fam == SCHNAPSEN) return s_legal(sp, st, moves);
    if (sp->fam == CONTRACT) return c_legal(sp, st, moves);
    return j_legal(sp, st, moves);
}

/* The running value for the max side: Jass writes points as they happen; the other games pay
 * their result at the end. */
static inline int running(const Spec *sp, const St *st) {
    if (sp->fam == JASS) return st->written[0] - st->written[1];
    return st->done ? st->payoff : 0;
}

/* Apply a legal move; returns the reward (change of the running value). */
static int apply(const Spec *sp, St *st, int move) {
    int before = running(sp, st);
    if (sp->fam == SCHNAPSEN) s_apply(sp, st, move);
    else if (sp->fam == CONTRACT) c_apply(sp, st, move);
    else j_apply(sp, st, move);
    return running(sp, st) - before;
}

/* ---- random playouts (seeded: splitmix64, the same generator as the Python path) ------- */

static inline u64 splitmix(u64 *state) {
    u64 z = (*state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

/* ``count`` random playouts from ``root`` on one SplitMix64 stream from ``seed``: the sum of
 * their values for the max side; ``played`` grows by the moves played. */
static long long playouts(const Spec *sp, const St *root, u64 seed, long long count,
                          long long *played) {
    long long total = 0;
    u64 rng = seed;
    for (long long i = 0; i < count; i++) {
        St st = *root;
        int moves[MAXMOVES], n;
        while ((n = legal(sp, &st, moves)) > 0) {
            total += apply(sp, &st, moves[splitmix(&rng) % (u64)n]);
            (*played)++;
        }
    }
    return total;
}

/* ---- the solver ------------------------------------------------------------------------ */

#define TT_MAX_ENTRIES (1 << 22)
#define KEY_WORDS 5

typedef struct {          /* one cache line: a probe reads one line */
    u64 k[KEY_WORDS];
    int32_t lower, upper;
    int16_t best;
    uint32_t stamp;       /* the search that wrote it: a slot holds an entry of this search
                           * only if its stamp is this search's (tables are reused) */
    char pad[64 - KEY_WORDS * 8 - 16];
} Entry;

/* A zeroed table of ``slots`` entries on cache lines (on huge pages where the system has
 * them: the table is probed at random, so fewer TLB misses matter). */
static Entry *tt_alloc(size_t slots) {
    size_t bytes = slots * sizeof(Entry), align = bytes >= ((size_t)1 << 21) ? (size_t)1 << 21 : 64;
    Entry *tab = aligned_alloc(align, bytes);
    if (!tab) return NULL;
#ifdef MADV_HUGEPAGE
    if (align > 64) madvise(tab, bytes, MADV_HUGEPAGE);
#endif
    memset(tab, 0, bytes);
    return tab;
}

/* Tables kept between searches, one of each size up to 2^CACHE_MAX_LOG slots (64 MB), with
 * the highest stamp written into each: a fresh table costs the system a zeroed page at every
 * first touch, about a tenth of a bot's search time. Touched only with the GIL held. */
#define CACHE_MIN_LOG 12
#define CACHE_MAX_LOG 20
static struct { Entry *tab; uint32_t stamp; } cache[CACHE_MAX_LOG + 1];
static uint32_t last_stamp;

typedef struct {
    const Spec *sp;
    Entry *tab;
    uint32_t stamp;       /* this search's: slots with another stamp are empty */
    Entry *pool[CACHE_MAX_LOG + 1];    /* cached tables taken for this search's growth */
    size_t slots, count;
    long long nodes;
    int oom;
    int limit;            /* tricks after which the search stops (-1: none) */
    unsigned gen;         /* table rebuilds so far: an entry pointer from before is stale */
    size_t cap;           /* most entries the table holds */
} Ctx;

static inline int played(const St *st) {
    return st->tricks[0] + st->tricks[1] + st->tricks[2] + st->tricks[3];
}

/* The exact state a trick start's value depends on (without the points already written in
 * Jass, whose values are rewards from here on, unless the game target can end the deal). */
static void make_key(const Spec *sp, const St *st, u64 *k) {
    k[0] = st->hand[0] | (st->hand[1] << 36);
    k[1] = (st->hand[1] >> 28) | (st->hand[2] << 8) | (st->hand[3] << 44);
    k[2] = st->hand[3] >> 20;
    k[3] = 0; k[4] = 0;
    if (sp->fam == SCHNAPSEN) {
        k[2] |= (u64)st->drawn << 16 | (u64)st->trump_card << 20 | (u64)(st->closed_by + 1) << 26
              | (u64)(st->announced + 1) << 28 | (u64)st->may_claim << 31
              | (u64)st->final << 32 | (u64)st->to_act << 33;
        k[3] = (u64)st->cscore[0] | (u64)st->cscore[1] << 8 | (u64)st->ctricks[0] << 16
             | (u64)st->ctricks[1] << 20 | (u64)st->points[0] << 24 | (u64)st->points[1] << 32
             | (u64)st->tricks[0] << 40 | (u64)st->tricks[1] << 44;
        k[4] = (u64)st->marr[0] | (u64)st->marr[1] << 8;
    } else if (sp->fam == CONTRACT) {
        k[2] |= (u64)st->to_act << 16 | (u64)(st->announced + 1) << 18;
        for (int s = 0; s < 4; s++) {
            k[3] |= (u64)st->points[s] << (8 * s) | (u64)st->tricks[s] << (32 + 4 * s);
            k[4] |= (u64)st->marr[s] << (8 * s);
        }
    } else {
        k[2] |= (u64)st->to_act << 16 | (u64)(st->tricks[1] == 0) << 18
              | (u64)(st->tricks[0] == 0) << 19;
        if (sp->key_written) k[3] = (u64)(uint32_t)st->written[0] | (u64)st->written[1] << 32;
    }
}

static u64 key_hash(const u64 *k) {
    u64 h = 0x243F6A8885A308D3ULL;
    for (int i = 0; i < KEY_WORDS; i++) {
        h ^= k[i];
        h *= 0x9E3779B97F4A7C15ULL;
        h ^= h >> 29;
    }
    return h;
}

static Entry *tt_find(Ctx *c, const u64 *k) {
    size_t mask = c->slots - 1, i = (size_t)key_hash(k) & mask;
    while (c->tab[i].stamp == c->stamp) {
        const u64 *t = c->tab[i].k;
        if (t[0] == k[0] && t[1] == k[1] && t[2] == k[2] && t[3] == k[3] && t[4] == k[4])
            return &c->tab[i];
        i = (i + 1) & mask;
    }
    return NULL;
}

static int log2_of(size_t slots) { return lowest((u64)slots); }

/* A table of ``slots`` for this search: one taken from the cache for it, or a new one. */
static Entry *tt_take(Ctx *c, size_t slots) {
    int log = log2_of(slots);
    if (log <= CACHE_MAX_LOG && c->pool[log]) {
        Entry *tab = c->pool[log];
        c->pool[log] = NULL;
        return tab;
    }
    return tt_alloc(slots);
}

/* A table this search no longer needs: kept for a later search if that size is free. */
static void tt_give(Ctx *c, Entry *tab, size_t slots) {
    int log = log2_of(slots);
    if (log <= CACHE_MAX_LOG && !c->pool[log]) c->pool[log] = tab;
    else free(tab);
}

static int tt_grow(Ctx *c) {
    size_t slots = c->slots * 2;
    Entry *tab = tt_take(c, slots);
    if (!tab) return -1;
    for (size_t j = 0; j < c->slots; j++) {
        if (c->tab[j].stamp != c->stamp) continue;
        size_t i = (size_t)key_hash(c->tab[j].k) & (slots - 1);
        while (tab[i].stamp == c->stamp) i = (i + 1) & (slots - 1);
        tab[i] = c->tab[j];
    }
    tt_give(c, c->tab, c->slots);
    c->tab = tab;
    c->slots = slots;
    c->gen++;
    return 0;
}

/* Cards still in hands in a key (its first 144 bits are the four hands). */
static inline int key_cards(const u64 *k) {
    return popcount(k[0]) + popcount(k[1]) + popcount(k[2] & 0xFFFF);
}

/* A full table drops its deepest positions, cheapest to search again: the entries with the
 * fewest cards in hands, level by level until at least a quarter of the limit is gone (a
 * rule over the set of keys, so both paths drop the same entries). */
static int tt_purge(Ctx *c) {
    size_t levels[37] = {0}, need = c->cap / 4 ? c->cap / 4 : 1, total = 0;
    int deepest = 36;
    for (size_t j = 0; j < c->slots; j++)
        if (c->tab[j].stamp == c->stamp) levels[key_cards(c->tab[j].k)]++;
    for (int n = 0; n <= 36; n++) {
        total += levels[n];
        if (total >= need) { deepest = n; break; }
    }
    size_t mask = c->slots - 1, empty = 0;
    for (size_t j = 0; j < c->slots; j++)
        if (c->tab[j].stamp == c->stamp && key_cards(c->tab[j].k) <= deepest) {
            c->tab[j].stamp = 0;
            c->count--;
        }
    while (c->tab[empty].stamp == c->stamp) empty++;
    /* in place: from an empty slot round the table, each entry probes again from its hash */
    for (size_t step = 1; step <= c->slots; step++) {
        size_t j = (empty + step) & mask;
        if (c->tab[j].stamp != c->stamp) continue;
        Entry moved = c->tab[j];
        c->tab[j].stamp = 0;
        size_t i = (size_t)key_hash(moved.k) & mask;
        while (c->tab[i].stamp == c->stamp) i = (i + 1) & mask;
        c->tab[i] = moved;
    }
    c->gen++;
    return 0;
}

/* Store a bound; a full table (``cap`` entries, TT_MAX_ENTRIES unless a caller asks for
 * fewer) first drops its deepest positions (tt_purge), on both paths. */
static void tt_store(Ctx *c, const u64 *k, int g, int alpha, int beta, int best, Entry *e) {
    if (!e) e = tt_find(c, k);
    if (!e) {
        if (c->count >= c->cap && tt_purge(c) < 0) { c->oom = 1; return; }
        if (c->count >= c->cap) return;
        if ((c->count + 1) * 2 > c->slots && tt_grow(c) < 0) { c->oom = 1; return; }
        size_t mask = c->slots - 1, i = (size_t)key_hash(k) & mask;
        while (c->tab[i].stamp == c->stamp) i = (i + 1) & mask;
        e = &c->tab[i];
        memcpy(e->k, k, sizeof e->k);
        e->lower = -INF; e->upper = INF; e->stamp = c->stamp;
        c->count++;
    }
    if (g <= alpha) e->upper = g;
    else if (g >= beta) e->lower = g;
    else e->lower = e->upper = g;
    e->best = (int16_t)best;
}

/* Cards of one suit with equal points and no card between them outside the mover's hand
 * and the cards already gone are interchangeable: only the lowest id of such a class is
 * searched (equivalent-card pruning). */
static int equivalent(const Spec *sp, const St *st, int a, int b) {
    if (suit_of(a) != suit_of(b) || sp->cpts[a] != sp->cpts[b]) return 0;
    int lo = sp->strength[a] < sp->strength[b] ? sp->strength[a] : sp->strength[b];
    int hi = sp->strength[a] < sp->strength[b] ? sp->strength[b] : sp->strength[a];
    u64 outside = suit_mask(suit_of(a)) & ~(st->hand[st->to_act] | st->gone);
    for (u64 m = outside; m; m &= m - 1) {
        int s = sp->strength[lowest(m)];
        if (s > lo && s < hi) return 0;
    }
    return 1;
}

/* Ordering score, higher first: the table's best move, claims, marriages, then cards (on lead
 * the strongest, in second hand or later the cheapest card that takes the trick, else the
 * cheapest discard). */
static int move_score(const Spec *sp, const St *st, int move, int ttbest) {
    if (move == ttbest) return 1000000;
    if (move >= 36) {
        if (move == CLAIM) return 500000;
        if (move < MARRIAGE_BASE + 4) return 450000;
        if (move == EXCHANGE) return 440000;
        if (move == CLOSE) return 100;
        return 0;
    }
    if (!st->ntrick) {      /* a lead: first the cards no other hand can beat in their suit */
        u64 others = 0;
        for (int i = 0; i < sp->nseats; i++) if (i != st->to_act) others |= st->hand[i];
        int master = !(others & sp->above[move]);
        return (master ? 2000 : 1000) + 10 * sp->strength[move] + sp->cpts[move];
    }
    int cards[4];
    for (int i = 0; i < st->ntrick; i++) cards[i] = st->trick[i];
    int now = st->tseat[trick_winner(sp, cards, st->ntrick)];
    int partner_wins = (sp->maxmask >> now & 1) == (sp->maxmask >> st->to_act & 1);
    cards[st->ntrick] = move;
    int wins = trick_winner(sp, cards, st->ntrick + 1) == st->ntrick;
    if (partner_wins && !wins) return 4000 + 10 * sp->cpts[move] - sp->strength[move];
    if (wins) return 3000 - 10 * sp->strength[move] + (suit_of(move) == sp->trump ? 0 : 50);
    return 1000 - 10 * sp->cpts[move] - sp->strength[move];
}

/* Jass: what both teams can still write from here (cards, last trick, Match, Stöck, Weis
 * still to come), times the factor; the future difference lies within plus or minus this. */
static int j_reach(const Spec *sp, const St *st) {
    int total = 5;
    u64 held = st->hand[0] | st->hand[1] | st->hand[2] | st->hand[3];
    for (int suit = 0; suit < 4; suit++) total += sp->suit_points[suit][held >> (9 * suit) & 511];
    for (int i = 0; i < st->ntrick; i++) total += sp->cpts[st->trick[i]];
    if (st->tricks[0] == 0 || st->tricks[1] == 0) total += sp->match_bonus;
    if (sp->stoeck_holder >= 0 && (st->hand[sp->stoeck_holder] & sp->stoeck_pair)) total += 20;
    if (sp->weis_team >= 0 && st->tricks[0] + st->tricks[1] == 0) total += sp->weis_raw;
    return total * sp->factor;
}

static int order_moves(const Spec *sp, const St *st, int *moves, int n, int ttbest) {
    int kept[MAXMOVES], scores[MAXMOVES], k = 0;
    for (int i = 0; i < n; i++) {
        int m = moves[i], skip = 0;
        if (m < 36)
            for (int j = 0; j < k && !skip; j++)
                if (kept[j] < 36 && equivalent(sp, st, kept[j], m)) skip = 1;
        if (!skip) kept[k++] = m;
    }
    for (int i = 0; i < k; i++) scores[i] = move_score(sp, st, kept[i], ttbest);
    for (int i = 1; i < k; i++) {        /* stable insertion sort, higher score first */
        int m = kept[i], s = scores[i], j = i - 1;
        while (j >= 0 && scores[j] < s) { kept[j + 1] = kept[j]; scores[j + 1] = scores[j]; j--; }
        kept[j + 1] = m; scores[j + 1] = s;
    }
    memcpy(moves, kept, sizeof(int) * (size_t)k);
    return k;
}

static int alphabeta(Ctx *c, St *st, int alpha, int beta) {
    const Spec *sp = c->sp;
    c->nodes++;
    if (st->done) return 0;
    int boundary = st->ntrick == 0, ttbest = -1;
    if (boundary && c->limit >= 0 && played(st) >= c->limit) return 0;   /* the horizon */
    u64 key[KEY_WORDS];
    Entry *found = NULL;
    unsigned gen = 0;
    if (boundary) {
        make_key(sp, st, key);
        Entry *e = found = tt_find(c, key);
        gen = c->gen;
        if (e) {
            if (e->lower >= beta) return e->lower;
            if (e->upper <= alpha) return e->upper;
            if (e->lower > alpha) alpha = e->lower;
            if (e->upper < beta) beta = e->upper;
            ttbest = e->best;
        }
    }
    if (sp->fam == JASS) {
        int reach = j_reach(sp, st);
        if (reach <= alpha) return reach;
        if (-reach >= beta) return -reach;
    }
    int moves[MAXMOVES];
    int n = order_moves(sp, st, moves, legal(sp, st, moves), ttbest);
    int maxing = sp->maxmask >> st->to_act & 1;
    int g = maxing ? -INF : INF, best = moves[0], a = alpha, b = beta;
    for (int i = 0; i < n; i++) {
        St saved = *st;
        int r = apply(sp, st, moves[i]);
        int v = r + alphabeta(c, st, a - r, b - r);
        *st = saved;
        if (maxing) {
            if (v > g) { g = v; best = moves[i]; }
            if (g > a) a = g;
            if (g >= beta) break;
        } else {
            if (v < g) { g = v; best = moves[i]; }
            if (g < b) b = g;
            if (g <= alpha) break;
        }
    }
    if (boundary) tt_store(c, key, g, alpha, beta, best, c->gen == gen ? found : NULL);
    return g;
}

/* The values a search from here can return lie within plus or minus this bound. */
static int value_bound(const Spec *sp, const St *st) {
    if (sp->fam == JASS) return j_reach(sp, st);
    if (sp->fam == SCHNAPSEN) return 3;
    return sp->cvalue > 3 * sp->factor ? sp->cvalue : 3 * sp->factor;
}

/* MTD with bisection: null-window searches at the middle of the interval known to hold the
 * value; each fail-soft answer narrows it to the exact value (a first guess that creeps by a
 * point per pass, as MTD(f) does over Jass's wide point range, costs far more passes). */
static int mtd(Ctx *c, St *st) {
    int lo = -value_bound(c->sp, st), hi = -lo;
    while (lo < hi) {
        int beta = lo + (hi - lo + 1) / 2;
        int g = alphabeta(c, st, beta - 1, beta);
        if (g < beta) hi = g; else lo = g;
    }
    return lo;
}

/* Each legal move's exact value (for the max side, from here on), in legal order. */
static int analyze(Ctx *c, St *st, int *moves, int *values) {
    int n = legal(c->sp, st, moves);
    for (int i = 0; i < n; i++) {
        St saved = *st;
        int r = apply(c->sp, st, moves[i]);
        values[i] = r + (st->done ? 0 : mtd(c, st));
        *st = saved;
    }
    return n;
}

static int best_index(const Spec *sp, const St *st, const int *values, int n) {
    int maxing = sp->maxmask >> st->to_act & 1, best = 0;
    for (int i = 1; i < n; i++)
        if (maxing ? values[i] > values[best] : values[i] < values[best]) best = i;
    return best;
}

/* The search's tables back to the cache (with the GIL held again), or freed. */
static void ctx_free(Ctx *c) {
    if (c->tab) tt_give(c, c->tab, c->slots);
    for (int log = CACHE_MIN_LOG; log <= CACHE_MAX_LOG; log++) {
        if (!c->pool[log]) continue;
        if (cache[log].tab) free(c->pool[log]);
        else { cache[log].tab = c->pool[log]; cache[log].stamp = c->stamp; }
    }
}

static int ctx_init(Ctx *c, const Spec *sp, const St *root, int horizon, long cap) {
    if (cap < 1 || cap > TT_MAX_ENTRIES) {
        PyErr_Format(PyExc_ValueError, "table size must be 1 to %d entries", TT_MAX_ENTRIES);
        return -1;
    }
    memset(c, 0, sizeof *c);
    c->cap = (size_t)cap;
    c->sp = sp;
    c->limit = horizon < 0 ? -1 : played(root) + horizon;
    if (++last_stamp == 0) last_stamp = 1;          /* wrapped: cleared below */
    c->stamp = last_stamp;
    for (int log = CACHE_MIN_LOG; log <= CACHE_MAX_LOG; log++) {   /* with the GIL held */
        Entry *tab = cache[log].tab;
        if (!tab) continue;
        if (cache[log].stamp >= c->stamp) memset(tab, 0, sizeof(Entry) << log);
        c->pool[log] = tab;
        cache[log].tab = NULL;
    }
    c->slots = (size_t)1 << CACHE_MIN_LOG;
    c->tab = tt_take(c, c->slots);
    if (!c->tab) { ctx_free(c); PyErr_NoMemory(); return -1; }
    return 0;
}

/* ---- information-set MCTS (stich.search.ismcts: the same search, step for step) -------- */

/* A fresh table for the next solve of the same search: the entries of the solves before
 * carry older stamps, so they read as empty (as a new search's table would). */
static void ctx_renew(Ctx *c, const Spec *sp) {
    c->sp = sp;
    c->count = 0;
    c->gen++;
    if (++c->stamp == 0) {   /* wrapped: every table of this search is cleared */
        memset(c->tab, 0, sizeof(Entry) * c->slots);
        for (int log = CACHE_MIN_LOG; log <= CACHE_MAX_LOG; log++)
            if (c->pool[log]) memset(c->pool[log], 0, sizeof(Entry) << log);
        c->stamp = 1;
    }
}

typedef struct { int move, visits, available, next, child; double total; } IEdge;
typedef struct { u64 seen; int node, next; } IChild;
typedef struct {
    IEdge *edges; int nedges, capedges;
    IChild *children; int nchildren, capchildren;
    int *first; int nnodes, capnodes;     /* each node's first edge (-1: none) */
} Tree;

static int grow(void **buf, int *cap, size_t size) {
    int want = *cap ? *cap * 2 : 256;
    void *p = realloc(*buf, size * (size_t)want);
    if (!p) return -1;
    *buf = p; *cap = want;
    return 0;
}

static int tree_node(Tree *t) {
    if (t->nnodes == t->capnodes && grow((void **)&t->first, &t->capnodes, sizeof(int)) < 0)
        return -1;
    t->first[t->nnodes] = -1;
    return t->nnodes++;
}

/* The edge of ``move`` from ``node``, made if it is new (-1: no memory). */
static int tree_edge(Tree *t, int node, int move) {
    for (int e = t->first[node]; e >= 0; e = t->edges[e].next)
        if (t->edges[e].move == move) return e;
    if (t->nedges == t->capedges && grow((void **)&t->edges, &t->capedges, sizeof(IEdge)) < 0)
        return -1;
    IEdge *e = &t->edges[t->nedges];
    e->move = move; e->visits = 0; e->available = 0; e->total = 0.0; e->child = -1;
    e->next = t->first[node];
    t->first[node] = t->nedges;
    return t->nedges++;
}

/* The node after ``edge`` where the searching seat holds ``seen``, made if it is new. */
static int tree_child(Tree *t, int edge, u64 seen) {
    for (int c = t->edges[edge].child; c >= 0; c = t->children[c].next)
        if (t->children[c].seen == seen) return t->children[c].node;
    int node = tree_node(t);
    if (node < 0) return -1;
    if (t->nchildren == t->capchildren
        && grow((void **)&t->children, &t->capchildren, sizeof(IChild)) < 0) return -1;
    IChild *c = &t->children[t->nchildren];
    c->seen = seen; c->node = node; c->next = t->edges[edge].child;
    t->edges[edge].child = t->nchildren++;
    return node;
}

static void tree_free(Tree *t) { free(t->edges); free(t->children); free(t->first); }

#define MAX_UTILITY 63

typedef struct {
    int seat, mode, playouts, jass_cards, base;
    double exploration, scale;
    int uspan;                       /* -1: the leaf's value / scale; else the table's half width */
    double utility[MAX_UTILITY];     /* a leaf's value v (rounded, clamped) is utility[v + uspan] */
    u64 rng;
    long long nodes;
    Ctx ctx;
} Search;

enum { LEAF_ROLLOUT, LEAF_PLAYOUTS };

/* Whether the solver takes the rest of the deal (ismcts.small). */
static int small_rest(const Spec *sp, const St *st, int jass_cards) {
    if (sp->fam == SCHNAPSEN) return st->closed_by >= 0 || st->drawn >= 10;
    if (sp->fam == JASS) {
        for (int s = 0; s < 4; s++) if (popcount(st->hand[s]) > jass_cards) return 0;
        return 1;
    }
    return 1;
}

/* UCB among the moves legal in this world (ismcts.Ismcts._select); -1: no memory. */
static int select_edge(Search *s, Tree *t, int node, const int *moves, int n) {
    int idx[MAXMOVES], fresh[MAXMOVES], nf = 0;
    for (int i = 0; i < n; i++) {
        if ((idx[i] = tree_edge(t, node, moves[i])) < 0) return -1;
        t->edges[idx[i]].available++;
        if (t->edges[idx[i]].visits == 0) fresh[nf++] = idx[i];
    }
    if (nf) return fresh[splitmix(&s->rng) % (u64)nf];
    int best = idx[0];
    double best_score = -1e300;
    for (int i = 0; i < n; i++) {
        const IEdge *e = &t->edges[idx[i]];
        double score = e->total / e->visits
                     + s->exploration * sqrt(log((double)e->available) / e->visits);
        if (score > best_score) { best = idx[i]; best_score = score; }
    }
    return best;
}

/* The leaf's value for the max side from the root's written points on (ismcts._leaf). */
static double leaf_value(Search *s, const Spec *sp, St *st) {
    int moves[MAXMOVES], n;
    if (s->mode == LEAF_PLAYOUTS && !small_rest(sp, st, s->jass_cards)) {
        long long total = playouts(sp, st, splitmix(&s->rng), s->playouts, &s->nodes);
        return (double)(running(sp, st) - s->base) + (double)total / (double)s->playouts;
    }
    while (!small_rest(sp, st, s->jass_cards) && (n = legal(sp, st, moves)) > 0) {
        int kept[MAXMOVES], k = 0;
        for (int i = 0; i < n; i++) if (moves[i] != CLAIM && moves[i] != CLOSE) kept[k++] = moves[i];
        const int *from = k ? kept : moves;
        apply(sp, st, from[splitmix(&s->rng) % (u64)(k ? k : n)]);
        s->nodes++;
    }
    if (!legal(sp, st, moves)) return (double)(running(sp, st) - s->base);
    ctx_renew(&s->ctx, sp);
    s->ctx.nodes = 0;
    int value = mtd(&s->ctx, st);
    s->nodes += s->ctx.nodes;
    return (double)(running(sp, st) - s->base + value);
}

/* One iteration in a world (ismcts.Ismcts.iterate); -1: no memory. With one tree (``ntrees``
 * 1) every move is chosen in the searching seat's tree and its nodes are keyed by that seat's
 * hand (single observer); with one tree a seat (``ntrees`` = seats), each move is chosen in
 * the tree of the seat that moves, and every seat's tree follows it, its nodes keyed by that
 * seat's own hand (multiple observers). */
static int iterate(Search *s, Tree *trees, int ntrees, const Spec *sp, const St *world) {
    St st = *world;
    int node[4] = {0, 0, 0, 0}, path[4][512], sign[512], len = 0, moves[MAXMOVES], n;
    while (len < 512 && (n = legal(sp, &st, moves)) > 0) {
        int actor = st.to_act, chooser = ntrees == 1 ? 0 : actor;
        int e = select_edge(s, &trees[chooser], node[chooser], moves, n);
        if (e < 0) return -1;
        int move = trees[chooser].edges[e].move, fresh = trees[chooser].edges[e].visits == 0;
        for (int k = 0; k < ntrees; k++) {
            path[k][len] = k == chooser ? e : tree_edge(&trees[k], node[k], move);
            if (path[k][len] < 0) return -1;
        }
        apply(sp, &st, move);
        s->nodes++;
        sign[len] = sp->maxmask >> actor & 1 ? 1 : -1;
        len++;
        if (fresh) break;
        for (int k = 0; k < ntrees; k++) {
            u64 seen = st.hand[ntrees == 1 ? s->seat : k];
            if ((node[k] = tree_child(&trees[k], path[k][len - 1], seen)) < 0) return -1;
        }
    }
    double value = leaf_value(s, sp, &st);
    if (s->uspan < 0) value /= s->scale;
    else {
        long v = lround(value);
        if (v < -s->uspan) v = -s->uspan;
        if (v > s->uspan) v = s->uspan;
        value = s->utility[v + s->uspan];
    }
    if (s->ctx.oom) return -1;
    for (int k = 0; k < ntrees; k++)
        for (int i = 0; i < len; i++) {
            trees[k].edges[path[k][i]].visits++;
            trees[k].edges[path[k][i]].total += sign[i] * value;
        }
    return 0;
}

static PyObject *k_ismcts(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *list;
    Search s;
    unsigned long long seed;
    long long budget, max_iterations;
    int multiple = 0;
    PyObject *utility = Py_None;
    memset(&s, 0, sizeof s);
    if (!PyArg_ParseTuple(args, "O!iKLLddiiii|pO", &PyList_Type, &list, &s.seat, &seed, &budget,
                          &max_iterations, &s.exploration, &s.scale, &s.base, &s.mode,
                          &s.playouts, &s.jass_cards, &multiple, &utility))
        return NULL;
    s.uspan = -1;
    if (utility != Py_None) {
        PyObject *fast = PySequence_Fast(utility, "ismcts: utility must be a sequence of numbers");
        if (!fast) return NULL;
        Py_ssize_t width = PySequence_Fast_GET_SIZE(fast);
        if (width < 1 || width > MAX_UTILITY || width % 2 == 0) {
            Py_DECREF(fast);
            PyErr_SetString(PyExc_ValueError, "ismcts: utility must hold an odd number of "
                            "values, at most 63 (values -k..k)");
            return NULL;
        }
        for (Py_ssize_t i = 0; i < width; i++) {
            s.utility[i] = PyFloat_AsDouble(PySequence_Fast_GET_ITEM(fast, i));
            if (s.utility[i] == -1.0 && PyErr_Occurred()) { Py_DECREF(fast); return NULL; }
        }
        Py_DECREF(fast);
        s.uspan = (int)(width / 2);
    }
    Py_ssize_t count = PyList_GET_SIZE(list);
    if (count < 1 || s.seat < 0 || s.seat > 3 || s.playouts < 1 || s.scale <= 0) {
        PyErr_SetString(PyExc_ValueError, "ismcts: at least one world, a seat 0-3, "
                        "playouts >= 1 and a positive scale");
        return NULL;
    }
    Spec *specs = malloc(sizeof(Spec) * (size_t)count);
    St *worlds = malloc(sizeof(St) * (size_t)count);
    if (!specs || !worlds) { free(specs); free(worlds); return PyErr_NoMemory(); }
    for (Py_ssize_t i = 0; i < count; i++)
        if (parse(PyList_GET_ITEM(list, i), &specs[i], &worlds[i]) < 0) {
            free(specs); free(worlds); return NULL;
        }
    if (ctx_init(&s.ctx, &specs[0], &worlds[0], -1, TT_MAX_ENTRIES) < 0) {
        free(specs); free(worlds); return NULL;
    }
    s.rng = seed;
    Tree trees[4];
    memset(trees, 0, sizeof trees);
    int ntrees = multiple ? specs[0].nseats : 1, failed = 0;
    for (int k = 0; k < ntrees; k++) failed |= tree_node(&trees[k]) < 0;
    Tree *mine = &trees[ntrees == 1 ? 0 : s.seat];
    long long iterations = 0;
    Py_BEGIN_ALLOW_THREADS
    while (!failed && (iterations == 0 || (s.nodes < budget && iterations < max_iterations))) {
        Py_ssize_t w = (Py_ssize_t)(iterations % count);
        iterations++;
        failed = iterate(&s, trees, ntrees, &specs[w], &worlds[w]) < 0;
    }
    Py_END_ALLOW_THREADS
    if (s.ctx.stamp > last_stamp) last_stamp = s.ctx.stamp;
    ctx_free(&s.ctx);
    free(specs); free(worlds);
    PyObject *root = failed ? NULL : PyList_New(0);
    for (int e = failed ? -1 : mine->first[0]; e >= 0 && root; e = mine->edges[e].next) {
        PyObject *item = Py_BuildValue("(iid)", mine->edges[e].move, mine->edges[e].visits,
                                       mine->edges[e].total);
        if (!item || PyList_Append(root, item) < 0) { Py_XDECREF(item); Py_CLEAR(root); }
        else Py_DECREF(item);
    }
    for (int k = 0; k < 4; k++) tree_free(&trees[k]);
    if (failed) return PyErr_NoMemory();
    if (!root) return NULL;
    return Py_BuildValue("(NLL)", root, iterations, s.nodes);
}

/* ---- Python bindings ------------------------------------------------------------------- */

static PyObject *moves_list(const int *moves, int n) {
    PyObject *out = PyList_New(n);
    if (!out) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(out, i, PyLong_FromLong(moves[i]));
    return out;
}

static int is_legal(const Spec *sp, const St *st, int move) {
    int moves[MAXMOVES], n = legal(sp, st, moves);
    for (int i = 0; i < n; i++) if (moves[i] == move) return 1;
    return 0;
}

static PyObject *k_legal(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "O", &obj) || parse(obj, &sp, &st) < 0) return NULL;
    int moves[MAXMOVES];
    return moves_list(moves, legal(&sp, &st, moves));
}

static PyObject *k_apply(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    int move;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &move) || parse(obj, &sp, &st) < 0) return NULL;
    if (!is_legal(&sp, &st, move)) {
        PyErr_Format(PyExc_ValueError, "move %d is not legal in this state", move);
        return NULL;
    }
    int reward = apply(&sp, &st, move);
    PyObject *state = serialize(obj, &st);
    if (!state) return NULL;
    return Py_BuildValue("(Ni)", state, reward);
}

static PyObject *k_playout(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    unsigned long long seed;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "OK", &obj, &seed) || parse(obj, &sp, &st) < 0) return NULL;
    int trace[512], len = 0, total = 0, moves[MAXMOVES], n;
    u64 rng = seed;
    while ((n = legal(&sp, &st, moves)) > 0 && len < 512) {
        int m = moves[splitmix(&rng) % (u64)n];
        trace[len++] = m;
        total += apply(&sp, &st, m);
    }
    PyObject *list = moves_list(trace, len);
    if (!list) return NULL;
    return Py_BuildValue("(Ni)", list, total);
}

static PyObject *k_playouts(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    unsigned long long seed;
    long long count;
    Spec sp; St root;
    if (!PyArg_ParseTuple(args, "OKL", &obj, &seed, &count) || parse(obj, &sp, &root) < 0)
        return NULL;
    long long played = 0, total;
    Py_BEGIN_ALLOW_THREADS
    total = playouts(&sp, &root, seed, count, &played);
    Py_END_ALLOW_THREADS
    return Py_BuildValue("(LL)", played, total);
}

static long long perft(const Spec *sp, St *st, int depth) {
    int moves[MAXMOVES], n = legal(sp, st, moves);
    if (depth == 0 || n == 0) return 1;
    long long total = 0;
    for (int i = 0; i < n; i++) {
        St saved = *st;
        apply(sp, st, moves[i]);
        total += perft(sp, st, depth - 1);
        *st = saved;
    }
    return total;
}

static PyObject *k_perft(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    int depth;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "Oi", &obj, &depth) || parse(obj, &sp, &st) < 0) return NULL;
    if (depth < 0 || depth > 64) {
        PyErr_SetString(PyExc_ValueError, "perft depth must be 0 to 64");
        return NULL;
    }
    long long count;
    Py_BEGIN_ALLOW_THREADS
    count = perft(&sp, &st, depth);
    Py_END_ALLOW_THREADS
    return PyLong_FromLongLong(count);
}

static PyObject *k_analyze(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    long cap = TT_MAX_ENTRIES;
    int horizon = -1;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "O|il", &obj, &horizon, &cap) || parse(obj, &sp, &st) < 0) return NULL;
    Ctx c;
    if (ctx_init(&c, &sp, &st, horizon, cap) < 0) return NULL;
    int moves[MAXMOVES], values[MAXMOVES], n;
    Py_BEGIN_ALLOW_THREADS
    n = analyze(&c, &st, moves, values);
    Py_END_ALLOW_THREADS
    ctx_free(&c);
    if (c.oom) return PyErr_NoMemory();
    PyObject *pairs = PyList_New(n);
    if (!pairs) return NULL;
    for (int i = 0; i < n; i++) PyList_SET_ITEM(pairs, i, Py_BuildValue("(ii)", moves[i], values[i]));
    return Py_BuildValue("(NL)", pairs, c.nodes);
}

/* The exact value (for the max side, from here on) without the moves' values. */
static PyObject *k_solve(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    long cap = TT_MAX_ENTRIES;
    int horizon = -1, value;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "O|il", &obj, &horizon, &cap) || parse(obj, &sp, &st) < 0) return NULL;
    Ctx c;
    if (ctx_init(&c, &sp, &st, horizon, cap) < 0) return NULL;
    Py_BEGIN_ALLOW_THREADS
    value = st.done ? 0 : mtd(&c, &st);
    Py_END_ALLOW_THREADS
    ctx_free(&c);
    if (c.oom) return PyErr_NoMemory();
    return Py_BuildValue("(iL)", value, c.nodes);
}

/* The principal line: each step's analysis (one table for the whole line), then its best. */
static PyObject *k_line(PyObject *Py_UNUSED(self), PyObject *args) {
    PyObject *obj;
    Spec sp; St st;
    if (!PyArg_ParseTuple(args, "O", &obj) || parse(obj, &sp, &st) < 0) return NULL;
    Ctx c;
    if (ctx_init(&c, &sp, &st, -1, TT_MAX_ENTRIES) < 0) return NULL;
    int line[512], values[512], len = 0;
    Py_BEGIN_ALLOW_THREADS
    int moves[MAXMOVES], vals[MAXMOVES], n;
    while (len < 512 && (n = analyze(&c, &st, moves, vals)) > 0) {
        int b = best_index(&sp, &st, vals, n);
        line[len] = moves[b]; values[len] = vals[b]; len++;
        apply(&sp, &st, moves[b]);
    }
    Py_END_ALLOW_THREADS
    ctx_free(&c);
    if (c.oom) return PyErr_NoMemory();
    PyObject *pairs = PyList_New(len);
    if (!pairs) return NULL;
    for (int i = 0; i < len; i++) PyList_SET_ITEM(pairs, i, Py_BuildValue("(ii)", line[i], values[i]));
    return Py_BuildValue("(NL)", pairs, c.nodes);
}

/* The tables kept between searches: (the last search's stamp, [log2 slots of each kept table]);
 * ``stamp`` sets the last stamp (the tests run searches across its wrap to 0). */
static PyObject *k_tables(PyObject *Py_UNUSED(self), PyObject *args) {
    long long stamp = -1;
    if (!PyArg_ParseTuple(args, "|L", &stamp)) return NULL;
    if (stamp > (long long)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "stamp must be below 2**32");
        return NULL;
    }
    if (stamp >= 0) last_stamp = (uint32_t)stamp;
    PyObject *sizes = PyList_New(0);
    if (!sizes) return NULL;
    for (int log = CACHE_MIN_LOG; log <= CACHE_MAX_LOG; log++) {
        if (!cache[log].tab) continue;
        PyObject *n = PyLong_FromLong(log);
        if (!n || PyList_Append(sizes, n) < 0) { Py_XDECREF(n); Py_DECREF(sizes); return NULL; }
        Py_DECREF(n);
    }
    return Py_BuildValue("(kN)", (unsigned long)last_stamp, sizes);
}

static PyMethodDef methods[] = {
    {"legal", k_legal, METH_VARARGS, "legal(state) -> move ids in the engine's order"},
    {"apply", k_apply, METH_VARARGS, "apply(state, move) -> (state, reward)"},
    {"playout", k_playout, METH_VARARGS, "playout(state, seed) -> (moves, value)"},
    {"playouts", k_playouts, METH_VARARGS, "playouts(state, seed, count) -> (moves, value sum)"},
    {"perft", k_perft, METH_VARARGS, "perft(state, depth) -> move sequences (ended deals: 1)"},
    {"analyze", k_analyze, METH_VARARGS, "analyze(state, horizon=-1, table=TT_MAX_ENTRIES) -> ([(move, value)], nodes)"},
    {"solve", k_solve, METH_VARARGS, "solve(state, horizon=-1, table=TT_MAX_ENTRIES) -> (value, nodes)"},
    {"line", k_line, METH_VARARGS, "line(state) -> ([(move, value)], nodes): principal line"},
    {"ismcts", k_ismcts, METH_VARARGS, "ismcts(worlds, seat, seed, nodes, max_iterations, exploration, scale, base, leaf, playouts, jass_cards, multiple=False, utility=None) -> ([(move, visits, total)], iterations, nodes)"},
    {"tables", k_tables, METH_VARARGS, "tables(stamp=-1) -> (last stamp, [log2 slots of the kept tables])"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_kernel", "Native card-play kernel and solver (stich.search).", -1,
    methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__kernel(void) {
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    if (PyModule_AddStringConstant(m, "FIELDS", FIELD_NAMES) < 0
        || PyModule_AddIntConstant(m, "TT_MAX_ENTRIES", TT_MAX_ENTRIES) < 0
        || PyModule_AddIntConstant(m, "INF", INF) < 0) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
