import Foundation

/// Routers lent out one caller at a time, for many threads or tasks routing on one graph: a ``Router`` keeps
/// working memory between queries, so it is not shared while in use, but it is worth keeping once built (building
/// one copies the graph's edge tables).
public final class RouterPool: @unchecked Sendable {
    // (@unchecked: `idle` is only touched under `lock`; a router is used by the one caller that took it.)
    private let lock = NSLock()
    private var idle: [Router] = []
    /// The graph every router of the pool queries.
    public let graph: NavigationGraph

    /// An empty pool: routers are made on first use and kept after.
    public init(graph: NavigationGraph) {
        self.graph = graph
    }

    /// Runs `body` with a router no one else is using, and takes it back after (a new one when all are busy).
    public func withRouter<R, E: Error>(_ body: (Router) throws(E) -> R) throws(E) -> R {
        let router = lock.withLock { idle.popLast() } ?? Router(graph: graph)
        defer { lock.withLock { idle.append(router) } }
        return try body(router)
    }
}
