import Foundation
import IndoorNavigation

extension SimulationReport {
    /// The report as `indoornav simulate` prints it, in `language`: one line per figure, its label padded so the
    /// figures align; counts take the plural of their language (`InstructionLanguage.counted`), decimals its mark
    /// (`1.29 m`, `1,29 m`).
    public func text(in language: InstructionLanguage) -> String {
        let w = ReportWords(language: language)
        func decimal(_ x: Double, _ digits: Int) -> String {
            let text = String(format: "%.\(digits)f", x)
            return language == .en ? text : text.replacingOccurrences(of: ".", with: ",")
        }
        func pct(_ n: Int) -> String { sessions == 0 ? "–" : "\(decimal(100 * Double(n) / Double(sessions), 1))\u{00A0}%" }
        func m(_ x: Double?) -> String { x.map { "\(decimal($0, 2))\(w.metre)" } ?? "–" }
        func median(_ x: Double?) -> String { x.map { String(format: "%.0f", $0) } ?? "–" }
        // A count that may be missing ("–") takes the plural form.
        func fixCount(_ text: String) -> String { "\(text) \(w.noun(w.fix, Int(text) ?? 2))" }
        let perDetour = String(format: "%.2g", maxReroutesPerDetour)
        let rows: [(String, String)] = [
            (w.sessions, "\(sessions) (\(language.counted(fixes, one: w.fix.one, few: w.fix.few, many: w.fix.many)))"),
            (w.arrived, "\(arrived) (\(pct(arrived)))"),
            (w.wrongLevel, "\(wrongLevelArrivals)"),
            (w.reroutes, w.reroutesText(reroutes, detours: language.counted(detours, one: w.detour.one, few: w.detour.few, many: w.detour.many),
                                        perDetour: language == .en ? perDetour : perDetour.replacingOccurrences(of: ".", with: ","),
                                        perSession: maxReroutesPerSession, afterFalseAlarms: reroutesWithoutDetour)),
            (w.detection, w.detectionText(median: fixCount(median(detectionDelayMedian)), max: detectionDelayMax.map(String.init) ?? "–",
                                          thresholdMedian: median(thresholdDelayMedian), thresholdMax: thresholdDelayMax.map(String.init) ?? "–",
                                          undetected: undetectedDetours)),
            (w.falseAlarms, "\(language.counted(falseOffRouteSessions, one: w.session.one, few: w.session.few, many: w.session.many)) (\(pct(falseOffRouteSessions)))"),
            (w.matchedError, "\(w.median) \(m(matchedErrorMedian)), p95 \(m(matchedErrorP95))"),
        ]
        let width = max(24, rows.map(\.0.count).max() ?? 0) + 1
        return rows.map { $0.0.padding(toLength: width, withPad: " ", startingAt: 0) + $0.1 }.joined(separator: "\n")
    }
}

/// The words of the simulation report in each language.
private struct ReportWords {
    let language: InstructionLanguage
    typealias Forms = (one: String, few: String, many: String)

    var metre: String { language == .en ? " m" : language == .ru ? "\u{00A0}м" : "\u{00A0}m" }
    var median: String { language == .en ? "median" : language == .fr ? "médiane" : language == .de ? "Median" : "медиана" }

    var fix: Forms {
        switch language {
        case .en: ("fix", "fixes", "fixes")
        case .fr: ("position", "positions", "positions")
        case .de: ("Position", "Positionen", "Positionen")
        case .ru: ("позиция", "позиции", "позиций")
        }
    }
    /// The form of a noun for `n`, without the count.
    func noun(_ forms: Forms, _ n: Int) -> String {
        String(language.counted(n, one: forms.one, few: forms.few, many: forms.many).drop { $0 != " " }.dropFirst())
    }
    var session: Forms {
        switch language {
        case .en: ("session", "sessions", "sessions")
        case .fr: ("session", "sessions", "sessions")
        case .de: ("Sitzung", "Sitzungen", "Sitzungen")
        case .ru: ("сеанс", "сеанса", "сеансов")
        }
    }
    var detour: Forms {
        switch language {
        case .en: ("real detour", "real detours", "real detours")
        case .fr: ("détour réel", "détours réels", "détours réels")
        case .de: ("echten Umweg", "echte Umwege", "echte Umwege")
        case .ru: ("реальный обход", "реальных обхода", "реальных обходов")
        }
    }

    var sessions: String { ["sessions", "sessions", "Sitzungen", "сеансы"][index] }
    var arrived: String { ["arrived", "arrivées", "angekommen", "прибыли"][index] }
    var wrongLevel: String { ["wrong-level arrivals", "arrivées au mauvais niveau", "auf falscher Ebene angekommen", "прибыли не на тот этаж"][index] }
    var reroutes: String { ["reroutes", "recalculs", "Neuberechnungen", "перестроения"][index] }
    var detection: String { ["off-route detection", "détection hors itinéraire", "Abweichungserkennung", "обнаружение схода"][index] }
    var falseAlarms: String { ["false off-route alarms", "fausses alertes", "Fehlalarme", "ложные тревоги"][index] }
    var matchedError: String { ["matched position error", "erreur de position recalée", "Fehler der abgeglichenen Position", "ошибка сопоставленной позиции"][index] }

    private var index: Int {
        switch language {
        case .en: 0
        case .fr: 1
        case .de: 2
        case .ru: 3
        }
    }

    func reroutesText(_ n: Int, detours: String, perDetour: String, perSession: Int, afterFalseAlarms: Int) -> String {
        switch language {
        case .en: "\(n) for \(detours) (at most \(perDetour) per detour in a session, \(perSession) per session; \(afterFalseAlarms) after false alarms)"
        case .fr: "\(n) pour \(detours) (au plus \(perDetour) par détour dans une session, \(perSession) par session ; \(afterFalseAlarms) après de fausses alertes)"
        case .de: "\(n) für \(detours) (höchstens \(perDetour) pro Umweg in einer Sitzung, \(perSession) pro Sitzung; \(afterFalseAlarms) nach Fehlalarmen)"
        case .ru: "\(n) на \(detours) (не более \(perDetour) на обход в сеансе, \(perSession) на сеанс; \(afterFalseAlarms) после ложных тревог)"
        }
    }

    func detectionText(median: String, max: String, thresholdMedian: String, thresholdMax: String, undetected: Int) -> String {
        switch language {
        case .en:
            "median \(median), max \(max) after the walker was unmistakably off (off-route distance + 2σ); "
                + "from the off-route distance itself median \(thresholdMedian), max \(thresholdMax); \(undetected) undetected"
        case .fr:
            "médiane \(median), max \(max) après que le marcheur s'est nettement écarté (distance hors itinéraire + 2σ) ; "
                + "depuis la distance hors itinéraire elle-même médiane \(thresholdMedian), max \(thresholdMax) ; \(undetected) non détectés"
        case .de:
            "Median \(median), max. \(max), nachdem der Gehende eindeutig abgewichen war (Abweichungsdistanz + 2σ); "
                + "ab der Abweichungsdistanz selbst Median \(thresholdMedian), max. \(thresholdMax); \(undetected) unerkannt"
        case .ru:
            "медиана \(median), макс. \(max) после явного схода с маршрута (расстояние схода + 2σ); "
                + "от самого расстояния схода медиана \(thresholdMedian), макс. \(thresholdMax); не обнаружено: \(undetected)"
        }
    }
}
