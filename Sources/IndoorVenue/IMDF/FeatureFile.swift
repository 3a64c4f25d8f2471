import Foundation
import IndoorBase
import IndoorGeometry

/// Collects the issues of one load.
final class IssueLog {
    private(set) var issues: [VenueIssue] = []
    /// For each dangling reference (by its index in ``issues``), the feature types it may refer to.
    private var referredTypes: [Int: [String]] = [:]

    func add(_ severity: VenueIssue.Severity, _ code: String, file: String? = nil, featureID: String? = nil,
             line: Int? = nil, _ message: String) {
        issues.append(VenueIssue(severity, code, file: file, featureID: featureID, line: line, message))
    }

    /// A `dangling-reference`: a feature of `file` names a feature of one of `types` (`unit`, `level`) that is
    /// not loaded.
    func dangling(_ severity: VenueIssue.Severity, file: String, featureID: String, to types: [String], _ message: String) {
        referredTypes[issues.count] = types
        add(severity, "dangling-reference", file: file, featureID: featureID, message)
    }

    /// The issues with the consequences of a file that did not load collapsed: the dangling references to its
    /// features — one per feature that named one, so a truncated `unit.geojson` gave fifty before its own error —
    /// become one issue per referring file, which says they follow from it and names the first few features.
    /// The file's own failure comes first among the errors (``VenueIssue/isFileFailure``).
    func issuesWithConsequencesCollapsed() -> [VenueIssue] {
        let failed = Set(issues.filter(\.isFileFailure).compactMap { issue in
            issue.file.flatMap { $0.hasSuffix(".geojson") ? String($0.dropLast(".geojson".count)) : nil }
        })
        guard !failed.isEmpty else { return issues }
        var kept: [VenueIssue] = []
        // By referring file and the failed file its references lead to, in order of first appearance.
        var groups: [(file: String, failed: String, severity: VenueIssue.Severity, ids: [String])] = []
        for (k, issue) in issues.enumerated() {
            guard let types = referredTypes[k], let cause = types.first(where: failed.contains), let file = issue.file,
                  let id = issue.featureID else {
                kept.append(issue)
                continue
            }
            if let g = groups.firstIndex(where: { $0.file == file && $0.failed == cause }) {
                groups[g].ids.append(id)
                groups[g].severity = max(groups[g].severity, issue.severity)
            } else {
                groups.append((file, cause, issue.severity, [id]))
            }
        }
        for g in groups {
            let shown = g.ids.prefix(3).joined(separator: ", ") + (g.ids.count > 3 ? " and \(g.ids.count - 3) more" : "")
            let count = g.ids.count == 1 ? "1 feature refers" : "\(g.ids.count) features refer"
            kept.append(VenueIssue(g.severity, "dangling-reference", file: g.file,
                "\(count) to \(g.failed) features of \(g.failed).geojson, which did not load (its error says why); skipped: \(shown)"))
        }
        return kept
    }
}

/// One feature of an IMDF file, with typed readers for its properties that report wrong types as issues (naming
/// the file, the feature and the property) instead of failing the load.
struct IMDFFeature {
    let file: String
    let id: String
    let featureType: String?
    let geometry: Geometry?
    let properties: [String: JSONValue]
    let log: IssueLog

    private func wrongType(_ key: String, _ expected: String, _ found: JSONValue) {
        log.add(.warning, "wrong-type", file: file, featureID: id,
                "property \"\(key)\" should be \(expected), found \(found.typeName); ignored")
    }

    func string(_ key: String) -> String? {
        switch properties[key] {
        case nil, .null?: return nil
        case .string(let s)?: return s.isEmpty ? nil : s
        case .number(let n)?:
            let text = n.rounded() == n && abs(n) < 1e15 ? String(Int64(n)) : String(n)
            log.add(.warning, "wrong-type", file: file, featureID: id,
                    "property \"\(key)\" should be a string, found a number; read as \"\(text)\"")
            return text
        case let other?: wrongType(key, "a string", other); return nil
        }
    }

    func number(_ key: String) -> Double? {
        switch properties[key] {
        case nil, .null?: return nil
        case .number(let n)?: return n
        case .string(let s)?:
            if let n = Double(s), n.isFinite { return n }
            wrongType(key, "a number", .string(s)); return nil
        case let other?: wrongType(key, "a number", other); return nil
        }
    }

    func bool(_ key: String) -> Bool? {
        switch properties[key] {
        case nil, .null?: return nil
        case .bool(let b)?: return b
        case let other?: wrongType(key, "true or false", other); return nil
        }
    }

    /// IMDF `LABELS`: an object of language tag → text. A bare string is accepted as a text of unstated language.
    func labels(_ key: String) -> LocalizedText {
        switch properties[key] {
        case nil, .null?: return LocalizedText()
        case .string(let s)?: return LocalizedText(s)
        case .object(let o)?:
            var values: [String: String] = [:]
            for (lang, v) in o {
                if let s = v.stringValue { values[lang] = s } else if !v.isNull { wrongType("\(key).\(lang)", "a string", v) }
            }
            return LocalizedText(values)
        case let other?: wrongType(key, "an object of language → text", other); return LocalizedText()
        }
    }

    func strings(_ key: String) -> [String] {
        switch properties[key] {
        case nil, .null?: return []
        case .string(let s)?: return [s]
        case .array(let a)?:
            return a.compactMap { v in
                if let s = v.stringValue { return s }
                wrongType(key, "an array of strings", v)
                return nil
            }
        case let other?: wrongType(key, "an array of strings", other); return []
        }
    }

    /// An IMDF `display_point` (a GeoJSON Point).
    func point(_ key: String) -> GeoCoordinate? {
        guard let value = properties[key], !value.isNull else { return nil }
        do {
            if case .point(let c) = try Geometry(json: value, path: key) { return GeoCoordinate(position: c) }
            wrongType(key, "a Point", value)
        } catch {
            log.add(.warning, "invalid-geometry", file: file, featureID: id, "\(key): \(error.localizedDescription)")
        }
        return nil
    }

    func restriction(_ key: String = "restriction") -> Restriction? {
        guard let s = string(key) else { return nil }
        if let r = Restriction(rawValue: s.lowercased()) { return r }
        log.add(.info, "unknown-category", file: file, featureID: id, "unknown restriction \"\(s)\"; treated as restricted")
        return .restricted
    }
}

/// Reads an IMDF feature file: a GeoJSON FeatureCollection whose features carry `id` and `feature_type`.
/// Syntax errors are reported with their line; each feature that cannot be read is reported by id and skipped,
/// so one bad feature never loses the rest of the file.
func readFeatureFile(_ name: String, _ data: Data, log: IssueLog) -> [IMDFFeature] {
    guard !data.isEmpty else {
        log.add(.error, "empty-file", file: name, "the file is empty (0 bytes)")
        return []
    }
    let json: JSONValue
    do {
        let parsed = try JSONParser().parse(data)
        json = parsed.value
        for w in parsed.warnings {
            log.add(.warning, "lenient-json", file: name, line: w.line, "\(w.message) (column \(w.column))")
        }
    } catch {
        log.add(.error, "invalid-json", file: name, line: error.line, "not valid JSON: \(error.reason) (column \(error.column))")
        return []
    }
    guard json["type"]?.stringValue == "FeatureCollection", let members = json["features"]?.arrayValue else {
        log.add(.error, "invalid-geojson", file: name, "expected a GeoJSON FeatureCollection with a \"features\" array")
        return []
    }
    if members.isEmpty { log.add(.info, "empty-collection", file: name, "the FeatureCollection has no features") }
    var out: [IMDFFeature] = []
    out.reserveCapacity(members.count)
    var seen: Set<String> = []
    for (i, member) in members.enumerated() {
        let rawID = member["id"]
        let id = rawID?.stringValue ?? rawID?.numberValue.map { FeatureID.number($0).description }
        do {
            let feature = try Feature(json: member, path: "features[\(i)]")
            guard let id else {
                log.add(.error, "missing-id", file: name, "features[\(i)] has no \"id\" (IMDF ids are UUID strings); skipped")
                continue
            }
            if !seen.insert(id).inserted {
                log.add(.error, "duplicate-id", file: name, featureID: id, "the id appears more than once in the file; later copy skipped")
                continue
            }
            out.append(IMDFFeature(file: name, id: id, featureType: feature.foreignMembers["feature_type"]?.stringValue,
                                   geometry: feature.geometry, properties: feature.properties, log: log))
        } catch {
            log.add(.error, "invalid-feature", file: name, featureID: id ?? "features[\(i)]",
                    "\(error.localizedDescription); feature skipped")
        }
    }
    return out
}
