#ifndef RAW_CURL_H
#define RAW_CURL_H

/// What a raw libcurl run did.
typedef struct {
    long completed;        ///< transfers that ended with CURLE_OK and status 200
    long failed;           ///< every other ending
    long connections;      ///< connections opened (CURLINFO_NUM_CONNECTS summed)
    long long bytes;       ///< body bytes received
} raw_result;

/// `total` GETs of `url`, `concurrency` in flight on one multi handle; each slot reuses its
/// easy handle (and so its connection). Bodies are discarded. Returns 0 on success.
int raw_small_gets(const char *url, long total, int concurrency, raw_result *out);

/// Like raw_small_gets, for `seconds` instead of a count: no transfer starts after that,
/// those in flight finish. Returns 0 on success.
int raw_small_gets_for(const char *url, double seconds, int concurrency, raw_result *out);

/// One GET of `url` into `path` (NULL: discarded) with libcurl's receive buffer set to
/// `buffer_size` bytes. Returns 0 on success.
int raw_download(const char *url, const char *path, long buffer_size, raw_result *out);

#endif
