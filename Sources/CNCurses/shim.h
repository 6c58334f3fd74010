// ncursesw for Swift: wide-character API on, and accessors for the macros and global
// mutable state that Swift cannot import (attributes, line-drawing glyphs, screen size,
// mouse masks, colours).
#ifndef COURIER_CNCURSES_SHIM_H
#define COURIER_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <sys/ioctl.h>
#include <unistd.h>

static inline int courier_attr_bold(void) { return (int)A_BOLD; }
static inline int courier_attr_reverse(void) { return (int)A_REVERSE; }
static inline int courier_attr_dim(void) { return (int)A_DIM; }
static inline int courier_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int courier_attr_italic(void) { return (int)A_ITALIC; }
static inline int courier_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline WINDOW *courier_stdscr(void) { return stdscr; }
static inline WINDOW *courier_curscr(void) { return curscr; }
static inline int courier_lines(void) { return LINES; }
static inline int courier_cols(void) { return COLS; }
static inline int courier_colors(void) { return COLORS; }
static inline int courier_color_pairs(void) { return COLOR_PAIRS; }
static inline int courier_max_y(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int courier_max_x(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline const cchar_t *courier_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *courier_wacs_vline(void) { return WACS_VLINE; }
static inline const cchar_t *courier_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *courier_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *courier_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *courier_wacs_lrcorner(void) { return WACS_LRCORNER; }

/// Sets the attributes and colour pair later output uses (`wattr_set` may be a macro).
static inline void courier_set_attributes(WINDOW *w, int attributes, int pair) {
    wattr_set(w, (attr_t)attributes, (short)pair, NULL);
}
/// Writes `n` wide characters at a position (`mvwaddnwstr` may be a macro).
static inline int courier_put(WINDOW *w, int y, int x, const wchar_t *text, int n) {
    return mvwaddnwstr(w, y, x, text, n);
}
/// The terminal key code of F`n`.
static inline int courier_key_f(int n) { return KEY_F(n); }

// Mouse: clicks and wheel steps.
static inline unsigned long courier_mouse_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline unsigned long courier_mouse_button1_clicked(void) { return BUTTON1_CLICKED; }
static inline unsigned long courier_mouse_button1_released(void) { return BUTTON1_RELEASED; }
static inline unsigned long courier_mouse_wheel_up(void) { return BUTTON4_PRESSED; }
#ifdef BUTTON5_PRESSED
static inline unsigned long courier_mouse_wheel_down(void) { return BUTTON5_PRESSED; }
#else
static inline unsigned long courier_mouse_wheel_down(void) { return 0; }
#endif

/// The terminal's size from the kernel, for a resize; 0 when it cannot tell.
static inline int courier_terminal_size(int fd, int *rows, int *columns) {
    struct winsize size;
    if (ioctl(fd, TIOCGWINSZ, &size) != 0 || size.ws_row == 0) return 0;
    *rows = size.ws_row;
    *columns = size.ws_col;
    return 1;
}

// Last: term.h defines macros named like terminfo capabilities (`columns`, `lines`) that
// would rename the parameters of the functions above.
#include <ncursesw/term.h>

/// Whether the terminal `TERM` names (on `fd`) can move the cursor and clear the screen
/// (terminfo's `cup` and `clear`): without them (TERM=dumb) a full-screen program draws one
/// garbled line. Asked before curses starts, so nothing is written to the terminal.
static inline int courier_terminal_can_address_cursor(int fd) {
    int status = 0;
    if (setupterm(NULL, fd, &status) != OK) return 0;
    char *cup = tigetstr("cup");
    char *clear = tigetstr("clear");
    int capable = cup != NULL && cup != (char *)-1 && clear != NULL && clear != (char *)-1;
    del_curterm(cur_term);
    return capable;
}

#endif
