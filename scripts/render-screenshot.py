#!/usr/bin/env python3
"""Renders a terminal screen capture with ANSI colour escapes to a PNG.

Usage:
    python3 scripts/render-screenshot.py CAPTURE OUT.png [--cols 120] [--rows 40] [--font-size 15]

CAPTURE is what `tmux capture-pane -p -e -N` prints: the screen's text with SGR escapes
(`-N` keeps trailing spaces, which matters when they are coloured). For example:

    tmux -L shots new-session -d -x 120 -y 40 '.build/debug/courier tui workspaces/demo.yaml'
    tmux -L shots capture-pane -p -e -N -t 0 > screen.ansi
    tmux -L shots kill-server
    python3 scripts/render-screenshot.py screen.ansi screen.png

The capture is replayed in pyte (a terminal emulator) on a COLS x ROWS screen, so cursor
movement works too (screenshot_terminal.py), and drawn with Pillow in a dark One Dark-like
theme: 16 and 256 colours and truecolor; bold, dim, italic, underline, strikethrough and
reverse. Cell widths are glibc's wcwidth, as tmux and the workbench count them; wide
characters take two cells. Text is DejaVu Sans Mono, Chinese and Japanese WenQuanYi Micro
Hei, emoji Noto Color Emoji (a box when that font is missing). Box-drawing and block
characters are drawn as lines and rectangles (screenshot_glyphs.py), so borders and
progress bars have no seams. Cells are 9 x 19 pixels at the default font size; the same
input always gives the same PNG.

Needs pyte, Pillow and the fonts: scripts/screenshot-bootstrap.sh installs them.
"""

import argparse
import functools
import os
import sys
from typing import Tuple

from PIL import Image, ImageDraw, ImageFont

from screenshot_glyphs import GlyphPainter
from screenshot_terminal import Cell, Colour, cell_width, replay

RGB = Tuple[int, int, int]

FONT_DIRECTORY = "/usr/share/fonts/truetype/"
MONO_FONTS = {  # (bold, italic) -> file
    (False, False): "dejavu/DejaVuSansMono.ttf",
    (True, False): "dejavu/DejaVuSansMono-Bold.ttf",
    (False, True): "dejavu/DejaVuSansMono-Oblique.ttf",
    (True, True): "dejavu/DejaVuSansMono-BoldOblique.ttf",
}
CJK_FONT = "wqy/wqy-microhei.ttc"
CJK_FACE = 1  # WenQuanYi Micro Hei Mono
EMOJI_FONT = "noto/NotoColorEmoji.ttf"
EMOJI_STRIKE = 109  # the only size a bitmap colour-emoji font renders at
NOT_A_CHARACTER = "\U0010FFFD"  # in no font: what a font draws for a missing glyph

BACKGROUND: RGB = (0x28, 0x2C, 0x34)
FOREGROUND: RGB = (0xAB, 0xB2, 0xBF)
ANSI_COLOURS = [  # One Dark-like: black red green yellow blue magenta cyan white, then bright
    (0x21, 0x25, 0x2B), (0xE0, 0x6C, 0x75), (0x98, 0xC3, 0x79), (0xE5, 0xC0, 0x7B),
    (0x61, 0xAF, 0xEF), (0xC6, 0x78, 0xDD), (0x56, 0xB6, 0xC2), (0xAB, 0xB2, 0xBF),
    (0x5C, 0x63, 0x70), (0xF0, 0x82, 0x8B), (0xB5, 0xD9, 0x94), (0xF2, 0xD0, 0x8F),
    (0x82, 0xC4, 0xF7), (0xD9, 0x9C, 0xEA), (0x7C, 0xCE, 0xD8), (0xFF, 0xFF, 0xFF),
]


def resolve(colour: Colour, default: RGB) -> RGB:
    """The RGB value of an SGR colour: the theme for 0-15, xterm's cube and greys above."""
    if colour is None:
        return default
    if isinstance(colour, tuple):
        return colour
    if colour < 16:
        return ANSI_COLOURS[colour]
    if colour < 232:
        levels = (0, 0x5F, 0x87, 0xAF, 0xD7, 0xFF)
        index = colour - 16
        return levels[index // 36], levels[index // 6 % 6], levels[index % 6]
    grey = 8 + (colour - 232) * 10
    return grey, grey, grey


def blend(colour: RGB, background: RGB, amount: float) -> RGB:
    """`amount` of `colour` over `background`."""
    return tuple(round(c * amount + b * (1 - amount)) for c, b in zip(colour, background))


def load_font(path: str, size: int, index: int = 0):
    """A font from FONT_DIRECTORY, or None when it is not installed."""
    full = os.path.join(FONT_DIRECTORY, path)
    if not os.path.exists(full):
        return None
    return ImageFont.truetype(full, size, index=index, layout_engine=ImageFont.Layout.BASIC)


class Renderer:
    """Draws a screen of cells onto an image, one cell at a time."""

    def __init__(self, font_size: int, padding: int):
        self.fonts = {style: load_font(path, font_size) for style, path in MONO_FONTS.items()}
        if None in self.fonts.values():
            sys.exit(f"render-screenshot: DejaVu Sans Mono is missing under {FONT_DIRECTORY}dejavu; "
                     "run scripts/screenshot-bootstrap.sh")
        regular = self.fonts[(False, False)]
        self.cjk = load_font(CJK_FONT, font_size, CJK_FACE)
        self.emoji = load_font(EMOJI_FONT, EMOJI_STRIKE)
        ascent, descent = regular.getmetrics()
        self.cell_width = round(regular.getlength("M"))
        self.cell_height = ascent + descent + 1
        self.baseline = ascent + (self.cell_height - ascent - descent) // 2
        self.padding = padding
        self.glyphs = GlyphPainter(self.cell_width, self.cell_height, light=max(1, round(font_size / 15)))

    def render(self, screen) -> Image.Image:
        size = (screen.columns * self.cell_width + 2 * self.padding, screen.lines * self.cell_height + 2 * self.padding)
        image = Image.new("RGB", size, BACKGROUND)
        draw = ImageDraw.Draw(image)
        cells = [(screen.buffer[row][column], self.padding + column * self.cell_width, self.padding + row * self.cell_height)
                 for row in range(screen.lines) for column in range(screen.columns)]
        for cell, x, y in cells:  # every background first: a wide glyph spans two cells
            background = self.colours(cell)[1]
            if background != BACKGROUND:
                draw.rectangle([x, y, x + self.cell_width - 1, y + self.cell_height - 1], fill=background)
        for cell, x, y in cells:
            self.draw_foreground(image, draw, cell, x, y)
        return image

    def colours(self, cell: Cell) -> Tuple[RGB, RGB]:
        """(foreground, background) after reverse and dim."""
        foreground, background = resolve(cell.fg, FOREGROUND), resolve(cell.bg, BACKGROUND)
        if cell.reverse:
            foreground, background = background, foreground
        if cell.dim:
            foreground = blend(foreground, background, 0.55)
        return foreground, background

    def draw_foreground(self, image: Image.Image, draw: ImageDraw.ImageDraw, cell: Cell, x: int, y: int) -> None:
        """The cell's character, underline and strikethrough."""
        foreground = self.colours(cell)[0]
        char = cell.data[:1]
        if char and char != " ":
            if GlyphPainter.handles(char):
                box = (x, y, x + self.cell_width, y + self.cell_height)
                image.paste(foreground, box, self.glyphs.mask(char))
            else:
                self.draw_text(image, draw, cell, foreground, x, y, 2 if cell_width(char) == 2 else 1)
        if cell.underscore:
            underline = y + self.baseline + 2
            draw.rectangle([x, underline, x + self.cell_width - 1, underline], fill=foreground)
        if cell.strikethrough:
            middle = y + self.baseline - self.cell_height // 4
            draw.rectangle([x, middle, x + self.cell_width - 1, middle], fill=foreground)

    def draw_text(self, image, draw, cell: Cell, foreground: RGB, x: int, y: int, width: int) -> None:
        """A character from the first font that has it, centred in its `width` cells."""
        span = width * self.cell_width
        text = cell.data
        font = self.fonts[(cell.bold, cell.italics)]
        if width == 2 or not has_glyph(font, text[0]):
            if has_emoji(self.emoji, text[0]):
                emoji = self.emoji_image(text[0], span)
                image.paste(emoji, (x + (span - emoji.width) // 2, y + (self.cell_height - emoji.height) // 2), emoji)
                return
            if self.cjk is not None and has_glyph(self.cjk, text[0]):
                font = self.cjk
            elif width == 2:  # no font has it
                draw.rectangle([x + 2, y + 3, x + span - 3, y + self.cell_height - 4], outline=foreground)
                return
        left = x + (span - round(font.getlength(text))) // 2
        draw.text((left, y + self.baseline), text, font=font, fill=foreground, anchor="ls")

    @functools.lru_cache(maxsize=None)
    def emoji_image(self, char: str, span: int) -> Image.Image:
        """The colour emoji scaled to fit `span` pixels by a cell's height."""
        strike = Image.new("RGBA", (EMOJI_STRIKE * 2, EMOJI_STRIKE * 2), (0, 0, 0, 0))
        ImageDraw.Draw(strike).text((0, 0), char, font=self.emoji, embedded_color=True)
        strike = strike.crop(strike.getbbox())
        scale = min(span / strike.width, (self.cell_height - 2) / strike.height)
        size = (max(1, round(strike.width * scale)), max(1, round(strike.height * scale)))
        return strike.resize(size, Image.Resampling.LANCZOS)


@functools.lru_cache(maxsize=None)
def has_glyph(font, char: str) -> bool:
    """Whether `font` draws `char` as something other than its missing-glyph box."""
    missing = font.getmask(NOT_A_CHARACTER)
    drawn = font.getmask(char)
    return drawn.size != missing.size or bytes(drawn) != bytes(missing)


@functools.lru_cache(maxsize=None)
def has_emoji(font, char: str) -> bool:
    """Whether the colour-emoji `font` (possibly None) has `char`: it draws nothing otherwise."""
    if font is None:
        return False
    left, top, right, bottom = font.getbbox(char)
    return bottom > top and right > left


def main() -> None:
    parser = argparse.ArgumentParser(description="Render an ANSI screen capture (tmux capture-pane -p -e -N) to a PNG.")
    parser.add_argument("capture", help="the capture: text with SGR escapes")
    parser.add_argument("output", help="the PNG to write")
    parser.add_argument("--cols", type=int, default=120, help="screen width in cells (default 120)")
    parser.add_argument("--rows", type=int, default=40, help="screen height in cells (default 40)")
    parser.add_argument("--font-size", type=int, default=15, help="pixels; 15 gives 9 x 19 cells (default)")
    parser.add_argument("--padding", type=int, default=12, help="pixels around the grid (default 12)")
    arguments = parser.parse_args()
    with open(arguments.capture, encoding="utf-8", errors="replace") as file:
        screen = replay(file.read(), arguments.cols, arguments.rows)
    image = Renderer(arguments.font_size, arguments.padding).render(screen)
    image.save(arguments.output, format="PNG")


if __name__ == "__main__":
    main()
