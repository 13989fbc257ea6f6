/* The C library's test, written from the header alone: solve every
 * position of an FFO file and check its score (and, for the first three,
 * every move's), stop a long solve from a second thread, and check that bad
 * input gets an error code and a message.
 *
 * usage: solve_ffo FFO-1-19.obf */
#include "othello_solver.h"

#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static int failures = 0;

#define CHECK(cond, ...)                        \
    do {                                        \
        if (!(cond)) {                          \
            fprintf(stderr, "FAIL %s:%d: ", __FILE__, __LINE__); \
            fprintf(stderr, __VA_ARGS__);       \
            fprintf(stderr, "\n");              \
            failures++;                         \
        }                                       \
    } while (0)

/* The score an FFO line gives its move "XX" (square index), or -100. */
static int listed_score(const char *line, int square) {
    char name[3] = {(char)('A' + square % 8), (char)('1' + square / 8), 0};
    const char *p = strchr(line, ';');
    while (p && *p) {
        while (*p == ';' || *p == ' ') p++;
        if (strncmp(p, name, 2) == 0 && p[2] == ':') return (int)strtol(p + 3, NULL, 10);
        p = strchr(p, ';');
    }
    return -100;
}

/* The best score an FFO line lists (its first move's). */
static int best_listed(const char *line) {
    const char *p = strchr(line, ':');
    return p ? (int)strtol(p + 1, NULL, 10) : -100;
}

static int solve_file(OsEngine *engine, const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) {
        fprintf(stderr, "cannot open %s\n", path);
        return -1;
    }
    char line[512];
    int n = 0;
    while (fgets(line, sizeof line, f)) {
        if (line[0] == '%' || line[0] == '\n') continue;
        line[strcspn(line, "\r\n")] = 0;
        OsPosition pos;
        int rc = os_position_parse(line, &pos);
        CHECK(rc == OS_OK, "parse %s: %s", line, os_last_error());
        if (rc != OS_OK) continue;
        OsQuestion q;
        memset(&q, 0, sizeof q); /* exact, no limits */
        q.all_moves = n < 3;
        OsResult r;
        rc = os_solve(engine, &pos, &q, &r);
        CHECK(rc == OS_OK, "solve %d: %s", n + 1, os_last_error());
        int want = best_listed(line);
        CHECK(r.status == OS_SOLVED && r.score == want && r.lower == want && r.upper == want,
              "position %d: status %d score %d, want %d", n + 1, r.status, r.score, want);
        CHECK(r.best_move_count >= 1 && listed_score(line, r.best_moves[0]) == want,
              "position %d: best move %d does not reach %d", n + 1, r.best_moves[0], want);
        if (q.all_moves) {
            uint64_t legal = 0;
            os_position_legal_moves(&pos, &legal);
            CHECK(r.move_count == (uint32_t)__builtin_popcountll(legal), "position %d: %u moves valued",
                  n + 1, r.move_count);
            for (uint32_t i = 0; i < r.move_count; i++) {
                int s = listed_score(line, r.moves[i].square);
                CHECK(r.moves[i].lower == s && r.moves[i].upper == s,
                      "position %d: move %d valued [%d, %d], listed %d", n + 1, r.moves[i].square,
                      r.moves[i].lower, r.moves[i].upper, s);
            }
        }
        printf("position %2d: %+3d (%s), best square %2d, %llu nodes, %.3f s\n", n + 1, r.score,
               r.score == want ? "ok" : "WRONG", r.best_moves[0], (unsigned long long)r.nodes, r.time_s);
        n++;
    }
    fclose(f);
    return n;
}

struct long_solve {
    OsEngine *engine;
    OsPosition position;
    OsResult result;
    int rc;
};

static void *solve_thread(void *arg) {
    struct long_solve *s = arg;
    OsQuestion q;
    memset(&q, 0, sizeof q);
    s->rc = os_solve(s->engine, &s->position, &q, &s->result);
    return NULL;
}

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + 1e-9 * (double)t.tv_nsec;
}

/* An exact solve at 50 empties, which would run for years. */
static void stop_from_another_thread(OsEngine *engine) {
    struct long_solve s;
    memset(&s, 0, sizeof s);
    s.engine = engine;
    CHECK(os_position_parse("f5d6c3d3c4f4f6f3e6e7", &s.position) == OS_OK, "parse: %s",
          os_last_error());
    double start = now();
    pthread_t t;
    CHECK(pthread_create(&t, NULL, solve_thread, &s) == 0, "pthread_create");
    struct timespec pause = {0, 300 * 1000 * 1000};
    nanosleep(&pause, NULL);
    CHECK(os_engine_stop(engine) == OS_OK, "stop: %s", os_last_error());
    pthread_join(t, NULL);
    double took = now() - start;
    CHECK(s.rc == OS_OK && s.result.status == OS_STOPPED, "the stopped solve: rc %d status %d", s.rc,
          s.result.status);
    CHECK(took < 5.0, "the stop took %.2f s", took);
    printf("stopped a long solve after %.3f s: status %d, bounds [%d, %d], %llu nodes\n", took,
           s.result.status, s.result.lower, s.result.upper, (unsigned long long)s.result.nodes);
}

static void bad_input(OsEngine *engine) {
    OsPosition start, next;
    OsQuestion q;
    OsResult r;
    memset(&q, 0, sizeof q);
    CHECK(os_position_start(&start) == OS_OK, "start");
    CHECK(os_solve(engine, NULL, &q, &r) == OS_ERROR_NULL && strlen(os_last_error()) > 0,
          "a null position");
    CHECK(os_solve(NULL, &start, &q, &r) == OS_ERROR_NULL, "a null engine");
    CHECK(os_position_parse(NULL, &start) == OS_ERROR_NULL, "null text");
    CHECK(os_position_play(&start, 0, &next) == OS_ERROR_ILLEGAL_MOVE, "a1 from the start");
    printf("illegal move: %s\n", os_last_error());
    CHECK(os_position_play(&start, 65, &next) == OS_ERROR_ARGUMENT, "square 65");
    CHECK(os_position_play(&start, OS_PASS, &next) == OS_ERROR_ILLEGAL_MOVE, "a pass with moves");
    CHECK(os_position_play(&start, 37, &next) == OS_OK, "f5: %s", os_last_error());
    CHECK(os_position_parse("not a position", &next) == OS_ERROR_POSITION, "malformed text");
    printf("malformed position: %s\n", os_last_error());
    OsPosition overlap = {1, 1, OS_BLACK};
    CHECK(os_solve(engine, &overlap, &q, &r) == OS_ERROR_POSITION, "overlapping discs");
    OsPosition side = start;
    side.side = 7;
    CHECK(os_evaluate(&side, &(double){0}) == OS_ERROR_POSITION, "side 7");
    q.mode = OS_MODE_BOUND;
    q.bound = 100;
    CHECK(os_solve(engine, &start, &q, &r) == OS_ERROR_ARGUMENT, "bound 100");
    printf("out-of-range bound: %s\n", os_last_error());
    q.bound = 0;
    q.time_limit_s = -1;
    CHECK(os_solve(engine, &start, &q, &r) == OS_ERROR_ARGUMENT, "a negative time limit");
    OsEngine *none = NULL;
    CHECK(os_engine_new(0, 1, &none) == OS_ERROR_ARGUMENT && none == NULL, "a 0 MiB table");
    char small[10];
    CHECK(os_position_to_text(&start, small, sizeof small) == OS_ERROR_BUFFER, "a small buffer");
    char text[67];
    CHECK(os_position_to_text(&start, text, sizeof text) == OS_OK &&
              strcmp(text, "---------------------------OX------XO--------------------------- X") == 0,
          "the start as text: %s", text);
    double v = 0;
    CHECK(os_evaluate(&start, &v) == OS_OK && v > -10 && v < 10, "the start's evaluation %f", v);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: %s FFO-1-19.obf\n", argv[0]);
        return 2;
    }
    printf("othello-solver %s\n", os_version());
    OsEngine *engine = NULL;
    if (os_engine_new(64, 1, &engine) != OS_OK) {
        fprintf(stderr, "engine: %s\n", os_last_error());
        return 1;
    }
    int solved = solve_file(engine, argv[1]);
    CHECK(solved == 19, "%d positions read", solved);
    stop_from_another_thread(engine);
    /* After a stop the engine solves normally again. */
    OsPosition pos;
    OsQuestion q;
    OsResult r;
    memset(&q, 0, sizeof q);
    q.mode = OS_MODE_WLD;
    os_position_parse("--XXXXX--OOOXX-O-OOOXXOX-OXOXOXXOXXXOXXX--XOXOXX-XXXOOO--OOOOO-- X", &pos);
    CHECK(os_solve(engine, &pos, &q, &r) == OS_OK && r.status == OS_SOLVED && r.lower >= 1,
          "WLD after the stop: status %d [%d, %d]", r.status, r.lower, r.upper);
    bad_input(engine);
    os_engine_free(engine);
    os_engine_free(NULL);
    if (failures) {
        fprintf(stderr, "%d checks failed\n", failures);
        return 1;
    }
    printf("all checks passed\n");
    return 0;
}
