// make bench-load's raw libcurl row: courier-bench's C multi client (CRawCurl) for a set
// time instead of a count, as its own process so that the driver reads its CPU from wait4.
// Usage: raw_load URL SECONDS CONCURRENCY — prints {"requests":…,"failed":…,"seconds":…,"connections":…}
#include "raw_curl.h"
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc != 4) {
        fprintf(stderr, "usage: raw_load URL SECONDS CONCURRENCY\n");
        return 2;
    }
    raw_result result = { 0, 0, 0, 0 };
    double start = now();
    int status = raw_small_gets_for(argv[1], atof(argv[2]), atoi(argv[3]), &result);
    printf("{\"requests\":%ld,\"failed\":%ld,\"seconds\":%.6f,\"connections\":%ld}\n",
           result.completed, result.failed, now() - start, result.connections);
    return status;
}
