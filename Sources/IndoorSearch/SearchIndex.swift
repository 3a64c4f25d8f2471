import IndoorBase
import IndoorGeometry
import IndoorVenue

/// One answer of a search.
public struct SearchResult: Hashable, Sendable {
    /// The place found: a POI of the venue, or one of the index's ``SearchIndex/places`` that stands for a connector
    /// stop or an entrance.
    public let poi: POI
    /// Text relevance, 0…1 (1: every word typed matched a name exactly, or the text typed is the whole name).
    public let score: Double
    /// Metres to the `near` place, when one was given: walked, when the search was given walking distances,
    /// else the straight line on the level plus 5 m per level of difference.
    public let distance: Double?
    /// The ordinal of the POI's level; `nil` when the venue does not know the level.
    public let levelOrdinal: Double?
    /// How the text matched the name: 3 the whole name as typed (room numbers with their separators), 2 the whole
    /// name with spaces and punctuation ignored ("mc donalds" for "McDonald's"), 1 the start of the name, 0 words
    /// in any order. Results are ordered by it before ``score``.
    public let nameMatch: Int
}

/// What to search for.
public struct SearchQuery: Sendable {
    /// The words typed, in any order and language. `category:X` alone asks for every POI of category X.
    public var text: String
    /// Rank ties (and category queries) by distance from this place (its point and level; any place, or
    /// `.coordinate(c, levelID:)` for a WGS84 coordinate on a level).
    public var near: Place?
    /// Only POIs on these levels (ids), when not empty.
    public var levelIDs: Set<String> = []
    /// Only POIs in this building (id), as ``PlaceBuildings`` places them.
    public var buildingID: String?
    /// Only POIs of this category or one of its synonyms ("restroom", "toilets", "lift").
    public var category: String?
    /// The most results returned, 10 by default; zero or less returns none.
    public var limit = 10

    /// A query for `text` with no filter and no `near` place; set the other properties to narrow it.
    /// - Parameters:
    /// - text: the words typed; see ``text``.
    /// - limit: the most results returned.
    public init(_ text: String, limit: Int = 10) {
        self.text = text
        self.limit = limit
    }
}

/// A search index over every searchable thing in a venue: POIs (amenities, occupants, named rooms, kiosks,
/// entrances), its named buildings and the stops of its connectors (elevators, escalators, stairs, ramps: see ``places``), their names in
/// every language, alternative names, room numbers, categories with their everyday words in English, French, German
/// and Russian (``CategoryVocabulary``), and the names of their level and building.
///
/// Matching folds case and diacritics (``TextNormalizer``), matches words in any order, completes the last
/// word as a prefix, and tolerates typos (Damerau–Levenshtein: 1 edit in words of 4–7 letters, 2 from 8).
/// A text that is a whole name ranks first: as typed, separators and their order included (`R0-1-1-5` is never
/// `R0-0-1-5`), then with spaces and punctuation ignored (`mc donalds` → `McDonald's`), then the start of a name,
/// then words in any order.
/// Built once; a value to share between threads.
public struct SearchIndex: Sendable {
    struct Posting: Sendable {
        var doc: Int32
        var weight: Float
    }

    /// Field weights: a name match counts more than a category or level match.
    enum Field {
        static let name: Float = 1.0
        static let ref: Float = 1.0
        static let altName: Float = 0.85
        static let category: Float = 0.8
        static let place: Float = 0.35
    }

    /// The venue indexed, as given to ``init(venue:ids:)``: the POIs' names, levels and buildings are read from it.
    public let venue: Venue
    /// What is searched: the venue's POIs, then one place for each connector stop that no POI stands for (id
    /// `CONNECTOR@LEVEL`, kind `amenity`, category `elevator`, `escalator`, `stairs`, `ramp` or `movingwalkway`),
    /// then the named openings and principal entrances that are no POI (the opening's id, kind `entrance`), then the
    /// named buildings that are no POI (the building's id, kind `building`: see `BuildingPlaces`).
    public let places: [POI]
    /// Where each place is in the venue's frame; `nil` for one outside the frame's domain (then never "near").
    private let metric: [Coordinate?]
    private let categoryWords: [Set<String>]
    private let levelOrdinal: [String: Double]
    /// Which building each place of the venue is in (the words of their names find it, and a query's building
    /// keeps it).
    public let buildings: PlaceBuildings
    /// Each place's buildings (indexes into the venue's), from ``buildings``, read per candidate.
    private let placeBuildings: [[Int]]
    /// Each place's level ordinal and kind rank, read per candidate without copying the place.
    private let placeOrdinal: [Double]
    private let placeKindRank: [Int]
    /// Distinct folded tokens, sorted (prefix lookups are binary searches).
    private let tokens: [String]
    private let tokenScalars: [[UInt32]]
    private let tokenMasks: [UInt64]
    private let postings: [[Posting]]
    /// Per token, the categories whose words hold it (`doc` is a category id): every place of a category shares
    /// its words, so a word is credited once per category, not once per vocabulary word and place.
    private let categoryPostings: [[Posting]]
    /// The places of each category id.
    private let categoryDocs: [[Int32]]
    /// Token ids by token length (in scalars), for typo lookups.
    private let byLength: [[Int32]]
    /// Name tokens per POI, to prefer results whose whole name was typed.
    private let nameTokenCount: [Int]
    /// Every place's names, alternative names and ref as typed whole (``nameKeys(_:)``), sorted, with their
    /// places: the names that start with a text are a range.
    private let sortedNameKeys: [String]
    private let sortedNameDocs: [Int32]
    /// Places by whole name as typed, and by whole name with only its letters and digits.
    private let byExactName: [String: [Int32]]
    private let byCompactName: [String: [Int32]]

    /// The venue's features by id (ids are resolved before names).
    let ids: PlaceIDs

    /// - Parameters:
    ///   - venue: the venue to index.
    ///   - ids: `venue`'s `PlaceIDs` when they are at hand.
    /// - Complexity: O(t log t) for t tokens in all.
    public init(venue: Venue, ids: PlaceIDs? = nil) {
        self.venue = venue
        self.ids = ids ?? PlaceIDs(venue)
        let places = venue.pois + ConnectorPlaces.make(venue) + OpeningPlaces.make(venue) + BuildingPlaces.make(venue)
        self.places = places
        // In one batch; one by one only when some place is outside the frame's domain.
        metric = (try? venue.frame.project(places.map(\.coordinate)))?.map { Optional($0) }
            ?? places.map { try? venue.frame.project($0.coordinate) }
        levelOrdinal = Dictionary(venue.levels.map { ($0.id, $0.ordinal) }, uniquingKeysWith: { a, _ in a })
        let buildings = PlaceBuildings(venue)
        self.buildings = buildings
        placeBuildings = places.map { buildings.buildings(of: $0) }
        placeOrdinal = places.map { [levelOrdinal] in levelOrdinal[$0.levelID] ?? 0 }
        placeKindRank = places.map { Self.kindRank($0.kind) }
        let levelWords = Dictionary(venue.levels.map { l in
            (l.id, l.name.allTexts + l.shortName.allTexts + ["level \(l.ordinalText)"])
        }, uniquingKeysWith: { a, _ in a })

        // Tokens of what many POIs share (a category's words, a level's and its buildings' names), made once.
        func tokenize(_ texts: [String]) -> [TextNormalizer.Token] { texts.flatMap { TextNormalizer.tokensAndRuns($0) } }
        var levelTokens: [String: [TextNormalizer.Token]] = [:]
        for level in venue.levels { levelTokens[level.id] = tokenize(levelWords[level.id] ?? []) }
        // The names of the buildings a place is in (not every building of an OSM extract's level).
        let buildingTokens = venue.buildings.map { tokenize($0.name.allTexts) }

        var table: [String: [Posting]] = [:]
        var categoryTable: [String: [Posting]] = [:]
        var categoryIDs: [String: Int32] = [:]
        var categoryDocs: [[Int32]] = []
        var categoryWords: [Set<String>] = []
        var nameTokenCount: [Int] = []
        var categorySets: [String: Set<String>] = [:]
        var nameKeyList: [(key: String, doc: Int32)] = []
        var byExactName: [String: [Int32]] = [:]
        var byCompactName: [String: [Int32]] = [:]
        for (i, poi) in places.enumerated() {
            var keys: [String] = []
            for text in poi.name.allTexts + poi.altName.allTexts + (poi.ref.map { [$0] } ?? []) {
                let k = Self.nameKeys(text)
                guard !k.compact.isEmpty else { continue }
                if !keys.contains(k.exact) {
                    keys.append(k.exact)
                    byExactName[k.exact, default: []].append(Int32(i))
                    nameKeyList.append((k.exact, Int32(i)))
                }
                if byCompactName[k.compact]?.last != Int32(i) { byCompactName[k.compact, default: []].append(Int32(i)) }
            }
            var best: [String: Float] = [:]
            func add(_ tokens: [TextNormalizer.Token], _ weight: Float) {
                for token in tokens {
                    // A run inside a longer token ("2" of "M2") counts a little less than a token of its own.
                    let w = token.isRun ? weight * 0.95 : weight
                    if best[token.text, default: 0] < w { best[token.text] = w }
                }
            }
            let nameTokens = tokenize(poi.name.allTexts)
            add(nameTokens, Field.name)
            add(tokenize(poi.ref.map { [$0] } ?? []), Field.ref)
            add(tokenize(poi.altName.allTexts), Field.altName)
            if categoryIDs[poi.category] == nil {
                let id = Int32(categoryDocs.count)
                categoryIDs[poi.category] = id
                categoryDocs.append([])
                // Words that only join a phrase ("lost and found", "salle d'attente") would match any text.
                let tokens = tokenize(CategoryVocabulary.words(for: poi.category)).filter { !CategoryVocabulary.joiningWords.contains($0.text) }
                categorySets[poi.category] = Set(tokens.map(\.text)).union([TextNormalizer.fold(poi.category)])
                var weights: [String: Float] = [:]
                for t in tokens { weights[t.text] = max(weights[t.text] ?? 0, t.isRun ? Field.category * 0.95 : Field.category) }
                for (token, w) in weights { categoryTable[token, default: []].append(Posting(doc: id, weight: w)) }
            }
            if let id = categoryIDs[poi.category] { categoryDocs[Int(id)].append(Int32(i)) }
            add(levelTokens[poi.levelID] ?? [], Field.place)
            for b in placeBuildings[i] { add(buildingTokens[b], Field.place) }
            for (token, weight) in best { table[token, default: []].append(Posting(doc: Int32(i), weight: weight)) }
            categoryWords.append(categorySets[poi.category] ?? [])
            nameTokenCount.append(Set(nameTokens.filter { !$0.isRun }.map(\.text)).count)
        }
        let sorted = Set(table.keys).union(categoryTable.keys).sorted()
        tokens = sorted
        tokenScalars = sorted.map { $0.unicodeScalars.map(\.value) }
        tokenMasks = tokenScalars.map(Self.mask)
        postings = sorted.map { table[$0] ?? [] }
        categoryPostings = sorted.map { categoryTable[$0] ?? [] }
        self.categoryDocs = categoryDocs
        var byLength = [[Int32]](repeating: [], count: TextNormalizer.maximumTokenLength + 3)
        for (id, s) in tokenScalars.enumerated() { byLength[min(s.count, byLength.count - 1)].append(Int32(id)) }
        self.byLength = byLength
        self.categoryWords = categoryWords
        self.nameTokenCount = nameTokenCount
        // In byte order, where the keys that start with a text are contiguous.
        nameKeyList.sort { $0.key.utf8.lexicographicallyPrecedes($1.key.utf8) }
        sortedNameKeys = nameKeyList.map(\.key)
        sortedNameDocs = nameKeyList.map(\.doc)
        self.byExactName = byExactName
        self.byCompactName = byCompactName
    }

    /// A name as typed whole: folded, trimmed, runs of white space made one space, every other character kept
    /// (`exact`); and only its letters and digits (`compact`). Both are empty for a text with no letter or digit.
    static func nameKeys(_ text: String) -> (exact: String, compact: String) {
        let folded = TextNormalizer.fold(String(text.prefix(256)))
        let exact = folded.split(whereSeparator: { $0.isWhitespace }).joined(separator: " ")
        let compact = String(String.UnicodeScalarView(exact.unicodeScalars.filter(TextNormalizer.isWordCharacter)))
        return (exact, compact)
    }

    /// A 64-bit set of the characters of a token: two tokens within k edits differ in at most 2k bits.
    private static func mask(_ scalars: [UInt32]) -> UInt64 {
        scalars.reduce(0) { $0 | (1 << UInt64($1 % 64)) }
    }

    /// Edits tolerated in a typed word of `length` characters.
    static func typoLimit(_ length: Int) -> Int { length >= 8 ? 2 : length >= 4 ? 1 : 0 }

    /// How well each POI matches one typed word: the best of exact (1), prefix, typo and typo-prefix matches, times
    /// the weight of the field the word was found in.
    private func match(_ word: String, isLast: Bool, into scores: inout [Float], touched: inout [Int32],
                       nameHit: inout [Bool], categoryBest: inout [Float]) {
        let q = word.unicodeScalars.map(\.value)
        // The best quality per category, credited to its places once at the end.
        defer {
            for c in categoryBest.indices where categoryBest[c] > 0 {
                let s = categoryBest[c]
                for d in categoryDocs[c] {
                    let i = Int(d)
                    if scores[i] == 0 { touched.append(d) }
                    if s > scores[i] { scores[i] = s }
                }
                categoryBest[c] = 0
            }
        }
        func credit(_ tokenID: Int, _ quality: Float) {
            for p in categoryPostings[tokenID] {
                let s = quality * p.weight
                if s > categoryBest[Int(p.doc)] { categoryBest[Int(p.doc)] = s }
            }
            for p in postings[tokenID] {
                let s = quality * p.weight
                let d = Int(p.doc)
                if scores[d] == 0 { touched.append(p.doc) }
                if s > scores[d] { scores[d] = s }
                // A word found whole (or nearly) in a name or room number.
                if quality >= 0.8, p.weight >= Field.altName { nameHit[d] = true }
            }
        }
        // Exact and prefix: the range of tokens starting with `word`.
        var lo = 0, hi = tokens.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if tokens[mid] < word { lo = mid + 1 } else { hi = mid }
        }
        var found = false
        var i = lo
        // A one-letter word completes only as the last word typed, and then only to a bounded number of words.
        let prefixAllowed = q.count >= 2 || isLast
        while i < tokens.count, tokens[i].hasPrefix(word), i - lo < 5000 {
            if tokens[i].count == word.count {
                credit(i, 1.0)
                found = true
            } else if prefixAllowed {
                // A longer completion is a weaker match: "caf" is more likely "cafe" than "cafeteria".
                credit(i, 0.8 + 0.1 * Float(q.count) / Float(tokenScalars[i].count))
                found = true
            }
            i += 1
        }
        // Typos.
        let limit = Self.typoLimit(q.count)
        guard limit > 0 else { return }
        let qMask = Self.mask(q)
        let shortest = max(1, q.count - limit), longest = min(byLength.count - 1, q.count + limit)
        guard shortest <= longest else { return }
        for length in shortest...longest {
            for id in byLength[length] {
                let t = Int(id)
                guard (qMask ^ tokenMasks[t]).nonzeroBitCount <= 2 * limit,
                      let d = EditDistance.within(q, tokenScalars[t], limit: limit), d > 0 else { continue }
                credit(t, d == 1 ? 0.7 : 0.55)
                found = true
            }
        }
        // The last word may be a misspelt beginning ("restro" typed as "rsetro").
        if isLast, !found, q.count + 1 < byLength.count {
            for length in (q.count + 1)..<byLength.count {
                for id in byLength[length] {
                    let t = Int(id)
                    guard let d = EditDistance.prefixWithin(q, tokenScalars[t], limit: limit), d > 0 else { continue }
                    credit(t, 0.5)
                }
            }
        }
    }

    /// What a category filter admits: the category as typed, the categories its words name, and its own words.
    static func categoryFilter(_ category: String) -> Set<String> {
        Set([TextNormalizer.fold(category)]).union(CategoryVocabulary.categories(named: category)).union(TextNormalizer.tokens(category))
    }

    /// Whether some place of the venue is of `category` or of a category it names ("toilets" for `restroom.female`):
    /// a filter that admits none is a mistake to tell the caller of, not an empty answer.
    public func hasPlaces(ofCategory category: String) -> Bool {
        let filter = Self.categoryFilter(category)
        return categoryWords.contains { !$0.isDisjoint(with: filter) }
    }

    /// The categories of the venue's places, sorted, each once (for an error that lists them).
    public var categories: [String] { Array(Set(places.map(\.category))).sorted() }

    /// Searches the venue.
    /// - Returns: at most `query.limit` results, best first: text relevance, then distance from `query.near`.
    ///   An unknown or empty query returns no result.
    /// - Complexity: O(w · (log t + p + c)) for w words typed, p postings matched and c typo candidates
    ///   (tokens of a similar length and character set).
    /// - Parameter query: the words, filters and `near` place to search with.
    /// - Parameter walkingDistance: metres walked from `query.near` to a POI (`nil` when unreachable), from the
    ///   routing graph; equally relevant results among the first candidates are then ordered by it, and it is the
    ///   distance reported. Without it, the straight-line distance is used.
    public func search(_ query: SearchQuery, walkingDistance: ((POI) -> Double?)? = nil) -> [SearchResult] {
        var text = query.text
        var category = query.category
        if let range = text.range(of: "category:") {
            let rest = text[range.upperBound...].split(separator: " ", maxSplits: 1)
            category = rest.first.map(String.init) ?? category
            text = rest.count > 1 ? String(rest[1]) : String(text[..<range.lowerBound])
        }
        // Typed words are matched whole; the index holds the runs of mixed tokens ("a 1605" finds "A1605").
        var words = Array(TextNormalizer.tokensAndRuns(text, runs: false).map(\.text).prefix(8))
        // Words that only join a phrase ("location de voitures", "lost and found") must not have to match, or
        // complete to, a word of their own ("de" → "desk").
        let meaningful = words.filter { $0.count < 2 || !CategoryVocabulary.joiningWords.contains($0) }
        if !meaningful.isEmpty { words = meaningful }
        let categoryFilter = category.map(Self.categoryFilter)
        let docCount = places.count
        var total = [Float](repeating: 0, count: docCount)
        var matchedWords = [Int32](repeating: 0, count: docCount)
        var nameWords = [Int32](repeating: 0, count: docCount)
        if words.isEmpty {
            // A category (or filter) alone lists what matches it.
            guard categoryFilter != nil || !query.levelIDs.isEmpty else { return [] }
            for i in 0..<docCount { total[i] = 1 }
        } else {
            var scores = [Float](repeating: 0, count: docCount)
            var touched: [Int32] = []
            var nameHit = [Bool](repeating: false, count: docCount)
            var categoryBest = [Float](repeating: 0, count: categoryDocs.count)
            for (k, word) in words.enumerated() {
                touched.removeAll(keepingCapacity: true)
                match(word, isLast: k == words.count - 1, into: &scores, touched: &touched, nameHit: &nameHit,
                      categoryBest: &categoryBest)
                for d in touched {
                    let i = Int(d)
                    total[i] += scores[i]
                    matchedWords[i] += 1
                    if nameHit[i] { nameWords[i] += 1 }
                    scores[i] = 0
                    nameHit[i] = false
                }
            }
        }
        // Every word must match; when nothing matches them all, results matching at least half the words are shown.
        let needed = words.isEmpty ? 0
            : (matchedWords.contains(Int32(words.count)) ? Int32(words.count) : Int32((words.count + 1) / 2))
        var nearMetric: Coordinate?
        if let near = query.near { nearMetric = try? venue.frame.project(near.coordinate) }
        // The whole name typed: as typed, then with only letters and digits; the start of a name.
        let typed = Self.nameKeys(text)
        var wholeName: [Int32: Int] = [:]
        if !typed.compact.isEmpty {
            for d in byCompactName[typed.compact] ?? [] { wholeName[d] = 2 }
            for d in byExactName[typed.exact] ?? [] { wholeName[d] = 3 }
        }
        // Places a name of which starts with the text, ascending (walked beside the candidates below).
        var startsName: [Int32] = []
        if typed.exact.utf8.count >= 2 {
            var lo = 0, hi = sortedNameKeys.count
            while lo < hi {
                let mid = (lo + hi) / 2
                if sortedNameKeys[mid].utf8.lexicographicallyPrecedes(typed.exact.utf8) { lo = mid + 1 } else { hi = mid }
            }
            while lo < sortedNameKeys.count, startsName.count < 5000, sortedNameKeys[lo].utf8.starts(with: typed.exact.utf8) {
                startsName.append(sortedNameDocs[lo])
                lo += 1
            }
            startsName.sort()
        }
        var nextStart = 0
        // Rank by cheap keys, then make results only for the best `limit`.
        var ranked: [Ranked] = []
        let nearOrdinal = query.near.flatMap { levelOrdinal[$0.levelID] } ?? 0
        // (An unknown building keeps nothing.)
        let building = query.buildingID.map { buildings.index(ofBuilding: $0) ?? -1 }
        func consider(_ i: Int, wholeName: Int) {
            if !query.levelIDs.isEmpty, !query.levelIDs.contains(places[i].levelID) { return }
            if let building, !placeBuildings[i].contains(building) { return }
            if let filter = categoryFilter, categoryWords[i].isDisjoint(with: filter) { return }
            var nameMatch = wholeName
            while nextStart < startsName.count, Int(startsName[nextStart]) < i { nextStart += 1 }
            if nameMatch == 0, nextStart < startsName.count, Int(startsName[nextStart]) == i { nameMatch = 1 }
            var score = nameMatch >= 2 ? 1 : Double(total[i]) / Double(max(words.count, 1))
            // Prefer results more of whose name was typed ("cafe" → "Café" before "Café Müller").
            if nameWords[i] > 0, nameTokenCount[i] > 0 {
                score += 0.05 * min(1, Double(nameWords[i]) / Double(nameTokenCount[i]))
            }
            score = min(score, 1)
            var distance = Double.infinity
            if let p = nearMetric, let q = metric[i] {
                distance = q.distance(to: p) + 5 * abs(placeOrdinal[i] - nearOrdinal)
            }
            // Relevance in steps of 0.01, so that near-equal matches are ordered by distance.
            ranked.append(Ranked(doc: i, nameMatch: nameMatch, relevance: Int((score * 100).rounded()), distance: distance,
                                 kind: placeKindRank[i], score: score))
        }
        let matchesWords = { (i: Int) in total[i] > 0 && matchedWords[i] >= needed }
        for i in 0..<docCount where matchesWords(i) { consider(i, wholeName: wholeName.isEmpty ? 0 : wholeName[Int32(i)] ?? 0) }
        // A whole name typed is a result even when its words do not match as words ("mc donalds").
        for (d, match) in wholeName where !matchesWords(Int(d)) { consider(Int(d), wholeName: match) }
        let order = { (a: Ranked, b: Ranked) -> Bool in
            if a.nameMatch != b.nameMatch { return a.nameMatch > b.nameMatch }
            if a.relevance != b.relevance { return a.relevance > b.relevance }
            if a.distance != b.distance { return a.distance < b.distance }
            if a.kind != b.kind { return a.kind < b.kind }
            return a.doc < b.doc
        }
        // Only the best `kept` are ordered: a bounded insertion (each later candidate is usually rejected by one
        // comparison with the worst kept) instead of sorting thousands of matches of a category word.
        let kept = walkingDistance != nil && query.near != nil ? max(3 * query.limit, 30) : max(0, query.limit)
        if ranked.count > 4 * kept + 64 {
            var best: [Ranked] = []
            best.reserveCapacity(kept + 1)
            for r in ranked {
                if best.count == kept, let worst = best.last, !order(r, worst) { continue }
                var lo = 0, hi = best.count
                while lo < hi {
                    let mid = (lo + hi) / 2
                    if order(best[mid], r) { lo = mid + 1 } else { hi = mid }
                }
                best.insert(r, at: lo)
                if best.count > kept { best.removeLast() }
            }
            ranked = best
        } else {
            ranked.sort(by: order)
        }
        if let walkingDistance, query.near != nil {
            // Walking distances for the best candidates (a few times the limit: a straight line is a lower bound,
            // so the nearest on foot is among the nearest in a straight line unless walls send people round).
            let window = min(ranked.count, max(3 * query.limit, 30))
            for k in 0..<window {
                ranked[k].distance = walkingDistance(places[ranked[k].doc]) ?? .infinity
            }
            ranked[0..<window].sort(by: order)
        }
        return ranked.prefix(max(0, query.limit)).map { r in
            let poi = places[r.doc]
            return SearchResult(poi: poi, score: r.score, distance: r.distance.isFinite ? r.distance : nil,
                                levelOrdinal: levelOrdinal[poi.levelID], nameMatch: r.nameMatch)
        }
    }

    /// What a prefix typed so far finds (``autocomplete(_:limit:)``).
    public struct Completion: Sendable {
        /// The text typed so far.
        public let typed: String
        /// Its results.
        public let results: [SearchResult]
    }

    /// Results for every prefix of `text` as it is typed ("c", "ca", "caf", …), for autocomplete.
    public func autocomplete(_ text: String, limit: Int = 5) -> [Completion] {
        var out: [Completion] = []
        var typed = ""
        for ch in text {
            typed.append(ch)
            out.append(Completion(typed: typed, results: search(SearchQuery(typed, limit: limit))))
        }
        return out
    }

    /// A candidate's ranking keys.
    private struct Ranked {
        var doc: Int
        var nameMatch: Int
        var relevance: Int
        var distance: Double
        var kind: Int
        var score: Double
    }

    private static func kindRank(_ kind: POI.Kind) -> Int {
        switch kind {
        case .occupant: 0
        case .amenity: 1
        case .kiosk: 2
        case .room: 3
        case .entrance: 4
        case .section: 5
        case .building: 6
        }
    }
}
