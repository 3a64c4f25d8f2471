import Foundation
import IndoorVenue

/// Paths of the repository, found from this file, so tests run from any working directory.
enum Repository {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()
    static func path(_ relative: String) -> String { root.appendingPathComponent(relative).path }
    static let fixtures = path("Tests/IndoorVenueTests/Fixtures")
    static func fixture(_ name: String) -> String { "\(fixtures)/\(name)" }
}

extension Venue {
    func issues(_ code: String) -> [VenueIssue] { issues.filter { $0.code == code } }
}

/// Writes zip archives with stored (uncompressed) entries: enough to build hostile archives by hand in tests
/// (PKWARE APPNOTE 6.3, sections 4.3.7, 4.3.12 and 4.3.16).
struct ZipWriter {
    struct Entry {
        var name: String
        var data: Data
        /// The uncompressed size written in the headers (a lie, to test the reader's checks).
        var declaredSize: UInt32?
        /// A Unix symbolic link (the data is its target).
        var symlink = false
    }

    var entries: [Entry] = []

    mutating func add(_ name: String, _ data: Data, declaredSize: UInt32? = nil, symlink: Bool = false) {
        entries.append(Entry(name: name, data: data, declaredSize: declaredSize, symlink: symlink))
    }

    func archive() -> Data {
        var out = Data()
        var central = Data()
        for e in entries {
            let offset = UInt32(out.count)
            let crc = crc32(e.data)
            let size = UInt32(e.data.count)
            let name = Data(e.name.utf8)
            var local = Data()
            local.append(le32: 0x0403_4B50)
            local.append(le16: 20); local.append(le16: 0); local.append(le16: 0)  // version, flags, stored
            local.append(le16: 0); local.append(le16: 0x21)  // time, date
            local.append(le32: crc); local.append(le32: size); local.append(le32: e.declaredSize ?? size)
            local.append(le16: UInt16(name.count)); local.append(le16: 0)
            out.append(local)
            out.append(name)
            out.append(e.data)
            central.append(le32: 0x0201_4B50)
            // Made by: Unix (3) for a symbolic link, so its mode in the external attributes counts.
            central.append(le16: e.symlink ? 0x0314 : 20); central.append(le16: 20); central.append(le16: 0); central.append(le16: 0)
            central.append(le16: 0); central.append(le16: 0x21)
            central.append(le32: crc); central.append(le32: size); central.append(le32: e.declaredSize ?? size)
            central.append(le16: UInt16(name.count)); central.append(le16: 0); central.append(le16: 0)
            central.append(le16: 0); central.append(le16: 0); central.append(le32: e.symlink ? 0o120777 << 16 : 0); central.append(le32: offset)
            central.append(name)
        }
        let centralOffset = UInt32(out.count)
        out.append(central)
        out.append(le32: 0x0605_4B50)
        out.append(le16: 0); out.append(le16: 0)
        out.append(le16: UInt16(entries.count)); out.append(le16: UInt16(entries.count))
        out.append(le32: UInt32(central.count)); out.append(le32: centralOffset)
        out.append(le16: 0)
        return out
    }

    private func crc32(_ data: Data) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }
}

extension Data {
    mutating func append(le16 v: UInt16) { append(contentsOf: [UInt8(v & 0xFF), UInt8(v >> 8)]) }
    mutating func append(le32 v: UInt32) { for i in 0..<4 { append(UInt8((v >> (8 * UInt32(i))) & 0xFF)) } }
}

/// A temporary directory removed when the test ends.
final class TemporaryDirectory {
    let path: String

    init() throws {
        path = NSTemporaryDirectory() + "indoornav-test-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    }

    func write(_ name: String, _ data: Data) throws -> String {
        let full = "\(path)/\(name)"
        try data.write(to: URL(fileURLWithPath: full))
        return full
    }

    deinit {
        try? FileManager.default.removeItem(atPath: path)
    }
}
