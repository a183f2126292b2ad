// The SQLite C API as Swift sees it, plus the one value that its headers define as a macro Swift cannot import.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>

// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

#endif
