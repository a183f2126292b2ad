// OpenSSL's libcrypto as `modules` uses it: SHA-256 through the EVP interface (FIPS 180-4), for action keys and
// for checking every blob read from the shared cache against its digest.
#ifndef MODULES_CCRYPTO_SHIM_H
#define MODULES_CCRYPTO_SHIM_H

#include <openssl/evp.h>

#endif
