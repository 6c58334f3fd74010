#include "raw_curl.h"
#include <curl/curl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <fcntl.h>
#include <limits.h>
#include <time.h>

typedef struct {
    long long bytes;
    int fd;
} sink;

static size_t write_body(char *data, size_t size, size_t count, void *context) {
    sink *s = context;
    size_t length = size * count;
    s->bytes += (long long)length;
    if (s->fd >= 0) {
        size_t done = 0;
        while (done < length) {
            ssize_t n = write(s->fd, data + done, length - done);
            if (n <= 0) return 0;
            done += (size_t)n;
        }
    }
    return length;
}

static struct curl_slist *courier_lines = NULL;
static char accept_encoding[64];

const char *raw_accept_encoding_line(void) {
    curl_version_info_data *info = curl_version_info(CURLVERSION_NOW);
    // The same names in the same order as Courier's ContentDecoding.acceptEncoding.
    const char *names[4];
    int count = 0;
    if (info->features & CURL_VERSION_LIBZ) { names[count++] = "deflate"; names[count++] = "gzip"; }
    if (info->features & CURL_VERSION_BROTLI) names[count++] = "br";
    if (info->features & CURL_VERSION_ZSTD) names[count++] = "zstd";
    if (count == 0) return NULL;
    strcpy(accept_encoding, "Accept-Encoding: ");
    for (int i = 0; i < count; i++) {
        if (i > 0) strcat(accept_encoding, ", ");
        strcat(accept_encoding, names[i]);
    }
    return accept_encoding;
}

void raw_send_as_courier(const char *user_agent) {
    curl_slist_free_all(courier_lines);
    courier_lines = NULL;
    if (!user_agent) return;
    char line[256];
    snprintf(line, sizeof line, "User-Agent: %s", user_agent);
    courier_lines = curl_slist_append(courier_lines, line);
    const char *encodings = raw_accept_encoding_line();
    if (encodings) courier_lines = curl_slist_append(courier_lines, encodings);
}

static void count_ending(CURL *easy, CURLcode code, raw_result *out) {
    long status = 0, connects = 0;
    curl_easy_getinfo(easy, CURLINFO_RESPONSE_CODE, &status);
    curl_easy_getinfo(easy, CURLINFO_NUM_CONNECTS, &connects);
    out->connections += connects;
    if (code == CURLE_OK && status == 200) out->completed++; else out->failed++;
}

static double monotonic_seconds(void) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return (double)now.tv_sec + (double)now.tv_nsec / 1e9;
}

/// GETs of `url`, `concurrency` in flight, until `total` have ended or, when `seconds` > 0,
/// until that time has passed (then no new one starts and those in flight end).
static int small_gets(const char *url, long total, double seconds, int concurrency, raw_result *out) {
    static int initialized = 0;
    if (!initialized) { curl_global_init(CURL_GLOBAL_ALL); initialized = 1; }
    CURLM *multi = curl_multi_init();
    curl_multi_setopt(multi, CURLMOPT_MAX_HOST_CONNECTIONS, (long)concurrency);
    CURL **handles = calloc((size_t)concurrency, sizeof(CURL *));
    sink *sinks = calloc((size_t)concurrency, sizeof(sink));
    long started = 0;
    for (int i = 0; i < concurrency && started < total; i++, started++) {
        sinks[i].fd = -1;
        handles[i] = curl_easy_init();
        curl_easy_setopt(handles[i], CURLOPT_URL, url);
        curl_easy_setopt(handles[i], CURLOPT_WRITEFUNCTION, write_body);
        curl_easy_setopt(handles[i], CURLOPT_WRITEDATA, &sinks[i]);
        curl_easy_setopt(handles[i], CURLOPT_PRIVATE, &sinks[i]);
        curl_easy_setopt(handles[i], CURLOPT_NOSIGNAL, 1L);
        if (courier_lines) {
            curl_easy_setopt(handles[i], CURLOPT_HTTPHEADER, courier_lines);
            curl_easy_setopt(handles[i], CURLOPT_ACCEPT_ENCODING, "");
        }
        curl_multi_add_handle(multi, handles[i]);
    }
    int running = 1;
    long ended = 0;
    double deadline = seconds > 0 ? monotonic_seconds() + seconds : 0;
    while (ended < started) {
        if (deadline > 0 && total > started && monotonic_seconds() >= deadline) total = started;
        curl_multi_perform(multi, &running);
        CURLMsg *message;
        int left;
        while ((message = curl_multi_info_read(multi, &left))) {
            if (message->msg != CURLMSG_DONE) continue;
            CURL *easy = message->easy_handle;
            CURLcode code = message->data.result;
            count_ending(easy, code, out);
            ended++;
            curl_multi_remove_handle(multi, easy);
            if (started < total) {
                started++;
                curl_multi_add_handle(multi, easy);
            }
        }
        if (ended < started) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    for (int i = 0; i < concurrency; i++) {
        if (!handles[i]) continue;
        out->bytes += sinks[i].bytes;
        curl_easy_cleanup(handles[i]);
    }
    curl_multi_cleanup(multi);
    free(handles);
    free(sinks);
    return out->failed == 0 ? 0 : 1;
}

int raw_small_gets(const char *url, long total, int concurrency, raw_result *out) {
    return small_gets(url, total, 0, concurrency, out);
}

int raw_small_gets_for(const char *url, double seconds, int concurrency, raw_result *out) {
    return small_gets(url, LONG_MAX, seconds, concurrency, out);
}

int raw_download(const char *url, const char *path, long buffer_size, raw_result *out) {
    curl_global_init(CURL_GLOBAL_ALL);
    sink s = { 0, -1 };
    if (path) {
        s.fd = open(path, O_WRONLY | O_CREAT | O_TRUNC, 0644);
        if (s.fd < 0) return 1;
    }
    CURLM *multi = curl_multi_init();
    CURL *easy = curl_easy_init();
    curl_easy_setopt(easy, CURLOPT_URL, url);
    curl_easy_setopt(easy, CURLOPT_WRITEFUNCTION, write_body);
    curl_easy_setopt(easy, CURLOPT_WRITEDATA, &s);
    curl_easy_setopt(easy, CURLOPT_BUFFERSIZE, buffer_size);
    curl_easy_setopt(easy, CURLOPT_NOSIGNAL, 1L);
    curl_multi_add_handle(multi, easy);
    int running = 1;
    while (running) {
        curl_multi_perform(multi, &running);
        if (running) curl_multi_poll(multi, NULL, 0, 1000, NULL);
    }
    CURLMsg *message;
    int left;
    while ((message = curl_multi_info_read(multi, &left))) {
        if (message->msg == CURLMSG_DONE) count_ending(message->easy_handle, message->data.result, out);
    }
    out->bytes = s.bytes;
    curl_multi_remove_handle(multi, easy);
    curl_easy_cleanup(easy);
    curl_multi_cleanup(multi);
    if (s.fd >= 0) close(s.fd);
    return out->failed == 0 ? 0 : 1;
}
