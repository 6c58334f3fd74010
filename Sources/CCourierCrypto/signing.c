// Ed25519 and ECDSA P-256 signatures through libcrypto (include/courier_crypto.h). ECDSA's
// DER signatures are turned into and out of the r||s form RFC 9421 and JOSE use.
#include "courier_crypto.h"

#include <openssl/bio.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/ec.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>
#include <string.h>

int courier_ed25519_sign(const uint8_t *seed, const void *message, size_t length, uint8_t *signature) {
    ERR_clear_error();
    EVP_PKEY *key = EVP_PKEY_new_raw_private_key(EVP_PKEY_ED25519, NULL, seed, 32);
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    size_t written = 64;
    int ok = key != NULL && context != NULL && EVP_DigestSignInit(context, NULL, NULL, NULL, key) == 1
        && EVP_DigestSign(context, signature, &written, length ? message : (const void *)"", length) == 1 && written == 64;
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    return ok ? 0 : -1;
}

int courier_ed25519_verify(const uint8_t *public_key, const void *message, size_t length,
                           const uint8_t *signature, size_t signature_length) {
    ERR_clear_error();
    EVP_PKEY *key = EVP_PKEY_new_raw_public_key(EVP_PKEY_ED25519, NULL, public_key, 32);
    if (key == NULL) return -1;
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    int valid = context != NULL && EVP_DigestVerifyInit(context, NULL, NULL, NULL, key) == 1
        && EVP_DigestVerify(context, signature, signature_length, length ? message : (const void *)"", length) == 1;
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    ERR_clear_error();  // a signature that does not verify is an answer, not an error
    return valid ? 1 : 0;
}

/// Whether `key` is an EC key on P-256.
static int is_p256(EVP_PKEY *key) {
    char group[32] = {0};
    return key != NULL && EVP_PKEY_is_a(key, "EC")
        && EVP_PKEY_get_utf8_string_param(key, OSSL_PKEY_PARAM_GROUP_NAME, group, sizeof group, NULL) == 1
        && strcmp(group, "prime256v1") == 0;
}

/// A P-256 key from its parameters: the uncompressed public point, and the private scalar or NULL.
static EVP_PKEY *p256_from_parameters(const uint8_t *point, size_t point_length, const BIGNUM *scalar) {
    OSSL_PARAM_BLD *builder = OSSL_PARAM_BLD_new();
    OSSL_PARAM *parameters = NULL;
    EVP_PKEY_CTX *context = EVP_PKEY_CTX_new_from_name(NULL, "EC", NULL);
    EVP_PKEY *key = NULL;
    if (builder != NULL && context != NULL
        && OSSL_PARAM_BLD_push_utf8_string(builder, OSSL_PKEY_PARAM_GROUP_NAME, "prime256v1", 0) == 1
        && OSSL_PARAM_BLD_push_octet_string(builder, OSSL_PKEY_PARAM_PUB_KEY, point, point_length) == 1
        && (scalar == NULL || OSSL_PARAM_BLD_push_BN(builder, OSSL_PKEY_PARAM_PRIV_KEY, scalar) == 1)
        && (parameters = OSSL_PARAM_BLD_to_param(builder)) != NULL
        && EVP_PKEY_fromdata_init(context) == 1) {
        EVP_PKEY_fromdata(context, &key, scalar ? EVP_PKEY_KEYPAIR : EVP_PKEY_PUBLIC_KEY, parameters);
    }
    OSSL_PARAM_free(parameters);
    OSSL_PARAM_BLD_free(builder);
    EVP_PKEY_CTX_free(context);
    return key;
}

/// A P-256 private key from its 32-byte scalar, which must lie in [1, n-1]; its public point is computed.
static EVP_PKEY *p256_from_scalar(const uint8_t *bytes, size_t length) {
    if (length != 32) return NULL;
    EC_GROUP *group = EC_GROUP_new_by_curve_name(NID_X9_62_prime256v1);
    BIGNUM *scalar = BN_bin2bn(bytes, 32, NULL);
    EC_POINT *point = group ? EC_POINT_new(group) : NULL;
    EVP_PKEY *key = NULL;
    uint8_t encoded[65];
    if (point != NULL && scalar != NULL && !BN_is_zero(scalar) && BN_cmp(scalar, EC_GROUP_get0_order(group)) < 0
        && EC_POINT_mul(group, point, scalar, NULL, NULL, NULL) == 1
        && EC_POINT_point2oct(group, point, POINT_CONVERSION_UNCOMPRESSED, encoded, sizeof encoded, NULL) == 65) {
        key = p256_from_parameters(encoded, 65, scalar);
    }
    EC_POINT_free(point);
    BN_clear_free(scalar);
    EC_GROUP_free(group);
    return key;
}

/// Declines to give a passphrase: without a callback, OpenSSL would ask for an encrypted key's
/// on the terminal (under the workbench's screen).
int courier_no_passphrase(char *buffer, int size, int writing, void *context) {
    (void)buffer; (void)size; (void)writing; (void)context;
    return -1;
}

/// A PEM key: private (PKCS#8, SEC 1) or public (SubjectPublicKeyInfo).
static EVP_PKEY *pem_key(const void *text, size_t length, int private) {
    BIO *input = BIO_new_mem_buf(text, (int)length);
    if (input == NULL) return NULL;
    EVP_PKEY *key = private ? PEM_read_bio_PrivateKey(input, NULL, courier_no_passphrase, NULL)
                            : PEM_read_bio_PUBKEY(input, NULL, courier_no_passphrase, NULL);
    BIO_free(input);
    return key;
}

int courier_p256_sign(const void *key_bytes, size_t key_length, int is_pem, const void *message, size_t length,
                      uint8_t *signature) {
    ERR_clear_error();
    EVP_PKEY *key = is_pem ? pem_key(key_bytes, key_length, 1) : p256_from_scalar(key_bytes, key_length);
    if (!is_p256(key)) {
        EVP_PKEY_free(key);
        return -1;
    }
    EVP_MD_CTX *context = EVP_MD_CTX_new();
    uint8_t der[80];
    size_t der_length = sizeof der;
    ECDSA_SIG *parsed = NULL;
    int ok = context != NULL && EVP_DigestSignInit(context, NULL, EVP_sha256(), NULL, key) == 1
        && EVP_DigestSign(context, der, &der_length, length ? message : (const void *)"", length) == 1;
    if (ok) {
        const unsigned char *cursor = der;
        const BIGNUM *r = NULL, *s = NULL;
        parsed = d2i_ECDSA_SIG(NULL, &cursor, (long)der_length);
        if (parsed != NULL) ECDSA_SIG_get0(parsed, &r, &s);
        ok = parsed != NULL && BN_bn2binpad(r, signature, 32) == 32 && BN_bn2binpad(s, signature + 32, 32) == 32;
    }
    ECDSA_SIG_free(parsed);
    EVP_MD_CTX_free(context);
    EVP_PKEY_free(key);
    return ok ? 0 : -1;
}

int courier_p256_verify(const void *key_bytes, size_t key_length, int is_pem, const void *message, size_t length,
                        const uint8_t *signature, size_t signature_length) {
    ERR_clear_error();
    EVP_PKEY *key = NULL;
    if (is_pem) {
        key = pem_key(key_bytes, key_length, 0);
    } else if (key_length == 64 || (key_length == 65 && ((const uint8_t *)key_bytes)[0] == 4)) {
        uint8_t point[65] = {4};
        memcpy(point + 65 - key_length, key_bytes, key_length);
        key = p256_from_parameters(point, 65, NULL);
    }
    if (!is_p256(key)) {
        EVP_PKEY_free(key);
        ERR_clear_error();
        return -1;
    }
    int valid = 0;
    if (signature_length == 64) {
        ECDSA_SIG *parsed = ECDSA_SIG_new();
        BIGNUM *r = BN_bin2bn(signature, 32, NULL), *s = BN_bin2bn(signature + 32, 32, NULL);
        unsigned char *der = NULL;
        int der_length = -1;
        if (parsed != NULL && r != NULL && s != NULL && ECDSA_SIG_set0(parsed, r, s) == 1) {
            r = s = NULL;  // owned by parsed now
            der_length = i2d_ECDSA_SIG(parsed, &der);
        }
        EVP_MD_CTX *context = EVP_MD_CTX_new();
        valid = der_length > 0 && context != NULL && EVP_DigestVerifyInit(context, NULL, EVP_sha256(), NULL, key) == 1
            && EVP_DigestVerify(context, der, (size_t)der_length, length ? message : (const void *)"", length) == 1;
        EVP_MD_CTX_free(context);
        OPENSSL_free(der);
        BN_free(r);
        BN_free(s);
        ECDSA_SIG_free(parsed);
    }
    EVP_PKEY_free(key);
    ERR_clear_error();
    return valid ? 1 : 0;
}
