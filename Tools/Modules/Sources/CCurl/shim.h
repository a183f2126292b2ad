// libcurl as `modules` uses it (the shared cache's HTTP client). `curl_easy_setopt` and `curl_easy_getinfo` are C
// variadic functions, which Swift cannot call, so each argument type gets a typed wrapper here.
#ifndef MODULES_CCURL_SHIM_H
#define MODULES_CCURL_SHIM_H

#include <curl/curl.h>

// The body callback's type (CURLOPT_WRITEFUNCTION): `count` items of `size` bytes at `data`; returns the bytes
// taken (anything else aborts the transfer).
typedef size_t (*modules_curl_write_callback)(char *data, size_t size, size_t count, void *context);

// An option whose argument is a long (timeouts in milliseconds, flags).
static inline CURLcode modules_curl_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

// An option whose argument is a NUL-terminated string (libcurl copies it).
static inline CURLcode modules_curl_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

// An option whose argument is a curl_off_t (a body's size in bytes).
static inline CURLcode modules_curl_setopt_offset(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

// An option whose argument is a pointer libcurl keeps until the transfer ends (a body, a header list, a context).
static inline CURLcode modules_curl_setopt_pointer(CURL *handle, CURLoption option, const void *value) {
    return curl_easy_setopt(handle, option, value);
}

// CURLOPT_WRITEFUNCTION.
static inline CURLcode modules_curl_setopt_write_callback(CURL *handle, modules_curl_write_callback callback) {
    return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

// An information item whose value is a long (CURLINFO_RESPONSE_CODE).
static inline CURLcode modules_curl_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

#endif
