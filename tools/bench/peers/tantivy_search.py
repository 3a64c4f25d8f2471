"""POI search with Tantivy (PyPI `tantivy`, the Rust engine) on the workload `indoornav-bench search --export DIR`
writes: each typed word a term that must match in some field (name, alt, ref, category, place — the fields SQLite
FTS5 gets), exact or fuzzy (Levenshtein 1 for words of 4–7 letters, 2 from 8, a transposition costing 1), the last
word also as a (fuzzy) prefix; exact matches boosted; ranked by BM25. Engine `tantivy+vocabulary` also indexes the
everyday words of each category (the same vocabulary IndoorNav uses), to compare ranking with equal knowledge.

Prints one JSON line per run and engine, in the format of indoornav-bench: latency p50/p99 over the queries (the
query built, run and its ids read, in this process) and recall@1/@5 by query kind.
Usage: tantivy_search.py DIR [--repeat N]
"""
import json
import sys
import time
import unicodedata

import tantivy

FIELDS = ["name", "alt", "ref", "category", "place"]


def fold(text):
    """Lowercase, diacritics removed: what the index's tokenizer does (ascii_fold) for Latin, and keeps Cyrillic."""
    decomposed = unicodedata.normalize("NFKD", text.lower())
    return "".join(c for c in decomposed if not unicodedata.combining(c))


def tokens(text):
    out, current = [], []
    for c in fold(text):
        if c.isalnum():
            current.append(c)
        elif current:
            out.append("".join(current))
            current = []
    if current:
        out.append("".join(current))
    return out[:8]


def build(pois, fields):
    analyzer = (tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.simple())
                .filter(tantivy.Filter.lowercase()).filter(tantivy.Filter.ascii_fold()).build())
    builder = tantivy.SchemaBuilder()
    for f in fields:
        builder.add_text_field(f, tokenizer_name="fold")
    builder.add_integer_field("row", stored=True, fast=True)
    schema = builder.build()
    index = tantivy.Index(schema)
    index.register_tokenizer("fold", analyzer)
    writer = index.writer(heap_size=64_000_000, num_threads=1)
    for row, poi in enumerate(pois):
        doc = {f: poi.get(f, "") for f in fields}
        doc["row"] = row
        writer.add_document(tantivy.Document(**doc))
    writer.commit()
    writer.wait_merging_threads()
    index.reload()
    return schema, index.searcher()


def query(schema, fields, words):
    must = []
    for k, w in enumerate(words):
        last = k == len(words) - 1
        distance = 2 if len(w) >= 8 else 1 if len(w) >= 4 else 0
        should = []
        for f in fields:
            should.append((tantivy.Occur.Should, tantivy.Query.boost_query(tantivy.Query.term_query(schema, f, w), 2.0)))
            if distance:
                should.append((tantivy.Occur.Should, tantivy.Query.fuzzy_term_query(schema, f, w, distance, True, False)))
            if last:
                should.append((tantivy.Occur.Should, tantivy.Query.fuzzy_term_query(schema, f, w, distance, True, True)))
        must.append((tantivy.Occur.Must, tantivy.Query.boolean_query(should)))
    return tantivy.Query.boolean_query(must)


def main():
    directory = sys.argv[1]
    repeats = int(sys.argv[sys.argv.index("--repeat") + 1]) if "--repeat" in sys.argv else 3
    pois = [json.loads(line) for line in open(f"{directory}/pois.jsonl", encoding="utf-8")]
    cases = [json.loads(line) for line in open(f"{directory}/queries.jsonl", encoding="utf-8")]
    ids = [p["id"] for p in pois]
    for run in range(1, repeats + 1):
        for engine, fields in (("tantivy", FIELDS), ("tantivy+vocabulary", FIELDS + ["vocabulary"])):
            t0 = time.perf_counter()
            schema, searcher = build(pois, fields)
            build_s = time.perf_counter() - t0
            latencies, counts, hits1, hits5 = [], {}, {}, {}
            for c in cases:
                q0 = time.perf_counter()
                words = tokens(c["text"])
                found = []
                if words:
                    for _, address in searcher.search(query(schema, fields, words), 10).hits:
                        found.append(ids[searcher.doc(address)["row"][0]])
                latencies.append(time.perf_counter() - q0)
                accepted = set(c["accepted"])
                if not accepted:
                    continue
                kind = c["kind"]
                counts[kind] = counts.get(kind, 0) + 1
                if found and found[0] in accepted:
                    hits1[kind] = hits1.get(kind, 0) + 1
                if any(f in accepted for f in found[:5]):
                    hits5[kind] = hits5.get(kind, 0) + 1
            latencies.sort()

            def percentile(p):
                return latencies[min(len(latencies) - 1, int(p * len(latencies)))] * 1000

            row = {"suite": "search", "run": run, "venue": "generated-20k", "engine": engine, "pois": len(pois),
                   "queries": len(cases), "build_s": build_s, "p50_ms": percentile(0.5), "p99_ms": percentile(0.99)}
            for kind in sorted(counts):
                row[f"recall1_{kind}"] = hits1.get(kind, 0) / counts[kind]
                row[f"recall5_{kind}"] = hits5.get(kind, 0) / counts[kind]
            print(json.dumps(row), flush=True)


if __name__ == "__main__":
    main()
