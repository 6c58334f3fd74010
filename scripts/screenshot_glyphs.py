"""Box-drawing (U+2500-U+257F) and block (U+2580-U+259F) characters for
render-screenshot.py, drawn as lines and rectangles that meet their neighbours
without seams, instead of taken from a font."""

import functools
import unicodedata
from typing import NamedTuple, Tuple

from PIL import Image, ImageDraw


class BoxGlyph(NamedTuple):
    """A box-drawing character: its arms (direction -> light, heavy or double) and style."""
    arms: dict
    dashes: int = 0
    arc: bool = False
    diagonals: Tuple[str, ...] = ()


def box_glyph(char: str) -> BoxGlyph:
    """Reads a box-drawing character's shape from its Unicode name, e.g. `BOX DRAWINGS DOWN
    LIGHT AND RIGHT HEAVY`: each AND-group names directions and a weight, which a group
    without one takes from the group before."""
    words = unicodedata.name(char).split()[2:]
    if words[:2] == ["LIGHT", "DIAGONAL"]:
        text = " ".join(words[2:])
        return BoxGlyph({}, diagonals={"UPPER RIGHT TO LOWER LEFT": ("/",),
                                       "UPPER LEFT TO LOWER RIGHT": ("\\",), "CROSS": ("/", "\\")}[text])
    dashes = 0
    for count, name in ((2, "DOUBLE"), (3, "TRIPLE"), (4, "QUADRUPLE")):
        if name in words and "DASH" in words:
            dashes = count
            words.remove(name)
            words.remove("DASH")
    arc = "ARC" in words
    arms, weight = {}, "light"
    directions = {"UP": ("up",), "DOWN": ("down",), "LEFT": ("left",), "RIGHT": ("right",),
                  "VERTICAL": ("up", "down"), "HORIZONTAL": ("left", "right")}
    weights = {"LIGHT": "light", "SINGLE": "light", "HEAVY": "heavy", "DOUBLE": "double"}
    for group in " ".join(w for w in words if w != "ARC").split(" AND "):
        parts = group.split()
        weight = next((weights[p] for p in parts if p in weights), weight)
        for part in parts:
            for direction in directions.get(part, ()):
                arms[direction] = weight
    return BoxGlyph(arms, dashes, arc)


OPPOSITE = {"up": "down", "down": "up", "left": "right", "right": "left"}
PERPENDICULAR = {"up": ("left", "right"), "down": ("left", "right"), "left": ("up", "down"), "right": ("up", "down")}
SUPERSAMPLING = 4


class GlyphPainter:
    """Masks (cell-sized, mode L) for box-drawing and block characters."""

    def __init__(self, cell_width_px: int, cell_height_px: int, light: int):
        self.width, self.height = cell_width_px, cell_height_px
        self.light, self.heavy, self.gap = light, 2 * light, light + 1

    @staticmethod
    def handles(char: str) -> bool:
        return 0x2500 <= ord(char) <= 0x259F or 0x2800 <= ord(char) <= 0x28FF

    @functools.lru_cache(maxsize=None)
    def mask(self, char: str) -> Image.Image:
        if ord(char) >= 0x2800:
            return self._braille(ord(char) - 0x2800)
        if ord(char) >= 0x2580:
            return self._block(ord(char))
        s = SUPERSAMPLING  # drawn at s times the size, straight lines on whole pixels
        mask = Image.new("L", (self.width * s, self.height * s), 0)
        self._box(ImageDraw.Draw(mask), box_glyph(char), s)
        return mask.resize((self.width, self.height), Image.Resampling.BOX)

    def _thickness(self, weight: str) -> int:
        return self.heavy if weight == "heavy" else self.light

    def _box(self, draw: ImageDraw.ImageDraw, glyph: BoxGlyph, s: int) -> None:
        w, h = self.width, self.height
        cx, cy = w // 2, h // 2
        if glyph.diagonals:
            for diagonal in glyph.diagonals:
                points = [(w * s, 0), (0, h * s)] if diagonal == "/" else [(0, 0), (w * s, h * s)]
                draw.line(points, fill=255, width=self.light * s)
            return
        arms = glyph.arms
        if glyph.dashes:
            self._dashes(draw, s, glyph)
            return
        radius = w // 2 if glyph.arc else 0

        def straight(direction: str, offset: int, thickness: int, inner: int) -> None:
            """A line from the cell's edge in `direction` to `inner` pixels past the centre,
            `offset` pixels across from the centre line."""
            low = -(thickness // 2) + offset
            if direction in ("left", "right"):
                x0, x1 = (0, cx + inner) if direction == "left" else (cx - inner, w - 1)
                box = (x0, cy + low, x1, cy + low + thickness - 1)
            else:
                y0, y1 = (0, cy + inner) if direction == "up" else (cy - inner, h - 1)
                box = (cx + low, y0, cx + low + thickness - 1, y1)
            draw.rectangle([box[0] * s, box[1] * s, (box[2] + 1) * s - 1, (box[3] + 1) * s - 1], fill=255)

        def reach(directions) -> int:
            """How far a line must pass the centre to cover the arms in `directions`."""
            present = [arms[d] for d in directions if d in arms]
            return max((self.gap if wt == "double" else self._thickness(wt) // 2 for wt in present), default=0)

        for direction, weight in arms.items():
            across = PERPENDICULAR[direction]
            if weight != "double":
                doubles = [d for d in across if arms.get(d) == "double"]
                if radius:
                    inner = -radius
                elif OPPOSITE[direction] not in arms and doubles:
                    # a tee hangs from the near line of the double; a corner reaches the far one
                    inner = -self.gap if len([d for d in across if d in arms]) == 2 else self.gap
                else:
                    inner = reach(across)
                straight(direction, 0, self._thickness(weight), inner)
                continue
            for side, near, far in ((-1, across[0], across[1]), (1, across[1], across[0])):
                if near in arms:  # stop at the near arm's line
                    inner = -(self.gap if arms[near] == "double" else self._thickness(arms[near]) // 2)
                elif OPPOSITE[direction] in arms:  # run on into the opposite arm
                    inner = 0
                elif far in arms:  # the outside of a corner: reach the far arm's outer line
                    inner = self.gap if arms[far] == "double" else self._thickness(arms[far]) // 2
                else:
                    inner = 0
                straight(direction, side * self.gap, self.light, inner)
        if radius:
            self._arc(draw, s, arms, cx, cy, radius)

    def _arc(self, draw: ImageDraw.ImageDraw, s: int, arms: dict, cx: int, cy: int, radius: int) -> None:
        """The rounded corner joining a ╭╮╯╰'s two arms, which stop `radius` short of the centre."""
        sx = 1 if "right" in arms else -1
        sy = 1 if "down" in arms else -1
        line = self.light * s
        middle = -(self.light // 2) * s + line / 2  # the middle of a light line, from the centre pixel
        centre_x = (cx + sx * radius) * s + middle  # the centre of the circle the line follows
        centre_y = (cy + sy * radius) * s + middle
        outer = radius * s + line / 2
        start = {(1, 1): 180, (-1, 1): 270, (-1, -1): 0, (1, -1): 90}[(sx, sy)]
        bounds = [round(centre_x - outer), round(centre_y - outer), round(centre_x + outer) - 1, round(centre_y + outer) - 1]
        draw.arc(bounds, start, start + 90, fill=255, width=line)

    def _dashes(self, draw: ImageDraw.ImageDraw, s: int, glyph: BoxGlyph) -> None:
        """A dashed straight line (┄ ┆ ╌ …): `glyph.dashes` dashes with half-dash gaps."""
        horizontal = "left" in glyph.arms
        thickness = self._thickness(glyph.arms["left" if horizontal else "up"])
        length = (self.width if horizontal else self.height) * s
        across = ((self.height if horizontal else self.width) // 2 - thickness // 2) * s
        step = length / glyph.dashes
        for index in range(glyph.dashes):
            start, end = round(index * step + step / 4), round((index + 1) * step - step / 4) - 1
            if horizontal:
                draw.rectangle([start, across, end, across + thickness * s - 1], fill=255)
            else:
                draw.rectangle([across, start, across + thickness * s - 1, end], fill=255)

    def _braille(self, bits: int) -> Image.Image:
        """A braille pattern as terminals draw it: two columns of four round dots."""
        w, h = self.width, self.height
        s = SUPERSAMPLING
        mask = Image.new("L", (w * s, h * s), 0)
        draw = ImageDraw.Draw(mask)
        # Dots 1-2-3-7 down the left column, 4-5-6-8 down the right (Unicode's bit order).
        places = [(0, 0), (0, 1), (0, 2), (1, 0), (1, 1), (1, 2), (0, 3), (1, 3)]
        radius = max(1.0, min(w / 4, h / 8) * 0.8) * s
        for bit, (column, row) in enumerate(places):
            if bits & (1 << bit):
                cx, cy = (column + 0.5) * w / 2 * s, (row + 0.5) * h / 4 * s
                draw.ellipse([cx - radius, cy - radius, cx + radius, cy + radius], fill=255)
        return mask.resize((w, h), Image.Resampling.BOX)

    def _block(self, code: int) -> Image.Image:
        w, h = self.width, self.height
        mask = Image.new("L", (w, h), 0)
        draw = ImageDraw.Draw(mask)
        if code == 0x2580:  # ▀
            draw.rectangle([0, 0, w - 1, h // 2 - 1], fill=255)
        elif 0x2581 <= code <= 0x2588:  # ▁ … █: lower eighths
            top = h - round(h * (code - 0x2580) / 8)
            draw.rectangle([0, top, w - 1, h - 1], fill=255)
        elif 0x2589 <= code <= 0x258F:  # ▉ … ▏: left eighths
            draw.rectangle([0, 0, round(w * (0x2590 - code) / 8) - 1, h - 1], fill=255)
        elif code == 0x2590:  # ▐
            draw.rectangle([w // 2, 0, w - 1, h - 1], fill=255)
        elif 0x2591 <= code <= 0x2593:  # ░ ▒ ▓: shades as a uniform tint
            mask.paste(64 * (code - 0x2590), (0, 0, w, h))
        elif code == 0x2594:  # ▔
            draw.rectangle([0, 0, w - 1, round(h / 8) - 1], fill=255)
        elif code == 0x2595:  # ▕
            draw.rectangle([w - round(w / 8), 0, w - 1, h - 1], fill=255)
        else:  # ▖ … ▟: quadrants (upper left, upper right, lower left, lower right)
            quadrants = {0x2596: "0010", 0x2597: "0001", 0x2598: "1000", 0x2599: "1011", 0x259A: "1001",
                         0x259B: "1110", 0x259C: "1101", 0x259D: "0100", 0x259E: "0110", 0x259F: "0111"}[code]
            mx, my = w // 2, h // 2
            boxes = [(0, 0, mx - 1, my - 1), (mx, 0, w - 1, my - 1), (0, my, mx - 1, h - 1), (mx, my, w - 1, h - 1)]
            for bit, box in zip(quadrants, boxes):
                if bit == "1":
                    draw.rectangle(box, fill=255)
        return mask
