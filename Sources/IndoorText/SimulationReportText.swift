import Foundation
import IndoorNavigation

extension SimulationReport {
    /// The report as `indoornav simulate` prints it, in `language`: one line per figure, its label padded so the
    /// figures align; its words from the phrasebook; counts take the plural of their language, decimals its mark (`1.29 m`,
    /// `1,29 m`).
    public func text(in language: InstructionLanguage) -> String {
        let book = Phrasebook(language: language)
        func decimal(_ x: Double, _ digits: Int) -> String { book.number(x, fractionDigits: digits, grouped: false) }
        func pct(_ n: Int) -> String {
            sessions == 0 ? "–" : book.phrase("percent", ["number": decimal(100 * Double(n) / Double(sessions), 1)])
        }
        func m(_ x: Double?) -> String { x.map { book.phrase("distance", ["number": decimal($0, 2)]) } ?? "–" }
        func median(_ x: Double?) -> String { x.map { String(format: "%.0f", $0) } ?? "–" }
        // A count that may be missing ("–") takes the plural form.
        func fixCount(_ text: String) -> String { book.counted("report.fix", Int(text) ?? 2, shown: text) }
        let perDetour = String(format: "%.2g", maxReroutesPerDetour).replacingOccurrences(of: ".", with: book.phrase("number.decimal"))
        let rows: [(label: String, figure: String)] = [
            ("report.sessions", "\(sessions) (\(book.counted("report.fix", fixes)))"),
            ("report.arrived", "\(arrived) (\(pct(arrived)))"),
            ("report.wrongLevel", "\(wrongLevelArrivals)"),
            ("report.reroutes", book.phrase("report.reroutesText", [
                "n": String(reroutes), "detours": book.counted("report.detour", detours), "perDetour": perDetour,
                "perSession": String(maxReroutesPerSession), "afterFalseAlarms": String(reroutesWithoutDetour),
            ])),
            ("report.detection", book.phrase("report.detectionText", [
                "median": fixCount(median(detectionDelayMedian)), "max": detectionDelayMax.map(String.init) ?? "–",
                "thresholdMedian": median(thresholdDelayMedian), "thresholdMax": thresholdDelayMax.map(String.init) ?? "–",
                "undetected": String(undetectedDetours),
            ])),
            ("report.falseAlarms", "\(book.counted("report.session", falseOffRouteSessions)) (\(pct(falseOffRouteSessions)))"),
            ("report.matchedError", book.phrase("report.errorText", ["median": m(matchedErrorMedian), "p95": m(matchedErrorP95)])),
        ]
        let labelled = rows.map { (label: book.phrase($0.label), figure: $0.figure) }
        let width = max(24, labelled.map(\.label.count).max() ?? 0) + 1
        return labelled.map { $0.label.padding(toLength: width, withPad: " ", startingAt: 0) + $0.figure }.joined(separator: "\n")
    }
}
