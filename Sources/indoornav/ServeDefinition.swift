extension ServeCommand {
    static let definition = CommandDefinition(
        path: ["serve"], synopsis: """
            [--venue PATH]... [--listen ADDR:PORT] [--threads N] [--strict]
            [--replica-id ID] [--session-idle SECONDS] [--max-sessions N] [--trust-proxy ADDR]...
            """,
        abstract: "Serve venues over HTTP: routes, search, floors as GeoJSON and maps, as JSON.",
        discussion: """
            Serves venues over HTTP: routes, search, venue summaries, floors as GeoJSON and rendered maps, as JSON the
            same as the other commands print (`route --format json`, `search --json`, `venue info --json`). Each venue
            is loaded and prepared once, then shared by every request; its id in URLs is its folder or file name
            without extension (venues/osm-dresden-apb/apb.osm is apb). Without --venue, the embedded sample venue is
            served as transit-hub.

            ENDPOINTS (GET):
              /health  /ready                                      up; ready (503 while loading or shutting down)
              /metrics                                             Prometheus text: requests, latency, connections
              /v1/venues                                           the venues served
              /v1/venues/{venue}?lang=                             the venue summed up
              /v1/venues/{venue}/levels/{ordinal}?lang=            a floor as GeoJSON (ETag, gzip)
              /v1/venues/{venue}/search?q=&near=&level=&category=&limit=&lang=
              /v1/venues/{venue}/route?from=&to=&via=&profile=&avoid=&non_public=&lang=&format=json|geojson
              /v1/venues/{venue}/render?level=&from=&to=&via=&profile=&camera=&size=WxH&style=&lang=   (PNG)

            NAVIGATION SESSIONS:
              POST   /v1/venues/{venue}/sessions   {"from", "to", "profile", "lang"} → 201: id, route, events URL
              POST   /v1/sessions/{id}/fixes       a fix or an array: {"lat", "lon", "level", "accuracy", "time",
                                                   "heading", "speed"} → the guidance events (as follow --json)
              GET    /v1/sessions/{id}/events      the events as Server-Sent Events (Last-Event-ID resumes)
              DELETE /v1/sessions/{id}             204
            A session id starts with the replica's id, so a load balancer can route on it. Sessions expire when idle,
            are bounded in number and in how fast one address opens them (429), as are event-stream followers.

            Errors are {"error": {"status", "code", "message"}}: 400 bad request, place or body, 404 unknown venue,
            path or session (unknown, expired, deleted, or held by another replica), 405, 413/414 too large,
            422 no route, 429 too many connections, sessions or followers, or sessions opened too fast, 503 not ready.
            """,
        groups: [OptionGroup(title: "OPTIONS", options: [
            .value("--venue", "PATH", .file, repeatable: true,
                   help: "An IMDF folder or archive, or an OSM file (.osm, .osm.pbf, .geojson); repeat for more venues."),
            .value("--listen", "ADDR:PORT", help: "The IPv4 address and port to listen on (default 127.0.0.1:8080; :PORT for every "
                   + "interface; port 0 picks a free one, printed on stderr)."),
            .value("--threads", "N", help: "Worker threads, each with its own epoll loop (default: the number of CPUs)."),
            .flag("--strict", help: "Only what the venue data draws: no inferred corridors or entrances."),
            .value("--replica-id", "ID", help: "The prefix of this replica's session ids: 1 to 32 of a-z, 0-9 and - "
                   + "(default: the host name, or a random one)."),
            .value("--session-idle", "SECONDS", help: "Seconds without a request after which a session expires (default 600)."),
            .value("--max-sessions", "N", help: "Sessions held at once (default 10000)."),
            .value("--trust-proxy", "ADDR", repeatable: true,
                   help: "A reverse proxy's IP address whose X-Forwarded-For names the visitor, so that the bound on opening "
                   + "sessions is per visitor behind it; repeat for more proxies (default: none, the header is ignored)."),
        ])],
        epilogue: """
            One JSON line per request goes to stderr (time, method, target, status, bytes, ms, endpoint, error).
            SIGTERM or SIGINT shuts down gracefully: /ready says 503, no new connection is accepted, requests in
            flight finish (10 s at most), then the command exits 0.
            """)
}
