/// One prepared request held by reference: the record of a run and the transfer attempt
/// that sends it share it, so handing it on costs one retain instead of one for every
/// string, array and body inside the struct.
final class SharedPreparedRequest: Sendable {
    let value: PreparedRequest
    /// `value.sendsBody`, worked out once: the transport asks for every transfer, and a
    /// computed property of a struct held by a class is read from a copy of the whole struct.
    let sendsBody: Bool
    /// `value.followsRedirectsItself`, worked out once (as `sendsBody`).
    let followsRedirectsItself: Bool
    /// `value.waitsToMultiplex`, worked out once (as `sendsBody`).
    let waitsToMultiplex: Bool

    init(_ value: consuming PreparedRequest) {
        sendsBody = value.sendsBody
        followsRedirectsItself = value.followsRedirectsItself
        waitsToMultiplex = value.waitsToMultiplex
        self.value = value
    }
}
