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
        var line = framer.line
        if line.last == 0x0D { line.removeLast() }
        guard !line.isEmpty else { return }
        // Most lines of a log are kinds not read (ILC logs the rotation vector and three uncalibrated sensors beside
        // each one read): they are told by their kind's bytes, before any text is made of them.
        if let format, Self.isUnsupported(line, format) { skip(.unsupported); return }
        guard let text = String(validating: line, as: UTF8.self) else { skip(.binaryGarbage); return }
        if text.hasPrefix("%") || text.hasPrefix("#") {
            if format == nil { format = text.hasPrefix("%") ? .getSensorData : .ilc }
            return
        }
        if format == nil {
            format = Self.detect(text)
            if format == nil {
                if undetectable == nil { undetectable = lines }
                skip(.noise)
                return
            }
        }
        let result: Result<SensorSample, SensorSkipReason>
        switch format {
        case .getSensorData: result = Self.getSensorData(text)
        case .ilc: result = Self.ilc(text)
        case nil: return
        }
        switch result {
        case .success(let sample): out.append(sample)
        case .failure(let reason): skip(reason)
        }
    }

    static let readKinds: [SensorLogFormat: Set<[UInt8]>] = [
        .getSensorData: Set(["ACCE", "GYRO", "MAGN", "PRES", "GNSS", "POSI"].map { Array($0.utf8) }),
        .ilc: Set(["TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_MAGNETIC_FIELD", "TYPE_PRESSURE", "TYPE_WAYPOINT"].map { Array($0.utf8) }),
    ]

    /// Whether `line` is of a well-formed kind that `format` has and the decoder does not read.
    static func isUnsupported(_ line: [UInt8], _ format: SensorLogFormat) -> Bool {
        let kind: ArraySlice<UInt8>
        switch format {
        case .getSensorData:
            guard line.count > 4, line[4] == UInt8(ascii: ";") else { return false }
            kind = line[0..<4]
            guard kind.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }) else { return false }
        case .ilc:
            guard let tab = line.firstIndex(of: 0x09) else { return false }
            let rest = line[(tab + 1)...]
            kind = rest.prefix { $0 != 0x09 }
            guard kind.starts(with: "TYPE_".utf8), kind.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || $0 == 0x5F || ($0 >= 0x30 && $0 <= 0x39) }) else { return false }
        }
        return !(readKinds[format]?.contains(Array(kind)) ?? false)
    }

    /// The format a line is in: four capital letters and a semicolon, or a number, a tab and `TYPE_`.
    static func detect(_ text: String) -> SensorLogFormat? {
        let bytes = Array(text.utf8.prefix(32))
        if bytes.count >= 5, bytes[4] == UInt8(ascii: ";"), bytes[0..<4].allSatisfy({ $0 >= 0x41 && $0 <= 0x5A }) { return .getSensorData }
        if let tab = bytes.firstIndex(of: 0x09), tab > 0, bytes[0..<tab].allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }),
           text.utf8.dropFirst(tab + 1).starts(with: "TYPE_".utf8) {
            return .ilc
        }
        return nil
    }

    /// Finite numbers out of `fields`, or `nil` when any is not one.
    static func numbers(_ fields: ArraySlice<Substring>) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(fields.count)
        for f in fields {
            guard let v = number(f) else { return nil }
            out.append(v)
        }
        return out
    }

    /// A finite number, spaces around it allowed; `nil` otherwise.
    static func number(_ field: Substring) -> Double? {
        if let v = Double(field) { return v.isFinite ? v : nil }
        let trimmed = field.drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()
        guard trimmed.count < field.count, let v = Double(String(trimmed)), v.isFinite else { return nil }
        return v
    }

    static func getSensorData(_ text: String) -> Result<SensorSample, SensorSkipReason> {
        let fields = text.split(separator: ";", omittingEmptySubsequences: false)
        guard let kind = fields.first else { return .failure(.noise) }
        func read(_ count: Int) -> [Double]? {
            guard fields.count >= count + 1 else { return nil }
            return numbers(fields[1...count])
        }
        switch kind {
        case "ACCE", "GYRO", "MAGN":
            guard let v = read(5) else { return .failure(.malformed) }
            let vector = Vector3(v[2], v[3], v[4])
            let reading: SensorReading = kind == "ACCE" ? .acceleration(vector) : kind == "GYRO" ? .rotationRate(vector) : .magneticField(vector)
            return .success(SensorSample(time: v[0], reading: reading))
        case "PRES":
            guard let v = read(3), v[2] > 0 else { return .failure(.malformed) }
            return .success(SensorSample(time: v[0], reading: .pressure(v[2])))
        case "GNSS":
            guard let v = read(4), abs(v[2]) <= 90, abs(v[3]) <= 180 else { return .failure(.malformed) }
            let accuracy = fields.count > 7 ? number(fields[7]).flatMap { $0 >= 0 ? $0 : nil } : nil
            return .success(SensorSample(time: v[0], reading: .gnss(GeoCoordinate(longitude: v[3], latitude: v[2]), accuracy: accuracy)))
        case "POSI":
            guard let v = read(4), abs(v[2]) <= 90, abs(v[3]) <= 180 else { return .failure(.malformed) }
            let floor = fields.count > 5 ? number(fields[5]).flatMap { abs($0) < 1000 ? Int($0) : nil } : nil
            return .success(SensorSample(time: v[0], reading: .truth(GroundTruth(position: .geographic(GeoCoordinate(longitude: v[3], latitude: v[2])), floor: floor))))
        default:
            let isKind = kind.count == 4 && kind.utf8.allSatisfy { ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x30 && $0 <= 0x39) }
            return .failure(isKind ? .unsupported : .noise)
        }
    }

    static func ilc(_ text: String) -> Result<SensorSample, SensorSkipReason> {
        let fields = text.split(separator: "\t", omittingEmptySubsequences: false)
        guard fields.count >= 2, let ms = number(fields[0]) else { return .failure(.noise) }
        let time = ms / 1000
        func values(_ count: Int) -> [Double]? {
            guard fields.count >= count + 2 else { return nil }
            return numbers(fields[2..<(2 + count)])
        }
        switch fields[1] {
        case "TYPE_ACCELEROMETER", "TYPE_GYROSCOPE", "TYPE_MAGNETIC_FIELD":
            guard let v = values(3) else { return .failure(.malformed) }
            let vector = Vector3(v[0], v[1], v[2])
            let reading: SensorReading = switch fields[1] {
            case "TYPE_ACCELEROMETER": .acceleration(vector)
            case "TYPE_GYROSCOPE": .rotationRate(vector)
            default: .magneticField(vector)
            }
            return .success(SensorSample(time: time, reading: reading))
        case "TYPE_PRESSURE":
            guard let v = values(1), v[0] > 0 else { return .failure(.malformed) }
            return .success(SensorSample(time: time, reading: .pressure(v[0])))
        case "TYPE_WAYPOINT":
            guard let v = values(2) else { return .failure(.malformed) }
            return .success(SensorSample(time: time, reading: .truth(GroundTruth(position: .plan(x: v[0], y: v[1])))))
        default:
            return .failure(fields[1].hasPrefix("TYPE_") ? .unsupported : .noise)
        }
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
