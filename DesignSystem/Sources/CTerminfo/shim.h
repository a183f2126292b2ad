// The terminfo lookups of ncurses' low-level library (libtinfo): reading a terminal's capabilities by name,
// without starting curses. Only `Terminal.screenSupport(environment:)` uses it.
#ifndef CTERMINFO_SHIM_H
#define CTERMINFO_SHIM_H

#include <curses.h>
#include <term.h>

// Whether the terminfo entry `name` was found and, if so, whether it has the `cup` (cursor address) string
// capability. Returns 1 when the entry has `cup`, 0 when the entry exists without it, -1 when there is no such
// entry (or no terminfo database). The entry is loaded into a fresh TERMINAL and released before returning, so
// ncurses' current terminal is what it was; callers serialize calls because setupterm(3X) writes that global.
static inline int cterminfo_has_cursor_addressing(const char *name) {
    TERMINAL *previous = set_curterm(NULL);
    int status = 0;
    int result;
    if (setupterm(name, -1, &status) != OK || status != 1) {
        result = -1;
    } else {
        char *cup = tigetstr("cup");
        result = (cup != NULL && cup != (char *)-1) ? 1 : 0;
        TERMINAL *loaded = set_curterm(previous);
        del_curterm(loaded);
        return result;
    }
    set_curterm(previous);
    return result;
}

#endif
