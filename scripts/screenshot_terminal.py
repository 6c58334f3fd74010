"""Terminal emulation for render-screenshot.py: replays a screen capture in pyte with
glibc's character widths and SGR attributes kept as render-screenshot needs them."""

import ctypes
import ctypes.util
import functools
import sys
import unicodedata
from typing import NamedTuple, Tuple, Union

import pyte
import pyte.modes
import pyte.screens

#: A colour as SGR sets it: a palette index (0-255), an RGB triple, or None for the default.
Colour = Union[int, Tuple[int, int, int], None]


def _glibc_wcwidth():
    libc = ctypes.CDLL(ctypes.util.find_library("c"))
    libc.wcwidth.argtypes = [ctypes.c_wchar]
    if not libc.setlocale(0, b"C.UTF-8"):  # 0: LC_CTYPE
        sys.exit("render-screenshot: the C.UTF-8 locale is missing; glibc's wcwidth needs it")
    return libc.wcwidth


_WCWIDTH = _glibc_wcwidth()


@functools.lru_cache(maxsize=None)
def cell_width(char: str) -> int:
    """Cells `char` takes as tmux and the workbench count them (glibc's wcwidth): 0 for
    combining and other zero-width characters, 1 or 2; -1 for control characters."""
    width = _WCWIDTH(char)
    if width < 0 and unicodedata.category(char) not in ("Cc", "Cf"):
        return 1  # not in glibc's table: drawn in one cell
    return width


pyte.screens.wcwidth = cell_width  # pyte lays text out with this module-level function


class Cell(NamedTuple):
    """One screen cell: its character (empty in the second cell of a wide one) and attributes."""
    data: str
    fg: Colour = None
    bg: Colour = None
    bold: bool = False
    dim: bool = False
    italics: bool = False
    underscore: bool = False
    strikethrough: bool = False
    reverse: bool = False


_SET = {1: "bold", 2: "dim", 3: "italics", 4: "underscore", 7: "reverse", 9: "strikethrough"}
_RESET = {23: "italics", 24: "underscore", 27: "reverse", 29: "strikethrough"}


class CaptureScreen(pyte.Screen):
    """A pyte screen of ``Cell``s, with SGR handling of its own: pyte's ignores dim and
    turns palette colours into xterm's RGB values rather than leaving them to the theme."""

    @property
    def default_char(self) -> Cell:
        return Cell(" ", reverse=pyte.modes.DECSCNM in self.mode)

    def reset(self) -> None:
        super().reset()
        self.cursor.attrs = self.default_char

    def draw(self, data: str) -> None:
        # pyte stops drawing at a zero-width character it cannot combine (ZWJ, VS16): drop them.
        kept = (c for c in data if cell_width(c) > 0 or (cell_width(c) == 0 and unicodedata.combining(c)))
        super().draw("".join(kept))

    def select_graphic_rendition(self, *params: int, private: bool = False) -> None:
        if private:
            return
        attrs = self.cursor.attrs._asdict()
        params = list(params) or [0]
        while params:
            code = params.pop(0)
            if code == 0:
                attrs = self.default_char._asdict()
            elif code in _SET:
                attrs[_SET[code]] = True
            elif code == 22:
                attrs["bold"] = attrs["dim"] = False
            elif code in _RESET:
                attrs[_RESET[code]] = False
            elif 30 <= code <= 37 or 90 <= code <= 97:
                attrs["fg"] = code - 30 if code < 90 else code - 82
            elif 40 <= code <= 47 or 100 <= code <= 107:
                attrs["bg"] = code - 40 if code < 100 else code - 92
            elif code in (39, 49):
                attrs["fg" if code == 39 else "bg"] = None
            elif code in (38, 48) and params:
                key = "fg" if code == 38 else "bg"
                mode = params.pop(0)
                if mode == 5 and params:
                    attrs[key] = params.pop(0) % 256
                elif mode == 2 and len(params) >= 3:
                    attrs[key] = tuple(min(255, params.pop(0)) for _ in range(3))
        attrs["data"] = " "
        self.cursor.attrs = Cell(**attrs)


def replay(capture: str, columns: int, rows: int) -> CaptureScreen:
    """The screen after printing the capture's lines one below the other."""
    screen = CaptureScreen(columns, rows)
    lines = capture.replace("\r\n", "\n").split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    pyte.Stream(screen).feed("\r\n".join(lines))
    return screen
