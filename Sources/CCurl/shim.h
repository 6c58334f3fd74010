// Typed wrappers around libcurl's variadic calls (and `prctl`'s), which Swift cannot import.
#ifndef COURIER_CCURL_SHIM_H
#define COURIER_CCURL_SHIM_H

#include <curl/curl.h>
#include <sys/prctl.h>
#include <sys/timerfd.h>
#include <sys/resource.h>
#include <sys/syscall.h>
#include <sched.h>
#include <errno.h>
#include <stdint.h>
#include <unistd.h>
#include <pthread.h>
#include <stdlib.h>

typedef size_t (*courier_curl_data_callback)(char *ptr, size_t size, size_t nmemb, void *userdata);
typedef int (*courier_curl_xferinfo_callback)(void *clientp, curl_off_t dltotal, curl_off_t dlnow,
                                              curl_off_t ultotal, curl_off_t ulnow);

static inline CURLcode courier_easy_setopt_long(CURL *h, CURLoption o, long v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_off(CURL *h, CURLoption o, curl_off_t v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_string(CURL *h, CURLoption o, const char *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_pointer(CURL *h, CURLoption o, void *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_slist(CURL *h, CURLoption o, struct curl_slist *v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_data_callback(CURL *h, CURLoption o, courier_curl_data_callback v) {
    return curl_easy_setopt(h, o, v);
}
static inline CURLcode courier_easy_setopt_xferinfo_callback(CURL *h, courier_curl_xferinfo_callback v) {
    return curl_easy_setopt(h, CURLOPT_XFERINFOFUNCTION, v);
}
typedef int (*courier_curl_prereq_callback)(void *clientp, char *conn_primary_ip, char *conn_local_ip,
                                            int conn_primary_port, int conn_local_port);
/* Called once the connection is ready, right before a request goes out (libcurl 7.80+). */
static inline CURLcode courier_easy_setopt_prereq_callback(CURL *h, courier_curl_prereq_callback v) {
    return curl_easy_setopt(h, CURLOPT_PREREQFUNCTION, v);
}
typedef curl_socket_t (*courier_curl_opensocket_callback)(void *clientp, curlsocktype purpose,
                                                           struct curl_sockaddr *address);
/* Opens the transfer's sockets, so that why socket(2) failed (EMFILE) is known. */
static inline CURLcode courier_easy_setopt_opensocket_callback(CURL *h, courier_curl_opensocket_callback v) {
    return curl_easy_setopt(h, CURLOPT_OPENSOCKETFUNCTION, v);
}
static inline CURLcode courier_easy_getinfo_long(CURL *h, CURLINFO i, long *v) {
    return curl_easy_getinfo(h, i, v);
}
static inline CURLcode courier_easy_getinfo_off(CURL *h, CURLINFO i, curl_off_t *v) {
    return curl_easy_getinfo(h, i, v);
}
static inline CURLcode courier_easy_getinfo_string(CURL *h, CURLINFO i, char **v) {
    return curl_easy_getinfo(h, i, v);
}
static inline CURLcode courier_easy_getinfo_pointer(CURL *h, CURLINFO i, void **v) {
    return curl_easy_getinfo(h, i, v);
}
static inline CURLMcode courier_multi_setopt_long(CURLM *m, CURLMoption o, long v) {
    return curl_multi_setopt(m, o, v);
}
/// The result of a finished transfer (`msg->data.result` lives in an anonymous union).
static inline CURLcode courier_message_result(const CURLMsg *msg) {
    return msg->data.result;
}
static inline long courier_global_all(void) { return CURL_GLOBAL_ALL; }
static inline long courier_http_version_2tls(void) { return CURL_HTTP_VERSION_2TLS; }
static inline long courier_http_version_1_1(void) { return CURL_HTTP_VERSION_1_1; }
static inline long courier_http_version_2(void) { return CURL_HTTP_VERSION_2_0; }
static inline long courier_http_version_2_prior_knowledge(void) { return CURL_HTTP_VERSION_2_PRIOR_KNOWLEDGE; }
static inline long courier_auth_digest(void) { return (long)CURLAUTH_DIGEST; }
static inline long courier_auth_ntlm(void) { return (long)CURLAUTH_NTLM; }
static inline long courier_auth_negotiate(void) { return (long)CURLAUTH_NEGOTIATE; }
static inline curl_version_info_data *courier_version_info(void) { return curl_version_info(CURLVERSION_NOW); }
static inline long courier_max_error_size(void) { return CURL_ERROR_SIZE; }

/// Names the calling thread for the kernel (top, perf, gdb show it); at most 15 bytes are kept.
static inline void courier_name_current_thread(const char *name) {
    (void)prctl(PR_SET_NAME, name, 0, 0, 0);
}

/// Lowers the calling thread's scheduling priority (Linux keeps a nice value per thread).
static inline void courier_nice_current_thread(int niceness) {
    (void)setpriority(PRIO_PROCESS, (id_t)syscall(SYS_gettid), niceness);
}

/// Puts the calling thread in Linux's SCHED_IDLE class: it runs when nothing else wants a
/// core, and any other thread waking preempts it at once. 0 on success, else an errno.
static inline int courier_idle_current_thread(void) {
    struct sched_param parameter = { .sched_priority = 0 };
    return sched_setscheduler((pid_t)syscall(SYS_gettid), 5 /* SCHED_IDLE */, &parameter) == 0 ? 0 : errno;
}

/// The kernel's `struct sched_attr` (its first version, 56 bytes), which glibc does not declare.
struct courier_sched_attr {
    uint32_t size, sched_policy;
    uint64_t sched_flags;
    int32_t sched_nice;
    uint32_t sched_priority;
    uint64_t sched_runtime, sched_deadline, sched_period;
    uint32_t sched_util_min, sched_util_max;
};

/// Asks for time slices of `nanoseconds` for the calling thread, keeping its class and
/// niceness: Linux 6.12 and later (EEVDF) take `sched_runtime` of a normal thread as the slice
/// it asks for, and a thread asking for a shorter one than those running is given a core
/// sooner when it wakes; earlier kernels ignore it. 0 on success, else an errno.
static inline int courier_short_slices_current_thread(uint64_t nanoseconds) {
    pid_t thread = (pid_t)syscall(SYS_gettid);
    errno = 0;
    int niceness = getpriority(PRIO_PROCESS, (id_t)thread);
    if (errno != 0) return errno;
    struct courier_sched_attr attributes = { .size = sizeof(struct courier_sched_attr), .sched_policy = 0 /* SCHED_OTHER */,
                                             .sched_nice = niceness, .sched_runtime = nanoseconds };
    return syscall(SYS_sched_setattr, thread, &attributes, 0) == 0 ? 0 : errno;
}

/// A share handle that keeps one cookie store for the easy handles attached to it, with a
/// pthread mutex per kind of shared data (libcurl calls the lock functions from whichever
/// thread uses an attached handle: the transport's, or a caller reading the jar).
typedef struct courier_cookie_share {
    CURLSH *share;
    pthread_mutex_t locks[CURL_LOCK_DATA_LAST];
} courier_cookie_share;

static inline void courier_cookie_share_lock(CURL *h, curl_lock_data data, curl_lock_access access, void *context) {
    (void)h; (void)access;
    pthread_mutex_lock(&((courier_cookie_share *)context)->locks[data]);
}
static inline void courier_cookie_share_unlock(CURL *h, curl_lock_data data, void *context) {
    (void)h;
    pthread_mutex_unlock(&((courier_cookie_share *)context)->locks[data]);
}
/// A new cookie share, or NULL when libcurl cannot make one.
static inline courier_cookie_share *courier_cookie_share_create(void) {
    courier_cookie_share *shared = calloc(1, sizeof(courier_cookie_share));
    if (!shared) return NULL;
    shared->share = curl_share_init();
    if (!shared->share) { free(shared); return NULL; }
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_init(&shared->locks[i], NULL);
    curl_share_setopt(shared->share, CURLSHOPT_LOCKFUNC, courier_cookie_share_lock);
    curl_share_setopt(shared->share, CURLSHOPT_UNLOCKFUNC, courier_cookie_share_unlock);
    curl_share_setopt(shared->share, CURLSHOPT_USERDATA, shared);
    curl_share_setopt(shared->share, CURLSHOPT_SHARE, CURL_LOCK_DATA_COOKIE);
    return shared;
}
/// Frees the share; CURLSHE_IN_USE (and nothing freed) while an easy handle is attached.
static inline CURLSHcode courier_cookie_share_destroy(courier_cookie_share *shared) {
    CURLSHcode code = curl_share_cleanup(shared->share);
    if (code != CURLSHE_OK) return code;
    for (int i = 0; i < CURL_LOCK_DATA_LAST; i++) pthread_mutex_destroy(&shared->locks[i]);
    free(shared);
    return CURLSHE_OK;
}

#endif
