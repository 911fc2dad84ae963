// The one door to ncurses. Swift cannot import C macros with arguments, and
// Swift 6 rejects ncurses' mutable globals (stdscr, LINES, COLS) as unsafe, so
// everything the Terminal target needs is wrapped here in small inline
// functions. Only the Terminal target imports this module.
#ifndef EMOJI_RATER_CNCURSES_SHIM_H
#define EMOJI_RATER_CNCURSES_SHIM_H

// Must come before curses.h: it switches on the wide-character API
// (add_wch, get_wch, setcchar, ...). SwiftPM drops pkg-config's -D flags,
// so it is set here rather than relied upon.
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <curses.h>
// term.h (setupterm, tigetstr) defines macros named `lines` and `columns`:
// parameters below avoid those names.
#include <term.h>
#include <langinfo.h>
#include <locale.h>
#include <signal.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <termios.h>
#include <unistd.h>
#include <wchar.h>
#include <wctype.h>
#include <pty.h>

// MARK: globals

static inline WINDOW *er_stdscr(void) { return stdscr; }
static inline WINDOW *er_curscr(void) { return curscr; }
static inline FILE *er_stdout(void) { return stdout; }
static inline FILE *er_stdin(void) { return stdin; }
static inline int er_colors(void) { return COLORS; }
static inline int er_color_pairs(void) { return COLOR_PAIRS; }

static inline void er_getmaxyx(WINDOW *win, int *out_rows, int *out_columns) {
    int y, x;
    getmaxyx(win, y, x);
    *out_rows = y;
    *out_columns = x;
}

// MARK: attributes and colours

static inline attr_t er_a_normal(void) { return A_NORMAL; }
static inline attr_t er_a_bold(void) { return A_BOLD; }
static inline attr_t er_a_dim(void) { return A_DIM; }
static inline attr_t er_a_reverse(void) { return A_REVERSE; }
static inline attr_t er_a_underline(void) { return A_UNDERLINE; }
static inline attr_t er_color_pair(short pair) { return COLOR_PAIR(pair); }

// MARK: mouse

static inline mmask_t er_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline mmask_t er_button1_released(void) { return BUTTON1_RELEASED; }
static inline mmask_t er_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline mmask_t er_button4_pressed(void) { return BUTTON4_PRESSED; }
static inline mmask_t er_button5_pressed(void) { return BUTTON5_PRESSED; }

// MARK: keys

static inline int er_key_f(int n) { return KEY_F(n); }

// MARK: width and locale

/// The columns the app gives `c`: its own figure where it declared one
/// (`er_set_column_overrides`), the C library's otherwise. ncurses asks the
/// same (columns.c), so the two always agree on where a cell ends.
/// (wchar.h declares `wcwidth` only under _XOPEN_SOURCE, which a module
/// build does not set before the first system header.)
int wcwidth(wchar_t c);
static inline int er_wcwidth(wchar_t c) { return wcwidth(c); }

/// The C library's own figure for `c`, whatever the app declared.
int er_library_wcwidth(wchar_t c);

/// The C library's own `iswprint`, whatever the app declared (columns.c
/// answers ncurses' `iswprint` from the same table as `wcwidth`).
int er_library_iswprint(wint_t c);

/// The characters ncurses holds in the cell at `row`, `column` of `win`
/// (at most `capacity`); returns how many, or -1 off the window. The cell
/// after a two-column character holds it again: ncurses marks it as its
/// second half.
static inline int er_cell_chars(WINDOW *win, int row, int column, wchar_t *chars, int capacity) {
    cchar_t cell;
    if (mvwin_wch(win, row, column, &cell) == ERR) return -1;
    wchar_t text[CCHARW_MAX + 1] = {0};
    attr_t attributes;
    short pair;
    if (getcchar(&cell, text, &attributes, &pair, NULL) == ERR) return -1;
    int count = 0;
    while (count < CCHARW_MAX && count < capacity && text[count] != 0) {
        chars[count] = text[count];
        count++;
    }
    return count;
}

/// Declares the columns of `count` code points (sorted, no repeats), in
/// place of any declared before; 0 to declare none. Returns 0, or -1 when
/// out of memory (the last table then stays).
int er_set_column_overrides(const unsigned int *scalars, const signed char *widths, int count);
static inline const char *er_codeset(void) { return nl_langinfo(CODESET); }

// MARK: sequences

/// Puts the `count` characters of one emoji sequence (at most CCHARW_MAX)
/// in the cell at `row`, `column` in the window's attributes. `setcchar`
/// would cut the sequence at its second spacing character (the 💻 of 👩‍💻,
/// the second letter of a flag); a `cchar_t` filled directly is sent whole,
/// and ncurses gives it the columns of its first character.
static inline int er_add_sequence(WINDOW *win, int row, int column, const wchar_t *chars, int count) {
    if (count < 1 || count > CCHARW_MAX) return ERR;
    cchar_t cell;
    wchar_t first[2] = {chars[0], 0};
    if (setcchar(&cell, first, A_NORMAL, 0, NULL) != OK) return ERR;
    for (int index = 1; index < count; index++) cell.chars[index] = chars[index];
    return mvwadd_wch(win, row, column, &cell);
}

/// Characters a `cchar_t` holds.
static inline int er_cchar_capacity(void) { return CCHARW_MAX; }

// MARK: terminal size

/// Reads the window size of `fd`; returns 0 on success.
static inline int er_window_size(int fd, int *out_rows, int *out_columns) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *out_rows = ws.ws_row;
    *out_columns = ws.ws_col;
    return 0;
}

/// Sets the window size of a (pseudo-)terminal; returns 0 on success.
static inline int er_set_window_size(int fd, int row_count, int column_count) {
    struct winsize ws = {0};
    ws.ws_row = (unsigned short)row_count;
    ws.ws_col = (unsigned short)column_count;
    return ioctl(fd, TIOCSWINSZ, &ws);
}

/// Bytes waiting to be read on `fd`, or -1.
static inline int er_bytes_readable(int fd) {
    int count = 0;
    return ioctl(fd, FIONREAD, &count) == 0 ? count : -1;
}

/// Opens a pseudo-terminal pair; returns 0 on success.
static inline int er_openpty(int *master, int *slave) {
    return openpty(master, slave, NULL, NULL, NULL);
}

#endif
