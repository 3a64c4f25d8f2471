import Synchronization

/// A value built the first time it is read, by one caller, while others wait for it; then kept. The holder says how
/// to build it at the read (``value(_:)``), so the builder may use the holder itself without a reference cycle.
package final class BuiltOnce<Value: Sendable>: Sendable {
    private let state = Mutex<Value?>(nil)

    /// Nothing built yet.
    package init() {}

    /// The value if a caller has built it, without building it (waits while one is building it).
    package var built: Value? { state.withLock { $0 } }

    /// The value, built with `build` if no caller has built it yet.
    package func value(_ build: () -> Value) -> Value {
        state.withLock { value in
            if let value { return value }
            let built = build()
            value = built
            return built
        }
    }
}
