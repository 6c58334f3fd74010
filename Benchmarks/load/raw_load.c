// make bench-load's raw libcurl row: courier-bench's C multi client (CRawCurl) for a set
// time instead of a count, as its own process so that the driver reads its CPU from wait4.
// Usage: raw_load URL SECONDS CONCURRENCY [USER_AGENT] — prints {"requests":…,"failed":…,"seconds":…,"connections":…}.
// With USER_AGENT it sends the header lines Courier sends (raw_send_as_courier).
// raw_load --accept-encoding prints the Accept-Encoding line that adds (empty: none).
#include "raw_curl.h"
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static double now(void) {
    struct timespec spec;
    clock_gettime(CLOCK_MONOTONIC, &spec);
    return (double)spec.tv_sec + (double)spec.tv_nsec / 1e9;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--accept-encoding") == 0) {
        const char *line = raw_accept_encoding_line();
        printf("%s\n", line ? line : "");
        return 0;
    }
    if (argc != 4 && argc != 5) {
        fprintf(stderr, "usage: raw_load URL SECONDS CONCURRENCY [USER_AGENT]\n");
        return 2;
    }
    if (argc == 5) raw_send_as_courier(argv[4]);
    raw_result result = { 0, 0, 0, 0 };
    double start = now();
    int status = raw_small_gets_for(argv[1], atof(argv[2]), atoi(argv[3]), &result);
    printf("{\"requests\":%ld,\"failed\":%ld,\"seconds\":%.6f,\"connections\":%ld}\n",
           result.completed, result.failed, now() - start, result.connections);
    return status;
}
