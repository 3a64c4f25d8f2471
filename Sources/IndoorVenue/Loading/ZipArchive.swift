internal import CZip
import Foundation

/// Reads the files of a zip archive into memory through libzip, never extracting to disk.
///
/// Hostile archives are refused with a clear reason: entry names that are absolute or climb out with `..`
/// ("zip slip"), symbolic links, a total uncompressed size over ``maximumTotalSize`` (a zip bomb), an entry that inflates to
/// more than it declared, duplicate names, and truncated or corrupt archives.
enum ZipArchive {
    static let maximumTotalSize: UInt64 = 1 << 30
    static let maximumEntries = 10_000

    /// - Returns: file name (the last path component) → bytes, for every file entry.
    static func read(_ archive: Data, path: String) throws(VenueError) -> [String: Data] {
        var error = zip_error_t()
        zip_error_init(&error)
        defer { zip_error_fini(&error) }
        // libzip reads from our buffer without copying: keep `bytes` alive until the archive is closed.
        let bytes = [UInt8](archive)
        let result: Result<[String: Data], VenueError> = bytes.withUnsafeBytes { raw in
            guard let source = zip_source_buffer_create(raw.baseAddress, UInt64(raw.count), 0, &error) else {
                return .failure(.archive(path: path, reason: String(cString: zip_error_strerror(&error))))
            }
            // On success the archive owns the source; on failure we free it.
            guard let zip = zip_open_from_source(source, ZIP_RDONLY | ZIP_CHECKCONS, &error) else {
                zip_source_free(source)
                return .failure(.archive(path: path, reason: String(cString: zip_error_strerror(&error))))
            }
            defer { zip_discard(zip) }
            return entries(of: zip, path: path)
        }
        return try result.get()
    }

    private static func entries(of zip: OpaquePointer, path: String) -> Result<[String: Data], VenueError> {
        let count = zip_get_num_entries(zip, 0)
        guard count >= 0 else { return .failure(.archive(path: path, reason: "cannot list the entries")) }
        guard count <= maximumEntries else {
            return .failure(.archive(path: path, reason: "\(count) entries (more than \(maximumEntries))"))
        }
        var files: [String: Data] = [:]
        var total: UInt64 = 0
        for index in 0..<UInt64(count) {
            var stat = zip_stat_t()
            zip_stat_init(&stat)
            guard zip_stat_index(zip, index, 0, &stat) == 0, let cName = stat.name else {
                return .failure(.archive(path: path, reason: "entry \(index) is unreadable"))
            }
            let name = String(cString: cName)
            let components = name.split(separator: "/", omittingEmptySubsequences: false)
            if name.hasPrefix("/") || name.hasPrefix("\\") || components.contains("..") || name.contains("\\..") {
                return .failure(.archive(path: path, reason: "entry \"\(name)\" points outside the archive (absolute or \"..\" path)"))
            }
            if name.hasSuffix("/") { continue }  // a directory
            // A symbolic link is never followed (nothing is extracted), and is no feature file either: refused.
            var system: UInt8 = 0
            var attributes: UInt32 = 0
            if zip_file_get_external_attributes(zip, index, 0, &system, &attributes) == 0, system == UInt8(ZIP_OPSYS_UNIX),
               (attributes >> 16) & 0o170000 == 0o120000 {
                return .failure(.archive(path: path, reason: "entry \"\(name)\" is a symbolic link"))
            }
            guard let base = components.last.map(String.init), !base.isEmpty, !base.hasPrefix("._"),
                  !components.contains("__MACOSX") else { continue }
            guard stat.valid & UInt64(ZIP_STAT_SIZE) != 0 else {
                return .failure(.archive(path: path, reason: "entry \"\(name)\" has no size"))
            }
            // Checked before adding, so a declared size near 2^64 cannot overflow the sum.
            guard stat.size <= maximumTotalSize - total else {
                return .failure(.archive(path: path, reason: "uncompressed size exceeds \(maximumTotalSize >> 20) MiB (a zip bomb?)"))
            }
            total += stat.size
            guard files[base] == nil else {
                return .failure(.archive(path: path, reason: "two entries are named \"\(base)\""))
            }
            guard let file = zip_fopen_index(zip, index, 0) else {
                return .failure(.archive(path: path, reason: "entry \"\(name)\" cannot be opened (encrypted or unsupported compression)"))
            }
            defer { zip_fclose(file) }
            // Read in chunks (a tiny entry declaring a huge size allocates nothing up front), and at most one
            // byte more than declared, to catch an entry that inflates past its stated size.
            var data = Data()
            var chunk = [UInt8](repeating: 0, count: 1 << 16)
            let wanted = Int(stat.size) + 1
            while data.count < wanted {
                let n = chunk.withUnsafeMutableBytes { raw -> Int64 in
                    guard let base = raw.baseAddress else { return -1 }
                    return zip_fread(file, base, UInt64(min(raw.count, wanted - data.count)))
                }
                if n < 0 { return .failure(.archive(path: path, reason: "entry \"\(name)\" is corrupt or truncated")) }
                if n == 0 { break }
                data.append(contentsOf: chunk[0..<Int(n)])
            }
            guard data.count == Int(stat.size) else {
                return .failure(.archive(path: path, reason: "entry \"\(name)\" inflates to a size other than it declares"))
            }
            files[base] = data
        }
        return .success(files)
    }
}
