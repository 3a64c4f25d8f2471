internal import CZlib
import Foundation

/// zlib for the rest of the toolkit, which imports no C: the OSM PBF reader inflates blobs with it, the renderer
/// deflates its PNG files and the HTTP service gzips its answers. This module alone imports the C library, as
/// `IndoorGeometry` alone imports GEOS.
public enum Zlib {
    /// Why a zlib stream did not inflate to what it announced.
    public enum InflateError: Error, Equatable, Sendable {
        /// It inflated to fewer bytes than announced.
        case shorter(inflated: Int, announced: Int)
        /// It holds more than announced (or, for some cuts, it is cut off).
        case longerOrCutOff(announced: Int)
        /// zlib could not allocate its state.
        case outOfMemory
        /// The data is not a valid zlib stream (zlib's status code).
        case corrupt(status: Int32)
    }

    /// The zlib stream (RFC 1950) in `bytes[range]` inflated, when it inflates to exactly `size` bytes: the caller
    /// bounds `size` before asking, so a stream that claims little and holds much costs no more than `size`.
    /// - Complexity: O(size + range.count).
    public static func inflate(_ bytes: [UInt8], range: Range<Int>, to size: Int) throws(InflateError) -> [UInt8] {
        guard size > 0 else { return [] }
        var out = [UInt8](repeating: 0, count: size)
        var length = uLongf(size)
        let status = out.withUnsafeMutableBufferPointer { o in
            bytes.withUnsafeBufferPointer { i in
                // `uncompress` writes at most `length` bytes and sets it to what it wrote.
                uncompress(o.baseAddress, &length, i.baseAddress.map { $0 + range.lowerBound }, uLong(range.count))
            }
        }
        switch status {
        case Z_OK:
            guard Int(length) == size else { throw .shorter(inflated: Int(length), announced: size) }
            return out
        case Z_BUF_ERROR: throw .longerOrCutOff(announced: size)
        case Z_MEM_ERROR: throw .outOfMemory
        default: throw .corrupt(status: status)
        }
    }

    /// `data` deflated in a gzip member (RFC 1952), or nil if zlib fails (a caller then sends the data as it is).
    /// - Complexity: O(n).
    public static func gzip(_ data: Data, level: Int32 = 6) -> Data? {
        var stream = z_stream()
        // windowBits 15 + 16: a gzip header and trailer around the deflate stream.
        guard deflateInit2_(&stream, level, Z_DEFLATED, 15 + 16, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                            Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        defer { deflateEnd(&stream) }
        let bound = Int(deflateBound(&stream, uLong(data.count))) + 32
        var out = [UInt8](repeating: 0, count: bound)
        let status: Int32 = data.withUnsafeBytes { input in
            out.withUnsafeMutableBufferPointer { output in
                // zlib does not write through next_in; its type is not const for old compilers' sake.
                stream.next_in = UnsafeMutablePointer(mutating: input.bindMemory(to: Bytef.self).baseAddress)
                stream.avail_in = uInt(input.count)
                stream.next_out = output.baseAddress
                stream.avail_out = uInt(output.count)
                return deflate(&stream, Z_FINISH)
            }
        }
        // Z_STREAM_END: all input consumed and the trailer written (deflateBound guarantees the room).
        guard status == Z_STREAM_END else { return nil }
        return Data(out[0..<Int(stream.total_out)])
    }

    /// The CRC-32 (ISO 3309, as PNG and gzip use it) of `bytes`.
    public static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        UInt32(truncatingIfNeeded: bytes.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    /// A zlib stream (RFC 1950) deflated a piece at a time, for output made piece by piece (a PNG image, row by
    /// row): ``append(_:finish:)`` each piece, the last with `finish`, then read ``output``.
    public final class Deflater {
        private var stream = z_stream()
        private var chunk = [UInt8](repeating: 0, count: 1 << 16)
        private var finished = false
        /// The deflated bytes so far; the whole stream once a piece was appended with `finish`.
        public private(set) var output: [UInt8] = []

        /// A deflater at zlib `level` (0–9; -1, the default, is zlib's default, 6); nil if zlib cannot start.
        public init?(level: Int32 = -1) {
            guard deflateInit2_(&stream, level, Z_DEFLATED, 15, 8, Z_DEFAULT_STRATEGY, zlibVersion(),
                                Int32(MemoryLayout<z_stream>.size)) == Z_OK else { return nil }
        }

        deinit { deflateEnd(&stream) }

        /// Deflates `input`, and ends the stream when `finish`.
        /// - Throws: the zlib status when deflating fails, or a piece comes after the stream was finished.
        public func append(_ input: [UInt8], finish: Bool = false) throws(DeflateError) {
            guard !finished else { throw DeflateError(status: Z_STREAM_ERROR) }
            let status: Int32 = input.withUnsafeBufferPointer { inBytes in
                chunk.withUnsafeMutableBufferPointer { outBytes in
                    // zlib does not write through next_in; its type is not const for old compilers' sake.
                    stream.next_in = UnsafeMutablePointer(mutating: inBytes.baseAddress)
                    stream.avail_in = uInt(inBytes.count)
                    var status = Z_OK
                    repeat {
                        stream.next_out = outBytes.baseAddress
                        stream.avail_out = uInt(outBytes.count)
                        status = deflate(&stream, finish ? Z_FINISH : Z_NO_FLUSH)
                        output.append(contentsOf: outBytes[0..<(outBytes.count - Int(stream.avail_out))])
                        // Without finishing, done once the input is taken and the output did not fill the chunk;
                        // when finishing, done at the stream's end.
                    } while status == Z_OK && (finish || stream.avail_out == 0)
                    return status
                }
            }
            guard status == (finish ? Z_STREAM_END : Z_OK) || (!finish && status == Z_BUF_ERROR && stream.avail_in == 0) else {
                throw DeflateError(status: status)
            }
            finished = finish
        }
    }

    /// zlib failed to deflate (its status code).
    public struct DeflateError: Error, Equatable, Sendable {
        /// zlib's status code.
        public let status: Int32
    }
}
