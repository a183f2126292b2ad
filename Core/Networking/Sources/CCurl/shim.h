// libcurl's C API as Swift sees it (Debian's libcurl4-openssl-dev, 7.88), plus typed wrappers for the variadic calls
// Swift cannot import: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take their argument through `...`,
// whose type the option decides (curl/curl.h, "CURLOPTTYPE_*"), so each wrapper below fixes one argument type.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>

// An option that takes a long (CURLOPTTYPE_LONG): flags, counts, timeouts.
static inline CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
    return curl_easy_setopt(handle, option, value);
}

// An option that takes a curl_off_t (CURLOPTTYPE_OFF_T): sizes that may exceed a long.
static inline CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
    return curl_easy_setopt(handle, option, value);
}

// An option that takes a string (CURLOPTTYPE_STRINGPOINT); libcurl copies the string before returning, except
// CURLOPT_POSTFIELDS (use CURLOPT_COPYPOSTFIELDS, which copies).
static inline CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
    return curl_easy_setopt(handle, option, value);
}

// An option that takes a pointer the caller keeps alive (CURLOPTTYPE_CBPOINT, CURLOPTTYPE_OBJECTPOINT): callback
// data, CURLOPT_ERRORBUFFER (at least CURL_ERROR_SIZE bytes).
static inline CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
    return curl_easy_setopt(handle, option, value);
}

// An option that takes a list of strings (CURLOPTTYPE_SLISTPOINT), such as CURLOPT_HTTPHEADER; the list must stay
// alive until the transfer is done.
static inline CURLcode ccurl_easy_setopt_slist(CURL *handle, CURLoption option, struct curl_slist *value) {
    return curl_easy_setopt(handle, option, value);
}

// CURLOPT_WRITEFUNCTION and CURLOPT_HEADERFUNCTION (curl_write_callback's signature).
static inline CURLcode ccurl_easy_setopt_write_callback(CURL *handle, CURLoption option, curl_write_callback value) {
    return curl_easy_setopt(handle, option, value);
}

// An info that answers a long (CURLINFO_LONG), such as CURLINFO_RESPONSE_CODE and CURLINFO_HTTP_VERSION.
static inline CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
    return curl_easy_getinfo(handle, info, value);
}

// A multi option that takes a long, such as CURLMOPT_MAX_HOST_CONNECTIONS.
static inline CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
    return curl_multi_setopt(multi, option, value);
}

// What a write callback returns to pause the transfer (libcurl keeps the data it offered and offers it again once
// the transfer is un-paused).
static inline size_t ccurl_writefunc_pause(void) {
    return CURL_WRITEFUNC_PAUSE;
}

// Un-pauses both directions of a transfer (curl_easy_pause with CURLPAUSE_CONT).
static inline CURLcode ccurl_easy_unpause(CURL *handle) {
    return curl_easy_pause(handle, CURLPAUSE_CONT);
}

// The error buffer's size (CURLOPT_ERRORBUFFER).
static inline size_t ccurl_error_size(void) {
    return CURL_ERROR_SIZE;
}

// The result of a finished transfer in a CURLMSG_DONE message (the member of an anonymous union).
static inline CURLcode ccurl_message_result(const CURLMsg *message) {
    return message->data.result;
}

#endif
