#include <openssl/bio.h>
#include <openssl/cms.h>
#include <openssl/pkcs7.h>
#include <openssl/pem.h>
#include <openssl/err.h>
#include <openssl/evp.h>
#include <openssl/x509.h>

/* Macros with arguments and the STACK_OF helpers are not imported into Swift: wrap them. */
static inline long copenssl_bio_get_mem_data(BIO *bio, char **data) { return BIO_get_mem_data(bio, data); }
static inline STACK_OF(X509) *copenssl_x509_stack_new(void) { return sk_X509_new_null(); }
static inline int copenssl_x509_stack_push(STACK_OF(X509) *stack, X509 *cert) { return sk_X509_push(stack, cert); }
static inline int copenssl_x509_stack_count(const STACK_OF(X509) *stack) { return sk_X509_num(stack); }
static inline void copenssl_x509_stack_free(STACK_OF(X509) *stack) { sk_X509_pop_free(stack, X509_free); }
/* The library's own error code for "no more PEM objects in this input". */
static inline int copenssl_error_is_pem_no_start_line(unsigned long code) {
    return ERR_GET_LIB(code) == ERR_LIB_PEM && ERR_GET_REASON(code) == PEM_R_NO_START_LINE;
}
