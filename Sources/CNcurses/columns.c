// The app's own column widths, for ncurses too.
//
// ncurses works out where each cell of a line ends from `wcwidth` of the
// cell's first character, and the C library's table lags Unicode: glibc
// 2.36 gives a regional indicator (half a flag) one column, and knows no
// emoji after 14.0 at all. Where the app has asked the terminal and draws a
// whole flag in two columns, ncurses must count two as well, or every cell
// after it on the line is written one column off. ncurses offers no hook for
// widths, so this file defines `wcwidth` itself: the dynamic linker resolves
// ncurses' calls to the executable's definition before the C library's. It
// answers from a table the app declares, and passes every other character
// on to the C library's own function.
//
// `iswprint` too: ncurses 6.4 asks it as well as `wcwidth` when it adds a
// character, and glibc 2.36 calls every code point it does not know
// (Emoji 15.0 and after) unprintable, whatever its width. A declared
// character is printable exactly when it has columns.
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <wchar.h>
#include <wctype.h>

#include "shim.h"

struct column_table {
    int count;
    unsigned int *scalars;
    signed char *widths;
};

// Published whole with release order and read with acquire, so a reader on
// any thread sees a complete table. A replaced table is never freed: a
// reader may still be searching it, and the app declares one or two a run.
static _Atomic(struct column_table *) declared;

typedef int (*width_function)(wchar_t);
static _Atomic(width_function) library_function;

int er_library_wcwidth(wchar_t c) {
    width_function function = atomic_load_explicit(&library_function, memory_order_acquire);
    if (function == NULL) {
        function = (width_function)dlsym(RTLD_NEXT, "wcwidth");
        if (function == NULL) {
            // No C library beneath us (a static build): printable is one column.
            return c == 0 ? 0 : (c < 0x20 || (c >= 0x7F && c < 0xA0)) ? -1 : 1;
        }
        atomic_store_explicit(&library_function, function, memory_order_release);
    }
    return function(c);
}

// The declared width of `c` in `*width`; returns whether there is one.
static int declared_width(unsigned int c, int *width) {
    struct column_table *table = atomic_load_explicit(&declared, memory_order_acquire);
    if (table == NULL || table->count == 0 || c < table->scalars[0]
        || c > table->scalars[table->count - 1]) {
        return 0;
    }
    int low = 0, high = table->count - 1;
    while (low <= high) {
        int middle = low + (high - low) / 2;
        unsigned int scalar = table->scalars[middle];
        if (scalar == c) {
            *width = table->widths[middle];
            return 1;
        }
        if (scalar < c) low = middle + 1; else high = middle - 1;
    }
    return 0;
}

int wcwidth(wchar_t c) {
    int width;
    if (declared_width((unsigned int)c, &width)) return width;
    return er_library_wcwidth(c);
}

typedef int (*printable_function)(wint_t);
static _Atomic(printable_function) library_printable;

int er_library_iswprint(wint_t c) {
    printable_function function = atomic_load_explicit(&library_printable, memory_order_acquire);
    if (function == NULL) {
        function = (printable_function)dlsym(RTLD_NEXT, "iswprint");
        if (function == NULL) return er_library_wcwidth((wchar_t)c) >= 0;
        atomic_store_explicit(&library_printable, function, memory_order_release);
    }
    return function(c);
}

int iswprint(wint_t c) {
    int width;
    if (declared_width((unsigned int)c, &width)) return width > 0;
    return er_library_iswprint(c);
}

int er_set_column_overrides(const unsigned int *scalars, const signed char *widths, int count) {
    struct column_table *table = calloc(1, sizeof *table);
    if (table == NULL) return -1;
    if (count > 0) {
        table->scalars = malloc(sizeof *table->scalars * (size_t)count);
        table->widths = malloc(sizeof *table->widths * (size_t)count);
        if (table->scalars == NULL || table->widths == NULL) {
            free(table->scalars);
            free(table->widths);
            free(table);
            return -1;
        }
        memcpy(table->scalars, scalars, sizeof *table->scalars * (size_t)count);
        memcpy(table->widths, widths, sizeof *table->widths * (size_t)count);
        table->count = count;
    }
    atomic_store_explicit(&declared, table, memory_order_release);
    return 0;
}
