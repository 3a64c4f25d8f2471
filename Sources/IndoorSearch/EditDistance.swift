/// The optimal string alignment variant of the Damerau–Levenshtein distance (insertions, deletions,
/// substitutions and transpositions of adjacent characters), computed only as far as `limit`.
public enum EditDistance {
    /// The distance between two words, by their Unicode scalars, or `nil` when it exceeds `limit` (what a typo
    /// tolerance asks: is this word within 2 edits of that one?).
    public static func within(_ a: some StringProtocol, _ b: some StringProtocol, limit: Int) -> Int? {
        within(a.unicodeScalars.map(\.value), b.unicodeScalars.map(\.value), limit: limit)
    }

    /// The distance between `a` and `b`, or `nil` when it exceeds `limit`.
    /// - Complexity: O(|a| · (2·limit + 1)) time (a diagonal band), O(|b|) space.
    static func within(_ a: [UInt32], _ b: [UInt32], limit: Int) -> Int? {
        let n = a.count, m = b.count
        if abs(n - m) > limit { return nil }
        if n == 0 { return m <= limit ? m : nil }
        if m == 0 { return n <= limit ? n : nil }
        let big = limit + 1
        var previous2 = [Int](repeating: big, count: m + 1)
        var previous = [Int](0...m).map { min($0, big) }
        var current = [Int](repeating: big, count: m + 1)
        for i in 1...n {
            current[0] = min(i, big)
            let lo = max(1, i - limit), hi = min(m, i + limit)
            if lo > 1 { current[lo - 1] = big }
            var rowMin = current[0]
            if lo <= hi {
                for j in lo...hi {
                    let cost = a[i - 1] == b[j - 1] ? 0 : 1
                    var d = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + cost)
                    if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d = min(d, previous2[j - 2] + 1) }
                    current[j] = min(d, big)
                    rowMin = min(rowMin, current[j])
                }
            }
            if hi < m { current[hi + 1] = big }
            if rowMin > limit { return nil }
            (previous2, previous, current) = (previous, current, previous2)
        }
        return previous[m] <= limit ? previous[m] : nil
    }

    /// The fewest edits that turn `query` into some prefix of `token` (for autocomplete with typos), or `nil`
    /// beyond `limit`.
    static func prefixWithin(_ query: [UInt32], _ token: [UInt32], limit: Int) -> Int? {
        var best: Int?
        let lo = max(0, query.count - limit), hi = min(token.count, query.count + limit)
        guard lo <= hi else { return nil }
        for length in lo...hi {
            if let d = within(query, Array(token[0..<length]), limit: best.map { $0 - 1 } ?? limit) {
                best = d
                if d == 0 { break }
            }
        }
        return best
    }
}
