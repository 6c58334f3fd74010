// P-256 keys and X.509 certificates for the demo server's TLS listeners (include/courier_crypto.h).
#include "courier_crypto.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/pem.h>
#include <openssl/rand.h>
#include <openssl/x509v3.h>
#include <stdlib.h>
#include <string.h>

/// The text in a memory BIO, as a NUL-terminated malloc'd string.
static char *bio_text(BIO *output) {
    char *data = NULL;
    long length = BIO_get_mem_data(output, &data);
    if (length <= 0) return NULL;
    char *text = malloc((size_t)length + 1);
    if (text == NULL) return NULL;
    memcpy(text, data, (size_t)length);
    text[length] = 0;
    return text;
}

char *courier_p256_generate_pem(void) {
    ERR_clear_error();
    EVP_PKEY *key = EVP_EC_gen("prime256v1");
    BIO *output = BIO_new(BIO_s_mem());
    char *text = NULL;
    if (key != NULL && output != NULL && PEM_write_bio_PrivateKey(output, key, NULL, NULL, 0, NULL, NULL) == 1) {
        text = bio_text(output);
    }
    BIO_free(output);
    EVP_PKEY_free(key);
    return text;
}

static EVP_PKEY *read_private_key(const char *pem) {
    BIO *input = BIO_new_mem_buf(pem, -1);
    EVP_PKEY *key = input ? PEM_read_bio_PrivateKey(input, NULL, courier_no_passphrase, NULL) : NULL;
    BIO_free(input);
    return key;
}

static X509 *read_certificate(const char *pem) {
    BIO *input = BIO_new_mem_buf(pem, -1);
    X509 *certificate = input ? PEM_read_bio_X509(input, NULL, courier_no_passphrase, NULL) : NULL;
    BIO_free(input);
    return certificate;
}

/// Adds each "name=value" line of `extensions`, made in the context of `issuer` and `certificate`.
static int add_extensions(X509 *certificate, X509 *issuer, const char *extensions) {
    X509V3_CTX context;
    X509V3_set_ctx(&context, issuer, certificate, NULL, NULL, 0);
    char *lines = strdup(extensions);
    if (lines == NULL) return 0;
    int ok = 1;
    char *saved = NULL;
    for (char *line = strtok_r(lines, "\n", &saved); ok && line != NULL; line = strtok_r(NULL, "\n", &saved)) {
        char *equals = strchr(line, '=');
        if (equals == NULL) { ok = 0; break; }
        *equals = 0;
        X509_EXTENSION *extension = X509V3_EXT_nconf(NULL, &context, line, equals + 1);
        ok = extension != NULL && X509_add_ext(certificate, extension, -1) == 1;
        X509_EXTENSION_free(extension);
    }
    free(lines);
    return ok;
}

/// A random positive 127-bit serial number (RFC 5280: at most 20 bytes, positive).
static int set_random_serial(X509 *certificate) {
    BIGNUM *serial = BN_new();
    int ok = serial != NULL && BN_rand(serial, 127, BN_RAND_TOP_ANY, BN_RAND_BOTTOM_ANY) == 1 && !BN_is_zero(serial)
        && BN_to_ASN1_INTEGER(serial, X509_get_serialNumber(certificate)) != NULL;
    BN_free(serial);
    return ok;
}

char *courier_x509_issue(const char *subject_key_pem, const char *issuer_key_pem, const char *issuer_certificate_pem,
                         const char *subject, int64_t not_before, int64_t not_after, const char *extensions) {
    ERR_clear_error();
    EVP_PKEY *subject_key = read_private_key(subject_key_pem);
    EVP_PKEY *issuer_key = read_private_key(issuer_key_pem);
    X509 *issuer = issuer_certificate_pem ? read_certificate(issuer_certificate_pem) : NULL;
    X509 *certificate = X509_new();
    X509_NAME *name = X509_NAME_new();
    BIO *output = BIO_new(BIO_s_mem());
    char *text = NULL;
    int ok = subject_key != NULL && issuer_key != NULL && (issuer != NULL || issuer_certificate_pem == NULL)
        && certificate != NULL && name != NULL && output != NULL
        && X509_set_version(certificate, X509_VERSION_3) == 1 && set_random_serial(certificate)
        && X509_set_pubkey(certificate, subject_key) == 1;
    // The subject, "/O=…/CN=…": the entries in order.
    if (ok) {
        char *entries = strdup(subject);
        char *saved = NULL;
        for (char *entry = entries ? strtok_r(entries, "/", &saved) : NULL; ok && entry != NULL; entry = strtok_r(NULL, "/", &saved)) {
            char *equals = strchr(entry, '=');
            ok = equals != NULL;
            if (ok) {
                *equals = 0;
                ok = X509_NAME_add_entry_by_txt(name, entry, MBSTRING_UTF8, (const unsigned char *)(equals + 1), -1, -1, 0) == 1;
            }
        }
        ok = ok && entries != NULL;
        free(entries);
    }
    ok = ok && X509_set_subject_name(certificate, name) == 1
        && X509_set_issuer_name(certificate, issuer ? X509_get_subject_name(issuer) : name) == 1
        && ASN1_TIME_set(X509_getm_notBefore(certificate), (time_t)not_before) != NULL
        && ASN1_TIME_set(X509_getm_notAfter(certificate), (time_t)not_after) != NULL
        && add_extensions(certificate, issuer ? issuer : certificate, extensions)
        && X509_sign(certificate, issuer_key, EVP_sha256()) > 0
        && PEM_write_bio_X509(output, certificate) == 1;
    if (ok) text = bio_text(output);
    BIO_free(output);
    X509_NAME_free(name);
    X509_free(certificate);
    X509_free(issuer);
    EVP_PKEY_free(issuer_key);
    EVP_PKEY_free(subject_key);
    return text;
}
