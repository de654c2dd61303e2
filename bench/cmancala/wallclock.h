/* Force-included (gcc -include) into CMancala's build by bench/cmancala.sh; not part of
 * CMancala. Its time limit reads clock(), the process's CPU time, where kalah's reads the
 * wall clock; on a shared, loaded machine a process gets less than a core, so CPU time runs
 * slower than the wall clock and CMancala would think longer than the runner allows. This
 * makes clock() read the wall clock (timespec_get, C11: the strict -std hides
 * clock_gettime), so both sides are held to the same wall time per move. */
#include <time.h>
static inline clock_t kalah_bench_wall_clock(void) {
    struct timespec ts;
    timespec_get(&ts, TIME_UTC);
    return (clock_t)ts.tv_sec * CLOCKS_PER_SEC + (clock_t)(ts.tv_nsec / (1000000000L / CLOCKS_PER_SEC));
}
#define clock() kalah_bench_wall_clock()
