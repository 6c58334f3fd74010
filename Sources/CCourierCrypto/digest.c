// Digests and HMAC-SHA256 through libcrypto's EVP interface (include/courier_crypto.h).
#include "courier_crypto.h"

#include <openssl/crypto.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <string.h>

struct courier_digest_context {
    EVP_MD_CTX *context;
};

static const EVP_MD *digest_method(courier_digest_algorithm algorithm) {
    switch (algorithm) {
    case COURIER_DIGEST_MD5: return EVP_md5();
    case COURIER_DIGEST_SHA256: return EVP_sha256();
    case COURIER_DIGEST_SHA512_256: return EVP_sha512_256();
    }
    return NULL;
}

int courier_digest(courier_digest_algorithm algorithm, const void *data, size_t length, uint8_t *out) {
    ERR_clear_error();
    const EVP_MD *method = digest_method(algorithm);
    unsigned int written = 0;
    if (method == NULL || EVP_Digest(length ? data : "", length, out, &written, method, NULL) != 1) return -1;
    return (int)written;
}

courier_digest_context *courier_digest_begin(courier_digest_algorithm algorithm) {
    ERR_clear_error();
    const EVP_MD *method = digest_method(algorithm);
    if (method == NULL) return NULL;
    courier_digest_context *digest = OPENSSL_zalloc(sizeof *digest);
    if (digest == NULL) return NULL;
    digest->context = EVP_MD_CTX_new();
    if (digest->context == NULL || EVP_DigestInit_ex(digest->context, method, NULL) != 1) {
        courier_digest_discard(digest);
        return NULL;
    }
    return digest;
}

int courier_digest_update(courier_digest_context *digest, const void *data, size_t length) {
    if (length == 0) return 0;
    return EVP_DigestUpdate(digest->context, data, length) == 1 ? 0 : -1;
}

int courier_digest_finish(courier_digest_context *digest, uint8_t *out) {
    unsigned int written = 0;
    int ok = EVP_DigestFinal_ex(digest->context, out, &written) == 1;
    courier_digest_discard(digest);
    return ok ? (int)written : -1;
}

void courier_digest_discard(courier_digest_context *digest) {
    if (digest == NULL) return;
    EVP_MD_CTX_free(digest->context);
    OPENSSL_free(digest);
}

int courier_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, uint8_t *out) {
    ERR_clear_error();
    // HMAC() takes an empty key as a NULL one, which it refuses; an empty one is a valid key.
    static const uint8_t empty = 0;
    unsigned int written = 0;
    const unsigned char *result = HMAC(EVP_sha256(), key_length ? key : &empty, (int)key_length,
                                       length ? data : &empty, length, out, &written);
    return result != NULL && written == 32 ? 0 : -1;
}

void courier_crypto_error(char *buffer, size_t size) {
    if (size == 0) return;
    unsigned long code = ERR_peek_last_error();
    if (code == 0) {
        buffer[0] = 0;
        return;
    }
    ERR_error_string_n(code, buffer, size);
}
