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

/// Makes the GETs of raw_small_gets and raw_small_gets_for send the header lines Courier's
/// engine sends for a request without headers of its own: `User-Agent: user_agent`, and the
/// `Accept-Encoding` line of the encodings this libcurl decodes (with decoding on), so that
/// both clients put the same request on the wire. NULL: libcurl's bare GET (no such lines).
void raw_send_as_courier(const char *user_agent);

/// The `Accept-Encoding` line raw_send_as_courier adds (as Courier's engine builds it from
/// this libcurl's features), or NULL when this libcurl decodes nothing.
const char *raw_accept_encoding_line(void);

/// One GET of `url` into `path` (NULL: discarded) with libcurl's receive buffer set to
/// `buffer_size` bytes. Returns 0 on success.
int raw_download(const char *url, const char *path, long buffer_size, raw_result *out);

#endif
