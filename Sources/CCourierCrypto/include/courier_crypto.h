// The cryptography Courier needs, through the system's OpenSSL libcrypto — the library the
// system's libcurl already loads for TLS, kept up to date by the distribution. Digests,
// HMAC-SHA256, Ed25519 and ECDSA P-256 signatures (raw r||s), and the demo server's
// certificates. Every function clears OpenSSL's error queue first; on failure,
// courier_crypto_error() says what OpenSSL reported.
#ifndef COURIER_CRYPTO_H
#define COURIER_CRYPTO_H

#include <stddef.h>
#include <stdint.h>

typedef enum {
    COURIER_DIGEST_MD5 = 0,
    COURIER_DIGEST_SHA256 = 1,
    COURIER_DIGEST_SHA512_256 = 2,
} courier_digest_algorithm;

/// The longest digest, in bytes (SHA-256 and SHA-512/256: 32; MD5: 16).
#define COURIER_DIGEST_MAX 32

/// The digest of `data`, into `out` (COURIER_DIGEST_MAX bytes); its length, or -1.
int courier_digest(courier_digest_algorithm algorithm, const void *data, size_t length, uint8_t *out);

/// A digest computed in pieces.
typedef struct courier_digest_context courier_digest_context;
courier_digest_context *courier_digest_begin(courier_digest_algorithm algorithm);
int courier_digest_update(courier_digest_context *context, const void *data, size_t length);
/// Writes the digest into `out` (COURIER_DIGEST_MAX bytes) and frees the context; its length, or -1.
int courier_digest_finish(courier_digest_context *context, uint8_t *out);
void courier_digest_discard(courier_digest_context *context);

/// HMAC with SHA-256 into `out` (32 bytes); 0, or -1.
int courier_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, uint8_t *out);

/// Ed25519 (RFC 8032) with a 32-byte private key (seed): the 64-byte signature into `signature`; 0, or -1.
int courier_ed25519_sign(const uint8_t *seed, const void *message, size_t length, uint8_t *signature);
/// 1 when `signature` is `message`'s under the 32-byte public key, 0 when not, -1 for a bad key.
int courier_ed25519_verify(const uint8_t *public_key, const void *message, size_t length,
                           const uint8_t *signature, size_t signature_length);

/// ECDSA over P-256 with SHA-256. The private key is PEM (PKCS#8 or SEC 1, `is_pem` 1) or the
/// 32-byte scalar; the signature is r||s, 32 bytes each, into `signature` (64 bytes); 0, or -1.
int courier_p256_sign(const void *key, size_t key_length, int is_pem, const void *message, size_t length,
                      uint8_t *signature);
/// 1 when the r||s `signature` is `message`'s, 0 when not, -1 for a bad key. The public key is
/// PEM (SubjectPublicKeyInfo) or x||y (64 bytes) or the uncompressed point (65 bytes).
int courier_p256_verify(const void *key, size_t key_length, int is_pem, const void *message, size_t length,
                        const uint8_t *signature, size_t signature_length);

/// A new P-256 private key as PKCS#8 PEM (free() it), or NULL.
char *courier_p256_generate_pem(void);

/// A v3 certificate, PEM (free() it), or NULL: for the public key of `subject_key_pem`, with
/// `subject` ("/O=…/CN=…"), signed by `issuer_key_pem` as the subject of `issuer_certificate_pem`
/// (NULL: self-signed), valid between the two Unix times, with a random serial number and the
/// extensions in `extensions`: lines "name=value" as openssl.cnf writes them
/// ("basicConstraints=critical,CA:TRUE", "subjectAltName=DNS:localhost,IP:127.0.0.1").
char *courier_x509_issue(const char *subject_key_pem, const char *issuer_key_pem, const char *issuer_certificate_pem,
                         const char *subject, int64_t not_before, int64_t not_after, const char *extensions);

/// A pem_password_cb that gives no passphrase (an encrypted key then fails to read instead of
/// OpenSSL asking for one on the terminal).
int courier_no_passphrase(char *buffer, int size, int writing, void *context);

/// What OpenSSL reported for the last failure on this thread ("" when nothing), into `buffer`.
void courier_crypto_error(char *buffer, size_t size);

#endif
