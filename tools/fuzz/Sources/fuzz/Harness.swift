// libFuzzer's entry point: the bytes go to the target INDOORNAV_FUZZ_TARGET names.
import Foundation
import IndoorFuzzing

let target: FuzzTarget = {
    let name = ProcessInfo.processInfo.environment["INDOORNAV_FUZZ_TARGET"] ?? ""
    guard let t = FuzzTarget(rawValue: name) else {
        FileHandle.standardError.write(Data("fuzz: set INDOORNAV_FUZZ_TARGET to one of \(FuzzTarget.allCases.map(\.rawValue))\n".utf8))
        exit(2)
    }
    return t
}()

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOneInput(_ data: UnsafeRawPointer, _ size: Int) -> CInt {
    target.run(Data(bytes: data, count: size))
    return 0
}
