// ncursesw for Swift: wide-character API on, and accessors for the macros and global
// mutable state that Swift cannot import (attributes, line-drawing glyphs, screen size).
#ifndef COURIER_CNCURSES_SHIM_H
#define COURIER_CNCURSES_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif
#include <locale.h>
#include <ncursesw/curses.h>

static inline int courier_attr_bold(void) { return (int)A_BOLD; }
static inline int courier_attr_reverse(void) { return (int)A_REVERSE; }
static inline int courier_attr_dim(void) { return (int)A_DIM; }
static inline int courier_attr_underline(void) { return (int)A_UNDERLINE; }
static inline int courier_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline WINDOW *courier_stdscr(void) { return stdscr; }
static inline int courier_lines(void) { return LINES; }
static inline int courier_cols(void) { return COLS; }
static inline int courier_max_y(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)x; return y; }
static inline int courier_max_x(WINDOW *w) { int y, x; getmaxyx(w, y, x); (void)y; return x; }
static inline const cchar_t *courier_wacs_hline(void) { return WACS_HLINE; }
static inline const cchar_t *courier_wacs_vline(void) { return WACS_VLINE; }
static inline const cchar_t *courier_wacs_ulcorner(void) { return WACS_ULCORNER; }
static inline const cchar_t *courier_wacs_urcorner(void) { return WACS_URCORNER; }
static inline const cchar_t *courier_wacs_llcorner(void) { return WACS_LLCORNER; }
static inline const cchar_t *courier_wacs_lrcorner(void) { return WACS_LRCORNER; }

#endif
