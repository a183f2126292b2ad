// libmicrohttpd as Swift sees it, plus what Swift cannot call directly: `MHD_start_daemon` and
// `MHD_get_daemon_info` are C variadic functions, so the daemon is started from a typed options struct here, with
// every option passed through `MHD_OPTION_ARRAY`.
#ifndef SAMPLEBACKEND_CMICROHTTPD_SHIM_H
#define SAMPLEBACKEND_CMICROHTTPD_SHIM_H

// microhttpd.h expects these to be included first.
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include <sys/socket.h>
#include <microhttpd.h>

// MHD_OPTION_UNESCAPE_CALLBACK's function type (the header names none): rewrites `text` in place (never longer)
// and returns its new length.
typedef size_t (*sbmhd_unescape_callback)(void *context, struct MHD_Connection *connection, char *text);

// Everything the daemon is started with. Callbacks left NULL are not installed.
typedef struct {
    unsigned int flags;                        // MHD_FLAG bits, OR-ed
    const struct sockaddr *address;            // where to listen (the port inside; 0 = ephemeral)
    unsigned int thread_pool_size;             // > 1 starts a pool of polling threads
    unsigned int connection_timeout_seconds;   // 0 = never
    size_t connection_memory_limit;            // bytes per connection; bounds request line + headers
    unsigned int connection_limit;             // 0 = libmicrohttpd's default
    unsigned int per_ip_connection_limit;      // 0 = none; past it a connection is closed at once, unanswered
    unsigned int listen_backlog;               // 0 = libmicrohttpd's default (SOMAXCONN)
    MHD_LogCallback logger;                    // must be the first option, or early messages go to stderr
    void *logger_context;
    MHD_RequestCompletedCallback completed;
    void *completed_context;
    sbmhd_unescape_callback unescape;
    void *unescape_context;
    MHD_NotifyConnectionCallback notify_connection;
    void *notify_connection_context;
} sbmhd_daemon_options;

// Starts a daemon; NULL when libmicrohttpd refuses (address in use, bad option, no resources).
static inline struct MHD_Daemon *sbmhd_start_daemon(const sbmhd_daemon_options *options,
                                                    MHD_AccessHandlerCallback access, void *access_context) {
    struct MHD_OptionItem items[14];
    int count = 0;
    if (options->logger != NULL) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_EXTERNAL_LOGGER, (intptr_t)options->logger,
                                                 options->logger_context};
    }
    if (options->completed != NULL) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_COMPLETED, (intptr_t)options->completed,
                                                 options->completed_context};
    }
    if (options->unescape != NULL) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_UNESCAPE_CALLBACK, (intptr_t)options->unescape,
                                                 options->unescape_context};
    }
    if (options->notify_connection != NULL) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_NOTIFY_CONNECTION, (intptr_t)options->notify_connection,
                                                 options->notify_connection_context};
    }
    if (options->per_ip_connection_limit > 0) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_PER_IP_CONNECTION_LIMIT,
                                                 (intptr_t)options->per_ip_connection_limit, NULL};
    }
    if (options->listen_backlog > 0) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_LISTEN_BACKLOG_SIZE, (intptr_t)options->listen_backlog,
                                                 NULL};
    }
    items[count++] = (struct MHD_OptionItem){MHD_OPTION_SOCK_ADDR, 0, (void *)options->address};
    if (options->thread_pool_size > 1) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_THREAD_POOL_SIZE, (intptr_t)options->thread_pool_size,
                                                 NULL};
    }
    if (options->connection_timeout_seconds > 0) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_TIMEOUT,
                                                 (intptr_t)options->connection_timeout_seconds, NULL};
    }
    if (options->connection_memory_limit > 0) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_MEMORY_LIMIT,
                                                 (intptr_t)options->connection_memory_limit, NULL};
    }
    if (options->connection_limit > 0) {
        items[count++] = (struct MHD_OptionItem){MHD_OPTION_CONNECTION_LIMIT, (intptr_t)options->connection_limit,
                                                 NULL};
    }
    items[count] = (struct MHD_OptionItem){MHD_OPTION_END, 0, NULL};
    return MHD_start_daemon(options->flags, 0, NULL, NULL, access, access_context, MHD_OPTION_ARRAY, items,
                            MHD_OPTION_END);
}

// The port the daemon listens on (the ephemeral one when started with port 0); 0 when unknown.
static inline uint16_t sbmhd_bound_port(struct MHD_Daemon *daemon) {
    const union MHD_DaemonInfo *info = MHD_get_daemon_info(daemon, MHD_DAEMON_INFO_BIND_PORT);
    return info != NULL ? info->port : 0;
}

// The socket of a connection (MHD_get_connection_info is variadic); -1 when unknown.
static inline int sbmhd_connection_fd(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_CONNECTION_FD);
    return info != NULL ? info->connect_fd : -1;
}

// The per-connection pointer set in the connection-started notification; NULL when none.
static inline void *sbmhd_socket_context(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info = MHD_get_connection_info(connection, MHD_CONNECTION_INFO_SOCKET_CONTEXT);
    return info != NULL ? info->socket_context : NULL;
}

// The size in bytes of the request line and headers libmicrohttpd received for the connection's current request;
// 0 when unknown.
static inline size_t sbmhd_request_header_size(struct MHD_Connection *connection) {
    const union MHD_ConnectionInfo *info =
        MHD_get_connection_info(connection, MHD_CONNECTION_INFO_REQUEST_HEADER_SIZE);
    return info != NULL ? info->header_size : 0;
}

#endif
