import Courier
import CourierWorkspace
import Foundation
import FuzzSupport

/// Any bytes as a token endpoint's answer body, read as `auth: oauth2` reads it, under a
/// success status and under an error status. A token it accepts must be one that can be sent:
/// nothing the header check refuses (a CR/LF in a token was a header injection, #41), not absurdly long.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzToken(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let body = Data(bytes: start, count: count)
    for status in [200, 400] {
        switch OAuth2TokenResponse.read(status: status, body: body, now: Date(timeIntervalSince1970: 1_800_000_000)) {
        case .success(let token):
            precondition(HeaderFieldCheck.controlCharacter(in: token.accessToken) == nil,
                         "a token with a control character was accepted")
            precondition(token.accessToken.utf8.count <= 64 << 10, "a token of \(token.accessToken.utf8.count) bytes was accepted")
        case .failure(let problem):
            _ = problem.description
        }
    }
    return 0
}

@_cdecl("fuzz_token_main")
public func fuzzTokenMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    runFuzzer(argc, argv, { fuzzToken($0, $1) })
}
