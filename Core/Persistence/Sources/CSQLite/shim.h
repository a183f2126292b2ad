// The SQLite C API as Swift sees it, plus the one value that its headers define as a macro Swift cannot import.
#ifndef CSQLITE_SHIM_H
#define CSQLITE_SHIM_H

#include <sqlite3.h>
#include <stddef.h>
#include <stdint.h>

// SQLITE_TRANSIENT: SQLite copies a bound text or blob before the bind call returns.
static inline sqlite3_destructor_type csqlite_transient(void) {
    return SQLITE_TRANSIENT;
}

// The start of the connection's wal-index (the `-shm` file SQLite maps for a database in WAL mode), through the VFS's
// own `xShmMap` (sqlite3.h, "sqlite3_io_methods", version 2 and later) on the file `SQLITE_FCNTL_FILE_POINTER`
// returns; NULL when the connection has no wal-index (in memory, another journal mode, a VFS without shared memory).
// The mapping belongs to the connection and stays valid until the connection is closed.
static inline const volatile void *csqlite_wal_index(sqlite3 *db) {
    sqlite3_file *file = NULL;
    if (sqlite3_file_control(db, "main", SQLITE_FCNTL_FILE_POINTER, &file) != SQLITE_OK || file == NULL ||
        file->pMethods == NULL || file->pMethods->iVersion < 2 || file->pMethods->xShmMap == NULL) {
        return NULL;
    }
    volatile void *region = NULL;
    if (file->pMethods->xShmMap(file, 0, 32768, 0, &region) != SQLITE_OK) {
        return NULL;
    }
    return region;
}

// Copies the wal-index header (https://www.sqlite.org/walformat.html, section 2.1: 48 bytes, kept twice, whose
// `iChange` field grows with every committed transaction) into `out` the way SQLite's own readers do: the first
// copy, a memory barrier, the second copy; returns 1 when both copies agree and the header is initialized, 0 while
// a writer is between the two copies or before the first transaction.
static inline int csqlite_wal_index_header(const volatile void *region, uint64_t out[6]) {
    const volatile uint64_t *words = (const volatile uint64_t *)region;
    uint64_t first[6];
    for (int index = 0; index < 6; index++) {
        first[index] = words[index];
    }
    __atomic_thread_fence(__ATOMIC_SEQ_CST);
    for (int index = 0; index < 6; index++) {
        if (words[6 + index] != first[index]) {
            return 0;
        }
    }
    // isInit is the byte at offset 12.
    if (((const unsigned char *)first)[12] == 0) {
        return 0;
    }
    for (int index = 0; index < 6; index++) {
        out[index] = first[index];
    }
    return 1;
}

#endif
