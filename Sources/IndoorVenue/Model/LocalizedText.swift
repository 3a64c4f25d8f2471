/// A text in several languages, as IMDF `LABELS` and OSM `name`/`name:xx` give it. Every language given is kept.
public struct LocalizedText: Hashable, Sendable {
    /// Language tag (BCP 47, as given: `en`, `fr`, `ru`, `zh-Hant`) → text. The empty tag holds a text whose
    /// language is not stated (OSM's plain `name`).
    public var values: [String: String]

    /// A text from language tag → text pairs (see ``values``); empty texts are dropped.
    public init(_ values: [String: String] = [:]) {
        self.values = values.filter { !$0.value.isEmpty }
    }

    /// A text in one unstated language.
    public init(_ text: String) {
        self.init(["": text])
    }

    /// Whether no language has a text (an unnamed feature).
    public var isEmpty: Bool { values.isEmpty }

    /// The text in the first available of `languages`, trying each tag and then its primary subtag (`fr-CA` → `fr`);
    /// else the text of unstated language, English, or the first language in tag order — so the answer is stable.
    public func resolved(for languages: [String]) -> String? {
        for tag in languages {
            if let v = values[tag] { return v }
            if let v = values[String(Self.primaryLanguage(of: tag))] { return v }
        }
        return values[""] ?? values["en"] ?? values.keys.sorted().first.flatMap { values[$0] }
    }

    /// The primary language subtag of a BCP 47 tag, as given (`fr-CA` → `fr`, `zh-Hant` → `zh`, `en` → `en`).
    public static func primaryLanguage(of tag: String) -> Substring {
        tag.split(separator: "-").first ?? Substring(tag)
    }

    /// ``resolved(for:)`` with one language.
    public func resolved(_ language: String? = nil) -> String? {
        resolved(for: language.map { [$0] } ?? [])
    }

    /// Every text, in tag order (for search and matching).
    public var allTexts: [String] { values.keys.sorted().compactMap { values[$0] } }
}

extension LocalizedText: Codable {
    /// Writes the texts as one JSON object, language tag → text (`{"en": "Relay", "": "Relais"}`).
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        try c.encode(values)
    }

    /// Reads texts written by ``encode(to:)``.
    public init(from decoder: any Decoder) throws {
        self.init(try decoder.singleValueContainer().decode([String: String].self))
    }
}
