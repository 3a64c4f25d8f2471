internal import CCairo
import Foundation
import IndoorBase
import IndoorGeometry

/// The output formats of the renderer.
public enum ImageFormat: String, Sendable, CaseIterable {
    /// A raster image (ARGB, 8 bits a channel), for screens and tests.
    case png
    /// A vector image, for the web.
    case svg
    /// A vector document, for print.
    case pdf

    /// The format a file name asks for, by its extension.
    public init?(path: String) {
        self.init(rawValue: (path as NSString).pathExtension.lowercased())
    }
}

/// An RGBA colour, components 0…1.
public struct Color: Hashable, Sendable {
    /// The red component, 0…1.
    public var red: Double
    /// The green component, 0…1.
    public var green: Double
    /// The blue component, 0…1.
    public var blue: Double
    /// The opacity, 0 (transparent) … 1 (opaque); not premultiplied into the other components.
    public var alpha: Double

    /// A colour from components 0…1 (not checked); opaque unless `alpha` says otherwise.
    public init(_ red: Double, _ green: Double, _ blue: Double, _ alpha: Double = 1) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// From `0xRRGGBB`.
    public init(hex: UInt32, alpha: Double = 1) {
        self.init(Double((hex >> 16) & 0xFF) / 255, Double((hex >> 8) & 0xFF) / 255, Double(hex & 0xFF) / 255, alpha)
    }
}

/// Why an image could not be made or written.
public enum RenderError: Error, Equatable, Sendable, LocalizedError {
    /// The image size asked for is outside 1…16384 pixels in either direction.
    case invalidSize(width: Int, height: Int)
    /// Cairo could not make a surface or draw; the message is Cairo's or ours.
    case cairo(String)
    /// The image could not be written to `path`: `reason` is Cairo's status, the system's error, or why not (a
    /// directory, a file that exists).
    case write(path: String, reason: String)
    /// A file extension (the associated value, without the dot) that is not `png`, `svg` or `pdf`.
    case unsupportedFormat(String)
    /// There is nothing to draw; the associated value says what is missing ("an empty itinerary").
    case nothingToDraw(String)

    public var errorDescription: String? {
        switch self {
        case .invalidSize(let w, let h): "an image of \(w)×\(h) pixels cannot be drawn (1…16384 each way)"
        case .cairo(let message): "Cairo: \(message)"
        case .write(let path, let reason): "\(path): cannot write the image (\(reason))"
        case .unsupportedFormat(let ext): "cannot write .\(ext) images (use .png, .svg or .pdf)"
        case .nothingToDraw(let what): "nothing to draw: \(what)"
        }
    }
}

/// The one owner of a Cairo surface and its drawing context: drawing primitives in pixels, and the output.
/// Not thread-safe (Cairo contexts are not): one canvas per image, on one thread.
///
/// Sizes are CSS pixels (96 to the inch) in every format: a PNG has that many pixels, an SVG that many user units
/// (`px`), and a PDF page measures ``pointsPerPixel`` points a pixel (1200 × 900 px is 900 × 675 pt).
final class Canvas {
    private let surface: OpaquePointer
    fileprivate let cr: OpaquePointer
    let width: Int
    let height: Int
    let format: ImageFormat
    /// Vector formats are drawn straight to a temporary file, moved into place by ``finish(to:)``.
    private let vectorPath: String?
    /// An SVG's texts, written as `<text>` elements when it is finished instead of being drawn by Cairo.
    private var svgText = SVGTextLayer()

    /// Points (1/72 in) per CSS pixel (1/96 in): the scale of a PDF page.
    static let pointsPerPixel = 0.75

    init(width: Int, height: Int, format: ImageFormat) throws(RenderError) {
        guard (1...16384).contains(width), (1...16384).contains(height) else { throw .invalidSize(width: width, height: height) }
        self.width = width
        self.height = height
        self.format = format
        let made: OpaquePointer?
        switch format {
        case .png:
            vectorPath = nil
            made = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(width), Int32(height))
        case .svg:
            let path = NSTemporaryDirectory() + "indoornav-\(UUID().uuidString).svg"
            vectorPath = path
            made = cairo_svg_surface_create(path, Double(width), Double(height))
            // Measure in pixels, not points, so the SVG is as large as the PNG would be.
            if let made { cairo_svg_surface_set_document_unit(made, CAIRO_SVG_UNIT_PX) }
        case .pdf:
            let path = NSTemporaryDirectory() + "indoornav-\(UUID().uuidString).pdf"
            vectorPath = path
            made = cairo_pdf_surface_create(path, Double(width) * Self.pointsPerPixel, Double(height) * Self.pointsPerPixel)
        }
        guard let made, cairo_surface_status(made) == CAIRO_STATUS_SUCCESS else {
            if let made { cairo_surface_destroy(made) }
            throw .cairo("cannot create a \(format.rawValue) surface")
        }
        guard let cr = cairo_create(made) else {
            cairo_surface_destroy(made)
            throw .cairo("cannot create a drawing context")
        }
        surface = made
        self.cr = cr
        // Everything is drawn in pixels; a PDF page measures points.
        if format == .pdf { cairo_scale(cr, Self.pointsPerPixel, Self.pointsPerPixel) }
        // Text is measured and drawn with the same font options in every format. Cairo resolves a font face once per
        // process, with the options of the surface that used it first (vector surfaces turn hinting off): without
        // this, a PNG's text depended on whether an SVG or PDF had been drawn before it, and labels measured for one
        // format were laid out differently in another.
        if let options = cairo_font_options_create() {
            cairo_font_options_set_hint_style(options, CAIRO_HINT_STYLE_NONE)
            cairo_font_options_set_hint_metrics(options, CAIRO_HINT_METRICS_OFF)
            cairo_font_options_set_antialias(options, CAIRO_ANTIALIAS_GRAY)
            cairo_set_font_options(cr, options)
            cairo_font_options_destroy(options)
        }
        cairo_set_line_join(cr, CAIRO_LINE_JOIN_ROUND)
        cairo_set_line_cap(cr, CAIRO_LINE_CAP_ROUND)
    }

    deinit {
        cairo_destroy(cr)
        cairo_surface_destroy(surface)
        if let vectorPath { try? FileManager.default.removeItem(atPath: vectorPath) }
    }

    // MARK: Drawing

    func fillBackground(_ color: Color) {
        set(color)
        cairo_paint(cr)
    }

    private func set(_ c: Color) {
        cairo_set_source_rgba(cr, c.red, c.green, c.blue, c.alpha)
    }

    private func trace(_ rings: [[Coordinate]]) {
        cairo_new_path(cr)
        for ring in rings {
            guard let first = ring.first else { continue }
            cairo_move_to(cr, first.x, first.y)
            for p in ring.dropFirst() { cairo_line_to(cr, p.x, p.y) }
            cairo_close_path(cr)
        }
    }

    /// Fills rings (even–odd, so holes stay open) and optionally outlines them.
    func polygon(_ rings: [[Coordinate]], fill: Color?, stroke: Color? = nil, width: Double = 1) {
        trace(rings)
        cairo_set_fill_rule(cr, CAIRO_FILL_RULE_EVEN_ODD)
        paintPath(fill: fill, stroke: stroke, width: width)
    }

    /// Fills and/or outlines the current path, then clears it.
    private func paintPath(fill: Color?, stroke: Color?, width: Double) {
        if let fill {
            set(fill)
            if stroke != nil { cairo_fill_preserve(cr) } else { cairo_fill(cr) }
        }
        if let stroke {
            set(stroke)
            cairo_set_line_width(cr, width)
            cairo_stroke(cr)
        }
        cairo_new_path(cr)
    }

    func polyline(_ points: [Coordinate], color: Color, width: Double, dash: [Double] = []) {
        guard let first = points.first else { return }
        cairo_new_path(cr)
        cairo_move_to(cr, first.x, first.y)
        for p in points.dropFirst() { cairo_line_to(cr, p.x, p.y) }
        set(color)
        cairo_set_line_width(cr, width)
        dash.withUnsafeBufferPointer { cairo_set_dash(cr, $0.baseAddress, Int32($0.count), 0) }
        cairo_stroke(cr)
        cairo_set_dash(cr, nil, 0, 0)
    }

    func circle(_ c: Coordinate, radius: Double, fill: Color?, stroke: Color? = nil, width: Double = 1) {
        cairo_new_path(cr)
        cairo_arc(cr, c.x, c.y, radius, 0, 2 * .pi)
        paintPath(fill: fill, stroke: stroke, width: width)
    }

    /// A filled wedge: the heading cone of the user puck (angles in radians, screen orientation).
    func wedge(_ c: Coordinate, radius: Double, from a0: Double, to a1: Double, fill: Color) {
        cairo_new_path(cr)
        cairo_move_to(cr, c.x, c.y)
        cairo_arc(cr, c.x, c.y, radius, a0, a1)
        cairo_close_path(cr)
        set(fill)
        cairo_fill(cr)
    }

    static let fontFamily = "DejaVu Sans"

    private func font(size: Double, bold: Bool) {
        cairo_select_font_face(cr, Self.fontFamily, CAIRO_FONT_SLANT_NORMAL, bold ? CAIRO_FONT_WEIGHT_BOLD : CAIRO_FONT_WEIGHT_NORMAL)
        cairo_set_font_size(cr, size)
    }

    /// The size of a text as it would be drawn.
    func measure(_ text: String, size: Double, bold: Bool = false) -> (width: Double, height: Double) {
        font(size: size, bold: bold)
        var extents = cairo_text_extents_t()
        cairo_text_extents(cr, text, &extents)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(cr, &fontExtents)
        return (extents.x_advance, fontExtents.ascent + fontExtents.descent)
    }

    /// Draws a text centred on `c`, with a halo so it reads over any fill: the one way text gets onto a canvas. On
    /// an SVG the text is kept for the document's `<text>` layer (``SVGTextLayer``), where it stays text.
    func text(_ text: String, centeredAt c: Coordinate, size: Double, color: Color, halo: Color?, bold: Bool = false) {
        let (w, _) = measure(text, size: size, bold: bold)
        var fontExtents = cairo_font_extents_t()
        cairo_font_extents(cr, &fontExtents)
        let x = c.x - w / 2, y = c.y + (fontExtents.ascent - fontExtents.descent) / 2
        let haloWidth = max(2, size / 4)
        if format == .svg {
            // The centre of the baseline, in the image's pixels (a panel translates the drawing).
            var middle = c.x, baseline = y
            cairo_user_to_device(cr, &middle, &baseline)
            svgText.append(.init(text: text, x: middle, y: baseline, size: size, bold: bold, color: color,
                                 halo: halo.map { ($0, haloWidth) }))
            return
        }
        if let halo {
            cairo_new_path(cr)
            cairo_move_to(cr, x, y)
            cairo_text_path(cr, text)
            set(halo)
            cairo_set_line_width(cr, haloWidth)
            cairo_stroke(cr)
        }
        cairo_move_to(cr, x, y)
        set(color)
        cairo_show_text(cr, text)
        cairo_new_path(cr)
    }

    /// Writes the image to `path` atomically (a temporary file beside it, then a rename), so an interrupted run
    /// never leaves half an image.
    func finish(to path: String) throws(RenderError) {
        let directory = ((path as NSString).deletingLastPathComponent as NSString).expandingTildeInPath
        let temporary = (directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).\(UUID().uuidString).tmp"
        switch format {
        case .png:
            let bytes = try PNGEncoder.encode(surface)
            do {
                try Data(bytes).write(to: URL(fileURLWithPath: temporary))
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                throw .write(path: path, reason: error.localizedDescription)
            }
        case .svg, .pdf:
            let document = try finishedDocument()
            do {
                try document.write(to: URL(fileURLWithPath: temporary))
            } catch {
                try? FileManager.default.removeItem(atPath: temporary)
                throw .write(path: path, reason: error.localizedDescription)
            }
        }
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            try? FileManager.default.removeItem(atPath: temporary)
            throw .write(path: path, reason: reason)
        }
    }

    /// The image's bytes, as ``finish(to:)`` would write them, without a file (for a PNG; SVG and PDF go through
    /// their temporary file). The canvas is finished: nothing more can be drawn on it.
    func encoded() throws(RenderError) -> Data {
        switch format {
        case .png:
            return Data(try PNGEncoder.encode(surface))
        case .svg, .pdf:
            return try finishedDocument()
        }
    }

    /// Finishes a vector surface and gives its document: Cairo's file, with an SVG's text layer added.
    private func finishedDocument() throws(RenderError) -> Data {
        cairo_show_page(cr)
        cairo_surface_finish(surface)
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let vectorPath,
              let data = FileManager.default.contents(atPath: vectorPath) else {
            throw .cairo(String(cString: cairo_status_to_string(cairo_surface_status(surface))))
        }
        return format == .svg ? try svgText.inserted(into: data, fontFamily: Self.fontFamily) : data
    }

    /// The PNG surface's pixels (premultiplied ARGB, row-major), for tests comparing images.
    func pixels() -> [UInt32] {
        guard format == .png, let data = cairo_image_surface_get_data(surface) else { return [] }
        cairo_surface_flush(surface)
        let stride = Int(cairo_image_surface_get_stride(surface)) / 4
        return data.withMemoryRebound(to: UInt32.self, capacity: stride * height) { p in
            (0..<height).flatMap { y in (0..<width).map { x in p[y * stride + x] } }
        }
    }
}

extension Canvas {
    /// Draws `body` into the rectangle at (x, y) of size w × h, clipped to it, with (0, 0) at its top-left.
    func panel(x: Double, y: Double, width: Double, height: Double, _ body: () throws(RenderError) -> Void) throws(RenderError) {
        cairo_save(cr)
        cairo_translate(cr, x, y)
        cairo_rectangle(cr, 0, 0, width, height)
        cairo_clip(cr)
        defer { cairo_restore(cr) }
        try body()
    }
}

/// The pixels of a PNG file, premultiplied ARGB row by row, as ``RenderedMap/pixels`` gives them: for comparing
/// an image with a reference. Package access: the tests' tool, not the library's API (it stays here because only
/// this module reaches Cairo).
package struct PNGImage: Sendable {
    package let width: Int
    package let height: Int
    package let pixels: [UInt32]

    /// Reads a PNG, or `nil` when the file is missing or not a PNG.
    package init?(contentsOf path: String) {
        guard let surface = cairo_image_surface_create_from_png(path) else { return nil }
        defer { cairo_surface_destroy(surface) }
        guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS else { return nil }
        // Draw onto an ARGB32 surface so that every PNG compares in the same pixel format.
        let w = Int(cairo_image_surface_get_width(surface)), h = Int(cairo_image_surface_get_height(surface))
        guard let canvas = try? Canvas(width: w, height: h, format: .png) else { return nil }
        canvas.paint(surface)
        width = w
        height = h
        pixels = canvas.pixels()
    }
}

extension Canvas {
    /// Paints another surface at the origin.
    fileprivate func paint(_ source: OpaquePointer) {
        cairo_set_source_surface(cr, source, 0, 0)
        cairo_paint(cr)
    }
}
