import Foundation
import IndoorBase

/// Why a line of a sensor log was not used.
public enum SensorSkipReason: String, Error, Hashable, Sendable, CaseIterable {
    /// Longer than ``SensorLogDecoder/maximumLineLength`` bytes.
    case tooLong = "too-long"
    /// Bytes that are not UTF-8 text.
    case binaryGarbage = "binary-garbage"
    /// A line of a kind the decoder does not read (Wi-Fi, Bluetooth, light, the phone's own orientation, the
    /// uncalibrated twins of the sensors read); counted, not an error.
    case unsupported
    /// A kind the decoder reads, with too few fields, or fields that are not finite numbers.
    case malformed
    /// A line in neither format's shape.
    case noise
}

/// What is wrong with a sensor log as a whole.
public enum SensorLogError: Error, Hashable, Sendable {
    /// The file cannot be opened or read.
    case unreadable(path: String, reason: String)
    /// Neither format's lines: the first lines say what was found.
    case unknownFormat(path: String, line: Int)
    /// No sample at all (only comments, or every line skipped).
    case empty(path: String)
}

extension SensorLogError: LocalizedError {
    public var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot read the sensor log: \(reason)"
        case .unknownFormat(let path, let line):
            "\(path):\(line): not a sensor log in a known format (GetSensorData `ACCE;…` lines, or ILC `unix_ms<TAB>TYPE_…` lines); give --format"
        case .empty(let path): "\(path): the sensor log has no sensor readings"
        }
    }
}

/// A streaming decoder of phone sensor logs: bytes in, in chunks of any size; ``SensorSample``s out, in the order
/// of the log. Lines end in LF or CRLF; each is at most ``maximumLineLength`` bytes, and a line that cannot be used
/// is counted by ``SensorSkipReason`` (the first of each reason keeps its line number), never a trap.
///
/// - **GetSensorData** (IPIN): `ACCE`, `GYRO`, `MAGN` (`TYPE;AppTimestamp;SensorTimestamp;x;y;z;Accuracy`), `PRES`
///   (`…;hPa;Accuracy`), `GNSS` (`…;Lat;Long;Altitude;Bearing;Accuracy(m);…`) and `POSI`
///   (`POSI;Timestamp;Counter;Lat;Long;Floor;Building`); times are the app's timestamps in seconds; `%` lines are
///   comments.
/// - **ILC** (Indoor Location Competition 2.0): `unix_ms<TAB>TYPE_ACCELEROMETER|TYPE_GYROSCOPE|TYPE_MAGNETIC_FIELD<TAB>x<TAB>y<TAB>z[<TAB>accuracy]`,
///   `TYPE_PRESSURE` and `TYPE_WAYPOINT<TAB>x<TAB>y` (metres on the plan); `#` lines are the header.
public struct SensorLogDecoder {
    /// The longest line read (GetSensorData's longest kinds are well under 200 bytes).
    public static let maximumLineLength = 1024

    /// The format, when given or once detected from the first line that is not a comment.
    public private(set) var format: SensorLogFormat?
    /// Counts of skipped lines by reason.
    public private(set) var skipped: [SensorSkipReason: Int] = [:]
    /// The line of the first skip of each reason (from 1).
    public private(set) var firstSkipped: [SensorSkipReason: Int] = [:]
    /// The number of lines read so far, comments and empty lines included.
    public private(set) var lines = 0
    /// The line on which no format could be detected, when one was not given.
    public private(set) var undetectable: Int?

    private var framer = LineFramer(maximumLength: SensorLogDecoder.maximumLineLength)

    /// A decoder at the start of a log; `format` `nil` detects it.
    public init(format: SensorLogFormat? = nil) {
        self.format = format
    }

    /// Decodes the next bytes of the log.
    /// - Complexity: O(n) in the bytes given.
    public mutating func feed<Bytes: Sequence>(_ bytes: Bytes) -> [SensorSample] where Bytes.Element == UInt8 {
        var out: [SensorSample] = []
        LineFramer.withBuffer(bytes) { buffer in
            var i = 0
            while framer.take(buffer, from: &i) { endLine(into: &out) }
        }
        return out
    }

    /// The last line, when the log does not end with a newline.
    public mutating func finish() -> [SensorSample] {
        var out: [SensorSample] = []
        if framer.isPending { endLine(into: &out) }
        return out
    }

    private mutating func skip(_ reason: SensorSkipReason) {
        skipped[reason, default: 0] += 1
        if firstSkipped[reason] == nil { firstSkipped[reason] = lines }
    }

    private mutating func endLine(into out: inout [SensorSample]) {
        lines += 1
        defer { framer.clear() }
        if framer.overflowed { skip(.tooLong); return }
        let line = framer.line
        var end = line.endIndex
        if end > 0, line[end - 1] == 0x0D { end -= 1 }
        guard end > 0 else { return }
        let bytes = line[0..<end]
        if bytes.first == UInt8(ascii: "%") || bytes.first == UInt8(ascii: "#") {
            if format == nil { format = bytes.first == UInt8(ascii: "%") ? .getSensorData : .ilc }
            return
        }
        if format == nil {
            format = Self.detect(bytes)
            if format == nil {
                if undetectable == nil { undetectable = lines }
                skip(Self.isText(bytes) ? .noise : .binaryGarbage)
                return
            }
        }
        guard let format else { return }
        // Most lines of a log are kinds not read (ILC logs the rotation vector and three uncalibrated sensors beside
        // each one read): they are told by their kind's bytes and go no further.
        if Self.isUnsupported(bytes, format) { skip(.unsupported); return }
        guard Self.isText(bytes) else { skip(.binaryGarbage); return }
        // Fields as ranges of the line: no text is made of them.
        fields.removeAll(keepingCapacity: true)
        let separator = format == .ilc ? UInt8(ascii: "\t") : UInt8(ascii: ";")
        var start = bytes.startIndex
        for i in bytes.indices where bytes[i] == separator {
            fields.append(start..<i)
            start = i + 1
        }
        fields.append(start..<bytes.endIndex)
        let result = format == .ilc ? ilc(bytes) : getSensorData(bytes)
        switch result {
        case .success(let sample): out.append(sample)
        case .failure(let reason): skip(reason)
        }
    }

    /// The ranges of the current line's fields, reused from line to line.
    private var fields: [Range<Int>] = []

    static let readKinds: [SensorLogFormat: [[UInt8]]] = [
        .getSensorData: ["ACCE", "GYRO", "MAGN", "PRES", "GNSS", "POSI"].map { Array($0.utf8) },
        .ilc: ["TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_MAGNETIC_FIELD", "TYPE_PRESSURE", "TYPE_WAYPOINT"].map { Array($0.utf8) },
    ]

    static func isKindByte(_ b: UInt8) -> Bool { (b >= 0x41 && b <= 0x5A) || (b >= 0x30 && b <= 0x39) || b == 0x5F }

    /// Printable ASCII and tabs: what the fields of a kind that is read may hold.
    static func isText(_ bytes: ArraySlice<UInt8>) -> Bool {
        bytes.allSatisfy { ($0 >= 0x20 && $0 < 0x7F) || $0 == 0x09 }
    }

    /// The kind of a line: its first field (GetSensorData) or its second (ILC).
    static func kind(_ line: ArraySlice<UInt8>, _ format: SensorLogFormat) -> ArraySlice<UInt8>? {
        switch format {
        case .getSensorData:
            let kind = line.prefix { $0 != UInt8(ascii: ";") }
            return kind.count == 4 && kind.endIndex < line.endIndex && kind.allSatisfy(isKindByte) ? kind : nil
        case .ilc:
            guard let tab = line.firstIndex(of: 0x09) else { return nil }
            let kind = line[(tab + 1)...].prefix { $0 != 0x09 }
            return kind.starts(with: "TYPE_".utf8) && kind.allSatisfy(isKindByte) ? kind : nil
        }
    }

    /// Whether `line` is of a well-formed kind that `format` has and the decoder does not read.
    static func isUnsupported(_ line: ArraySlice<UInt8>, _ format: SensorLogFormat) -> Bool {
        guard let kind = kind(line, format) else { return false }
        // (Compared in place: a handful of kinds, and no array made per line.)
        return !(readKinds[format]?.contains { $0.elementsEqual(kind) } ?? false)
    }

    /// The format a line is in: four capital letters and a semicolon, or a number, a tab and `TYPE_`.
    static func detect(_ line: ArraySlice<UInt8>) -> SensorLogFormat? {
        if kind(line, .getSensorData) != nil { return .getSensorData }
        if let tab = line.firstIndex(of: 0x09), tab > line.startIndex, line[..<tab].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           kind(line, .ilc) != nil {
            return .ilc
        }
        return nil
    }

    /// A finite number, spaces around it allowed; `nil` otherwise.
    static func number(_ field: ArraySlice<UInt8>) -> Double? {
        var f = field
        while f.first == 0x20 { f = f.dropFirst() }
        while f.last == 0x20 { f = f.dropLast() }
        guard let v = DecimalNumber.parse(f), v.isFinite else { return nil }
        return v
    }

    /// Finite numbers out of the fields `range` of `line`, or `nil` when there are too few or any is not one.
    func numbers(_ line: ArraySlice<UInt8>, _ range: Range<Int>) -> [Double]? {
        guard fields.count >= range.upperBound else { return nil }
        var out: [Double] = []
        out.reserveCapacity(range.count)
        for k in range {
            guard let v = Self.number(line[fields[k]]) else { return nil }
            out.append(v)
        }
        return out
    }

    func getSensorData(_ line: ArraySlice<UInt8>) -> Result<SensorSample, SensorSkipReason> {
        let kind = line[fields[0]]
        func optional(_ k: Int) -> Double? { fields.count > k ? Self.number(line[fields[k]]) : nil }
        if kind.elementsEqual("ACCE".utf8) || kind.elementsEqual("GYRO".utf8) || kind.elementsEqual("MAGN".utf8) {
            guard let v = numbers(line, 1..<6) else { return .failure(.malformed) }
            let vector = Vector3(v[2], v[3], v[4])
            let reading: SensorReading = kind.elementsEqual("ACCE".utf8) ? .acceleration(vector)
                : kind.elementsEqual("GYRO".utf8) ? .rotationRate(vector) : .magneticField(vector)
            return .success(SensorSample(time: v[0], reading: reading))
        }
        if kind.elementsEqual("PRES".utf8) {
            guard let v = numbers(line, 1..<4), v[2] > 0 else { return .failure(.malformed) }
            return .success(SensorSample(time: v[0], reading: .pressure(v[2])))
        }
        if kind.elementsEqual("GNSS".utf8) {
            guard let v = numbers(line, 1..<5), abs(v[2]) <= 90, abs(v[3]) <= 180 else { return .failure(.malformed) }
            let accuracy = optional(7).flatMap { $0 >= 0 ? $0 : nil }
            return .success(SensorSample(time: v[0], reading: .gnss(GeoCoordinate(longitude: v[3], latitude: v[2]), accuracy: accuracy)))
        }
        if kind.elementsEqual("POSI".utf8) {
            guard let v = numbers(line, 1..<5), abs(v[2]) <= 90, abs(v[3]) <= 180 else { return .failure(.malformed) }
            let floor = optional(5).flatMap { abs($0) < 1000 ? Int($0) : nil }
            return .success(SensorSample(time: v[0], reading: .truth(GroundTruth(position: .geographic(GeoCoordinate(longitude: v[3], latitude: v[2])), floor: floor))))
        }
        return .failure(Self.kind(line, .getSensorData) == nil ? .noise : .unsupported)
    }

    func ilc(_ line: ArraySlice<UInt8>) -> Result<SensorSample, SensorSkipReason> {
        guard fields.count >= 2, let ms = Self.number(line[fields[0]]) else { return .failure(.noise) }
        let time = ms / 1000
        let kind = line[fields[1]]
        if kind.elementsEqual("TYPE_ACCELEROMETER".utf8) || kind.elementsEqual("TYPE_GYROSCOPE".utf8) || kind.elementsEqual("TYPE_MAGNETIC_FIELD".utf8) {
            guard let v = numbers(line, 2..<5) else { return .failure(.malformed) }
            let vector = Vector3(v[0], v[1], v[2])
            let reading: SensorReading = kind.elementsEqual("TYPE_ACCELEROMETER".utf8) ? .acceleration(vector)
                : kind.elementsEqual("TYPE_GYROSCOPE".utf8) ? .rotationRate(vector) : .magneticField(vector)
            return .success(SensorSample(time: time, reading: reading))
        }
        if kind.elementsEqual("TYPE_PRESSURE".utf8) {
            guard let v = numbers(line, 2..<3), v[0] > 0 else { return .failure(.malformed) }
            return .success(SensorSample(time: time, reading: .pressure(v[0])))
        }
        if kind.elementsEqual("TYPE_WAYPOINT".utf8) {
            guard let v = numbers(line, 2..<4) else { return .failure(.malformed) }
            return .success(SensorSample(time: time, reading: .truth(GroundTruth(position: .plan(x: v[0], y: v[1])))))
        }
        return .failure(Self.kind(line, .ilc) == nil ? .noise : .unsupported)
    }
}

/// A whole sensor log, read from a file.
public struct SensorLog: Sendable {
    /// The format it was read in.
    public let format: SensorLogFormat
    /// Its samples, in the order of the file.
    public let samples: [SensorSample]
    /// Lines not used, by reason.
    public let skipped: [SensorSkipReason: Int]
    /// The line of the first skip of each reason.
    public let firstSkipped: [SensorSkipReason: Int]
    /// Lines read, comments included.
    public let lines: Int

    /// Reads the sensor log at `path`, streaming (64 KiB at a time); `format` `nil` detects it.
    /// - Throws: ``SensorLogError`` when the file cannot be read, is in neither format, or has no reading.
    public static func read(path: String, format: SensorLogFormat? = nil) throws(SensorLogError) -> SensorLog {
        let handle: FileHandle
        switch ReadableFile.open(path) {
        case .success(let h): handle = h
        case .failure(let e): throw .unreadable(path: path, reason: e.reason)
        }
        defer { try? handle.close() }
        var decoder = SensorLogDecoder(format: format)
        var samples: [SensorSample] = []
        while true {
            let chunk: Data?
            do { chunk = try handle.read(upToCount: 1 << 16) } catch { throw .unreadable(path: path, reason: error.localizedDescription) }
            guard let chunk, !chunk.isEmpty else { break }
            samples += decoder.feed(chunk)
            if decoder.format == nil, let line = decoder.undetectable { throw .unknownFormat(path: path, line: line) }
        }
        samples += decoder.finish()
        guard let found = decoder.format else { throw decoder.undetectable.map { .unknownFormat(path: path, line: $0) } ?? .empty(path: path) }
        guard !samples.isEmpty else { throw .empty(path: path) }
        return SensorLog(format: found, samples: samples, skipped: decoder.skipped, firstSkipped: decoder.firstSkipped, lines: decoder.lines)
    }
}
