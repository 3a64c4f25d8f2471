internal import CZlib
import Foundation

/// gzip (RFC 1952) with zlib: the encoding the service offers clients that accept it.
enum Gzip {
    /// `data` deflated in a gzip member, or nil if zlib fails (the caller then sends it as it is).
    /// - Complexity: O(n).
    static func compress(_ data: Data, level: Int32 = 6) -> Data? {
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
}
