internal import CCairo
internal import IndoorCompression
import Foundation

/// PNG (ISO/IEC 15948) from a Cairo ARGB32 image surface: the pixels Cairo's own writer gives, in less time.
///
/// `cairo_surface_write_to_png` spent three quarters of a map's time in libpng trying five filters on every row
/// and deflating what they chose. Maps are large flat areas, so the "Up" filter on every row, deflated at zlib's
/// default level, makes files as small as Cairo's (42.9 kB against 43.2 kB for the bench's 1000×1000 level) at
/// a fraction of the cost. What the file decodes to is Cairo's exactly: RGB when every pixel is opaque, else
/// RGBA un-premultiplied with Cairo's rounding, and the same white `bKGD`.
enum PNGEncoder {
    /// The PNG file of `surface` (an image surface of format ARGB32; flushed here).
    /// - Throws: ``RenderError/cairo(_:)`` when the surface has no pixels or zlib fails.
    /// - Complexity: O(width × height).
    static func encode(_ surface: OpaquePointer) throws(RenderError) -> [UInt8] {
        cairo_surface_flush(surface)
        let width = Int(cairo_image_surface_get_width(surface)), height = Int(cairo_image_surface_get_height(surface))
        let stride = Int(cairo_image_surface_get_stride(surface))
        guard cairo_image_surface_get_format(surface) == CAIRO_FORMAT_ARGB32, width > 0, height > 0,
              let data = cairo_image_surface_get_data(surface) else { throw .cairo("no image surface to write as PNG") }
        let rows = UnsafeRawPointer(data)
        func row(_ y: Int) -> UnsafePointer<UInt32> { (rows + y * stride).assumingMemoryBound(to: UInt32.self) }
        // As Cairo's writer decides: RGB when no pixel has any transparency.
        var opaque = true
        for y in 0..<height where opaque {
            let p = row(y)
            for x in 0..<width where p[x] >> 24 != 0xFF {
                opaque = false
                break
            }
        }
        let channels = opaque ? 3 : 4
        let rowBytes = width * channels

        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header: [UInt8] = []
        header.appendBigEndian(UInt32(width))
        header.appendBigEndian(UInt32(height))
        // 8 bits per channel, colour type 2 (RGB) or 6 (RGBA), deflate, adaptive filtering, no interlace.
        header += [8, opaque ? 2 : 6, 0, 0, 0]
        png.appendChunk("IHDR", header)
        // A white background, 16 bits per channel, as Cairo writes it.
        png.appendChunk("bKGD", [0, 0xFF, 0, 0xFF, 0, 0xFF])

        guard let deflater = Zlib.Deflater() else { throw .cairo("zlib cannot start deflating") }
        // One row at a time: its bytes as Cairo converts them, then the Up filter (each byte minus the byte above).
        var previous = [UInt8](repeating: 0, count: rowBytes)
        var current = [UInt8](repeating: 0, count: rowBytes)
        var filtered = [UInt8](repeating: 0, count: rowBytes + 1)
        filtered[0] = 2  // Up
        for y in 0..<height {
            let p = row(y)
            current.withUnsafeMutableBufferPointer { out in
                if opaque {
                    for x in 0..<width {
                        let pixel = p[x]
                        out[3 * x] = UInt8(truncatingIfNeeded: pixel >> 16)
                        out[3 * x + 1] = UInt8(truncatingIfNeeded: pixel >> 8)
                        out[3 * x + 2] = UInt8(truncatingIfNeeded: pixel)
                    }
                } else {
                    for x in 0..<width {
                        let pixel = p[x], alpha = pixel >> 24
                        // Cairo's unpremultiply_data: rounded to nearest, fully transparent pixels all zero.
                        func channel(_ c: UInt32) -> UInt8 { alpha == 0 ? 0 : UInt8(truncatingIfNeeded: ((c & 0xFF) * 255 + alpha / 2) / alpha) }
                        out[4 * x] = channel(pixel >> 16)
                        out[4 * x + 1] = channel(pixel >> 8)
                        out[4 * x + 2] = channel(pixel)
                        out[4 * x + 3] = UInt8(truncatingIfNeeded: alpha)
                    }
                }
            }
            current.withUnsafeBufferPointer { c in
                previous.withUnsafeBufferPointer { above in
                    filtered.withUnsafeMutableBufferPointer { f in
                        for i in 0..<rowBytes { f[i + 1] = c[i] &- above[i] }
                    }
                }
            }
            swap(&previous, &current)
            do throws(Zlib.DeflateError) {
                try deflater.append(filtered, finish: y == height - 1)
            } catch {
                throw .cairo("zlib failed to deflate the image (\(error.status))")
            }
        }
        png.appendChunk("IDAT", deflater.output)
        png.appendChunk("IEND", [])
        return png
    }
}

extension [UInt8] {
    fileprivate mutating func appendBigEndian(_ value: UInt32) {
        append(contentsOf: [UInt8(value >> 24), UInt8(truncatingIfNeeded: value >> 16), UInt8(truncatingIfNeeded: value >> 8), UInt8(truncatingIfNeeded: value)])
    }

    /// A PNG chunk: length, type, data and the CRC-32 of type and data.
    fileprivate mutating func appendChunk(_ type: String, _ data: [UInt8]) {
        appendBigEndian(UInt32(data.count))
        let start = count
        append(contentsOf: type.utf8)
        append(contentsOf: data)
        appendBigEndian(Zlib.crc32(self[start...]))
    }
}
