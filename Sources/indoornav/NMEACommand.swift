import Foundation
import IndoorCore

enum NMEACommand {
    static let definition = CommandDefinition.group("nmea", abstract: "Decode NMEA 0183.", [
        CommandDefinition(
            path: ["nmea", "decode"], synopsis: "[FILE|-] [--lenient]",
            abstract: "Decode NMEA 0183 into one JSON fix per epoch (gpsd's TPV and ATT field names).",
            discussion: """
                Decodes NMEA 0183 from a file (or standard input) and prints one JSON object per epoch, with gpsd's TPV
                field names where the meaning is the same (class, time, mode, lat, lon, altMSL, altHAE, speed m/s, track,
                magvar, eph, epv), followed by an ATT object with the heading when a true heading arrives (HDT, THS), as
                gpsd reports them, so the output can be compared with gpsd's. A summary of the lines skipped, by reason,
                goes to standard error, with a note when a date before 2000 was taken as a GPS week rollover.
                """,
            operand: .init(name: "FILE", kind: .file),
            groups: [OptionGroup(title: "OPTIONS", options: [
                .flag("--lenient", help: "Accept sentences without a checksum (a checksum present must still match)."),
            ])]),
    ])

    static func run(_ words: [String]) throws -> ExitStatus {
        guard var args = try definition.arguments(words) else { return .success }
        let lenient = args.flag("--lenient")
        let path = try StandardStreams.input(args.positional() ?? "-", command: args.command)
        try args.finish()
        let input: FileHandle
        if path == "-" {
            input = FileHandle.standardInput
        } else {
            switch ReadableFile.open(path) {
            case .success(let handle): input = handle
            case .failure(let unopenable): throw NMEACommandError.unreadable(path, reason: unopenable.reason)
            }
        }
        var decoder = NMEADecoder(lenient: lenient)
        var out: [UInt8] = []
        out.reserveCapacity(1 << 17)
        var fixes = 0
        func write(_ events: [NMEAEvent]) {
            for case .fix(let fix) in events {
                fixes += 1
                TPVWriter.appendLines(fix, to: &out)
            }
            if out.count > 1 << 16 {
                Output.write(Data(out))
                out.removeAll(keepingCapacity: true)
            }
        }
        while true {
            let chunk = input.readData(ofLength: 1 << 16)
            if chunk.isEmpty { break }
            write(decoder.feed(chunk))
        }
        write(decoder.finish())
        Output.write(Data(out))
        let reasons = decoder.skipped.sorted { $0.key.rawValue < $1.key.rawValue }.map { "\($0.key.rawValue) \($0.value)" }
        if let r = decoder.firstRollover {
            let others = decoder.rollovers > 1 ? " (and \(counted(decoder.rollovers - 1, "later date")))" : ""
            Output.error("note: line \(r.line): the date \(r.sent) is before 2000: taken as a GPS week rollover (a receiver with a "
                         + "10-bit week counter) and moved 1024 weeks on, to \(r.taken)\(others)")
        }
        Output.error("\(counted(decoder.sentences, "sentence")), \(counted(fixes, "epoch")); skipped: \(reasons.isEmpty ? "none" : reasons.joined(separator: ", "))")
        return .success
    }
}

enum NMEACommandError: Error, LocalizedError {
    case unreadable(String, reason: String)
    var errorDescription: String? {
        switch self {
        case .unreadable(let path, let reason): "\(path): cannot open: \(reason)"
        }
    }
}
