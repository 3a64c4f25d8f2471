import Foundation

/// The texts of an SVG image as `<text>` elements, so a reader can search, select and edit them: Cairo's SVG surface
/// would write each text as glyph outlines. The canvas collects here every text it is asked to draw on an SVG, and
/// adds them to Cairo's finished document as its top layer, in the font, size, colour and halo a PNG draws them with.
struct SVGTextLayer {
    /// One text, in the image's pixels (SVG user units).
    struct Item {
        var text: String
        /// The middle of the text's advance (`text-anchor="middle"`), so a viewer's own font metrics keep it centred.
        var x: Double
        /// The baseline.
        var y: Double
        var size: Double
        var bold: Bool
        var color: Color
        /// The outline drawn under the text, and its width.
        var halo: (color: Color, width: Double)?
    }

    private(set) var items: [Item] = []

    mutating func append(_ item: Item) {
        items.append(item)
    }

    /// The layer as one `<g>` element (empty when there is no text).
    func element(fontFamily: String) -> String {
        guard !items.isEmpty else { return "" }
        var out = "<g id=\"labels\" font-family=\"\(Self.escaped(fontFamily)), sans-serif\" text-anchor=\"middle\">\n"
        for item in items {
            out += "<text x=\"\(Self.number(item.x))\" y=\"\(Self.number(item.y))\" font-size=\"\(Self.number(item.size))\""
            if item.bold { out += " font-weight=\"bold\"" }
            out += Self.paint("fill", item.color)
            if let halo = item.halo {
                out += Self.paint("stroke", halo.color)
                out += " stroke-width=\"\(Self.number(halo.width))\" stroke-linejoin=\"round\" paint-order=\"stroke\""
            }
            out += ">\(Self.escaped(item.text))</text>\n"
        }
        return out + "</g>\n"
    }

    /// `document` (an SVG as Cairo writes it) with the layer inserted before its closing `</svg>`, over everything else.
    /// - Throws: ``RenderError/cairo(_:)`` when the document has no closing `</svg>`.
    func inserted(into document: Data, fontFamily: String) throws(RenderError) -> Data {
        guard !items.isEmpty else { return document }
        guard let end = document.range(of: Data("</svg>".utf8), options: .backwards) else {
            throw .cairo("the SVG document has no closing </svg>")
        }
        var out = document
        out.replaceSubrange(end.lowerBound..<end.lowerBound, with: Data(element(fontFamily: fontFamily).utf8))
        return out
    }

    /// ` fill="#rrggbb"` (or `stroke`), with its opacity when it is not opaque.
    private static func paint(_ property: String, _ c: Color) -> String {
        let byte = { (v: Double) in Int((min(1, max(0, v)) * 255).rounded()) }
        var out = " \(property)=\"" + String(format: "#%02x%02x%02x", byte(c.red), byte(c.green), byte(c.blue)) + "\""
        if c.alpha < 1 { out += " \(property)-opacity=\"\(number(c.alpha))\"" }
        return out
    }

    /// A coordinate to two decimals, without a locale ("12.5", "-3", never "12,5").
    static func number(_ v: Double) -> String {
        let rounded = (v * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : "\(rounded)"
    }

    /// Text as XML character data or an attribute value: markup characters escaped, characters XML 1.0 forbids
    /// (C0 controls other than tab and line breaks, U+FFFE, U+FFFF) left out. Everything else, Cyrillic and accents
    /// included, stays as it is (the document is UTF-8).
    static func escaped(_ text: String) -> String {
        var out = ""
        out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case "'": out += "&apos;"
            case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
            default:
                guard scalar.value >= 0x20, scalar.value != 0xFFFE, scalar.value != 0xFFFF else { continue }
                out.unicodeScalars.append(scalar)
            }
        }
        return out
    }
}
