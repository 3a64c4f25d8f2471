import IndoorTestSupport
import Testing

@Suite struct RealProcessTests {
    /// A wait that runs out throws, naming where it was (it used to return as if the condition held).
    @Test func settlingThrowsWhenTheConditionNeverHolds() async throws {
        await #expect { try await settleOnRealProcess(within: .milliseconds(20)) { false } } throws: { error in
            "\(error)".contains("RealProcessTests.swift:7") && "\(error)".contains("did not hold")
        }
        var looks = 0
        try await settleOnRealProcess(within: .seconds(60)) {
            looks += 1
            return looks == 3
        }
        #expect(looks == 3)
        #expect(await waitOnRealProcess(for: .milliseconds(20)) { false } == false)
    }
}
