/// A colour of a theme: an entry of the 256-colour palette and the basic colour (0–15) that
/// stands in for it on terminals with 16 or 8; -1 is the terminal's own colour.
package struct ThemeColor: Sendable, Hashable {
    package var extended: Int16
    package var basic: Int16

    /// The terminal's own foreground or background.
    package static let terminal = ThemeColor(-1, -1)

    /// Built-in themes choose both by hand, so that each depth looks its best.
    package init(_ extended: Int16, _ basic: Int16) {
        self.extended = extended
        self.basic = basic
    }

    /// A palette entry; its basic stand-in is the nearest of the 16 (itself below 16).
    package init(index: Int) {
        self.init(Int16(index), Int16(index < 16 ? index : Self.nearestBasic(Self.rgb(ofIndex: index))))
    }

    /// A 24-bit colour, as near as the palettes get.
    package init(red: Int, green: Int, blue: Int) {
        let rgb = (red, green, blue)
        self.init(Int16(Self.nearestExtended(rgb)), Int16(Self.nearestBasic(rgb)))
    }

    /// The basic colours by name, in palette order: `red` is 1, `bright-red` 9.
    static let names = ["black", "red", "green", "yellow", "blue", "magenta", "cyan", "white"]

    /// A colour as the config writes it: `default`, a name (`red`, `bright-red`, `gray`), a
    /// palette number 0–255, or `#rrggbb` / `#rgb`. Nil when it is none of these.
    package init?(parsing text: String) {
        let text = text.lowercased()
        if text == "default" {
            self = .terminal
        } else if let index = Self.names.firstIndex(of: text) {
            self.init(index: index)
        } else if text.hasPrefix("bright-"), let index = Self.names.firstIndex(of: String(text.dropFirst(7))) {
            self.init(index: index + 8)
        } else if text == "gray" || text == "grey" {
            self.init(index: 8)
        } else if let index = Int(text), (0...255).contains(index) {
            self.init(index: index)
        } else if text.hasPrefix("#"), let rgb = Self.hex(text.dropFirst()) {
            self.init(red: rgb.0, green: rgb.1, blue: rgb.2)
        } else {
            return nil
        }
    }

    /// How `courier config show` writes it: `default` or the palette number.
    package var configText: String { extended < 0 ? "default" : "\(extended)" }

    private static func hex(_ digits: Substring) -> (Int, Int, Int)? {
        guard digits.count == 6 || digits.count == 3, let value = Int(digits, radix: 16) else { return nil }
        if digits.count == 3 {
            return ((value >> 8 & 0xF) * 17, (value >> 4 & 0xF) * 17, (value & 0xF) * 17)
        }
        return (value >> 16 & 0xFF, value >> 8 & 0xFF, value & 0xFF)
    }

    // MARK: - The xterm palette

    /// xterm's 16 basic colours.
    private static let basicRGB: [(Int, Int, Int)] = [
        (0, 0, 0), (205, 0, 0), (0, 205, 0), (205, 205, 0), (0, 0, 238), (205, 0, 205), (0, 205, 205), (229, 229, 229),
        (127, 127, 127), (255, 0, 0), (0, 255, 0), (255, 255, 0), (92, 92, 255), (255, 0, 255), (0, 255, 255), (255, 255, 255),
    ]
    private static let cubeLevels = [0, 95, 135, 175, 215, 255]

    /// The colour of a palette entry: 16 basic, a 6×6×6 cube, 24 greys.
    static func rgb(ofIndex index: Int) -> (Int, Int, Int) {
        switch index {
        case ..<16: return basicRGB[max(0, index)]
        case 16..<232:
            let cube = index - 16
            return (cubeLevels[cube / 36], cubeLevels[cube / 6 % 6], cubeLevels[cube % 6])
        default:
            let level = 8 + 10 * (index - 232)
            return (level, level, level)
        }
    }

    /// The nearest of the cube and the greys (not the basic 16, which terminals redefine).
    static func nearestExtended(_ rgb: (Int, Int, Int)) -> Int {
        func level(_ value: Int) -> Int { cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) }! }
        let cube = 16 + 36 * level(rgb.0) + 6 * level(rgb.1) + level(rgb.2)
        let average = (rgb.0 + rgb.1 + rgb.2) / 3
        let grey = 232 + min(23, max(0, (average - 3) / 10))
        return distance(rgb, Self.rgb(ofIndex: cube)) <= distance(rgb, Self.rgb(ofIndex: grey)) ? cube : grey
    }

    /// The basic colour of the same hue: plain distance would make every pastel grey. Greys
    /// go by lightness; a colour takes the channels well above its weakest, and the bright
    /// variant when it is light or a channel is near full.
    static func nearestBasic(_ rgb: (Int, Int, Int)) -> Int {
        let channels = [rgb.0, rgb.1, rgb.2]
        let strongest = channels.max()!, weakest = channels.min()!
        let average = channels.reduce(0, +) / 3
        guard strongest - weakest >= 48 else {
            return average < 64 ? 0 : average < 150 ? 8 : average < 216 ? 7 : 15
        }
        let threshold = weakest + (strongest - weakest) * 3 / 5
        let hue = channels.enumerated().reduce(0) { $0 | ($1.element >= threshold ? 1 << $1.offset : 0) }
        return hue + (strongest > 230 || average >= 120 ? 8 : 0)
    }

    private static func distance(_ a: (Int, Int, Int), _ b: (Int, Int, Int)) -> Int {
        let red = a.0 - b.0, green = a.1 - b.1, blue = a.2 - b.2
        return red * red + green * green + blue * blue
    }
}
