// libcurl's C API as Swift sees it (Debian's libcurl4-openssl-dev, 7.88), plus typed wrappers for the variadic calls
// Swift cannot import: curl_easy_setopt, curl_easy_getinfo and curl_multi_setopt take their argument through `...`,
// whose type the option decides (curl/curl.h, "CURLOPTTYPE_*"), so each wrapper below fixes one argument type. The
// driver's event loop (epoll and an eventfd, Linux's) has wrappers here too.
#ifndef CCURL_SHIM_H
#define CCURL_SHIM_H

#include <curl/curl.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/epoll.h>
#include <sys/eventfd.h>
#include <unistd.h>

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

// CURLMOPT_SOCKETFUNCTION: libcurl says which sockets to watch, and for what (curl_socket_callback's signature).
static inline CURLMcode ccurl_multi_setopt_socket_callback(CURLM *multi, curl_socket_callback value) {
    return curl_multi_setopt(multi, CURLMOPT_SOCKETFUNCTION, value);
}

// A multi option that takes a pointer the caller keeps alive, such as CURLMOPT_SOCKETDATA.
static inline CURLMcode ccurl_multi_setopt_pointer(CURLM *multi, CURLMoption option, void *value) {
    return curl_multi_setopt(multi, option, value);
}

// The socket that curl_multi_socket_action is told about when a timeout, not a socket, is due.
static inline curl_socket_t ccurl_socket_timeout(void) {
    return CURL_SOCKET_TIMEOUT;
}

// The driver's event loop: an epoll set of libcurl's sockets and an eventfd that wakes it. Swift's Glibc module does
// not export <sys/epoll.h> or <sys/eventfd.h>, and struct epoll_event is packed on x86_64, so these wrappers take
// and give plain values: a descriptor and its event bits.

// A new epoll instance (close-on-exec), or -1 with errno.
static inline int ccurl_epoll_create(void) {
    return epoll_create1(EPOLL_CLOEXEC);
}

// A new non-blocking, close-on-exec eventfd with a count of 0, or -1 with errno.
static inline int ccurl_eventfd_create(void) {
    return eventfd(0, EFD_NONBLOCK | EFD_CLOEXEC);
}

// Adds 1 to an eventfd's count (wakes whoever waits for it to be readable); -1 with errno when it failed.
static inline int ccurl_eventfd_signal(int descriptor) {
    uint64_t one = 1;
    return write(descriptor, &one, sizeof one) == (ssize_t)sizeof one ? 0 : -1;
}

// Resets an eventfd's count to 0 (it is non-blocking, so an empty one answers at once).
static inline void ccurl_eventfd_drain(int descriptor) {
    uint64_t count;
    ssize_t ignored = read(descriptor, &count, sizeof count);
    (void)ignored;
}

// Watches `descriptor` for `events` (EPOLLIN, EPOLLOUT), adding it to the set or changing what it is watched for;
// 0, or -1 with errno.
static inline int ccurl_epoll_watch(int epoll, int descriptor, uint32_t events) {
    struct epoll_event event = {.events = events, .data = {.fd = descriptor}};
    if (epoll_ctl(epoll, EPOLL_CTL_MOD, descriptor, &event) == 0) return 0;
    return epoll_ctl(epoll, EPOLL_CTL_ADD, descriptor, &event);
}

// Stops watching `descriptor` (an error, such as a descriptor closed already, is ignored: the kernel drops a closed
// descriptor from the set by itself).
static inline void ccurl_epoll_unwatch(int epoll, int descriptor) {
    struct epoll_event event = {0};
    (void)epoll_ctl(epoll, EPOLL_CTL_DEL, descriptor, &event);
}

// The epoll bits for what a socket callback asks (CURL_POLL_IN, _OUT, _INOUT); 0 for CURL_POLL_NONE and
// CURL_POLL_REMOVE, which mean the socket is not to be watched.
static inline uint32_t ccurl_epoll_events(int what) {
    switch (what) {
    case CURL_POLL_IN: return EPOLLIN;
    case CURL_POLL_OUT: return EPOLLOUT;
    case CURL_POLL_INOUT: return EPOLLIN | EPOLLOUT;
    default: return 0;
    }
}

// Waits up to `timeout` ms (-1: until an event) for at most `capacity` (at most 256) ready descriptors, written to
// `descriptors` with their bits in `events`; the count, 0 on timeout, -1 with errno (EINTR when a signal came).
static inline int ccurl_epoll_wait(int epoll, int *descriptors, uint32_t *events, int capacity, int timeout) {
    struct epoll_event ready[256];
    if (capacity > 256) capacity = 256;
    int count = epoll_wait(epoll, ready, capacity, timeout);
    for (int index = 0; index < count; index++) {
        descriptors[index] = ready[index].data.fd;
        events[index] = ready[index].events;
    }
    return count;
}

// libcurl's CURL_CSELECT_* bits for what epoll reported on a socket: readable (a hang-up included, so libcurl reads
// the end), writable, or an error.
static inline int ccurl_select_bits(uint32_t events) {
    int bits = 0;
    if (events & (EPOLLIN | EPOLLHUP | EPOLLRDHUP)) bits |= CURL_CSELECT_IN;
    if (events & EPOLLOUT) bits |= CURL_CSELECT_OUT;
    if (events & EPOLLERR) bits |= CURL_CSELECT_ERR;
    return bits;
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
