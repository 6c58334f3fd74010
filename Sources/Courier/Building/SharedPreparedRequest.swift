/// One prepared request held by reference: the record of a run and the transfer attempt
/// that sends it share it, so handing it on costs one retain instead of one for every
/// string, array and body inside the struct.
final class SharedPreparedRequest: Sendable {
    let value: PreparedRequest

    init(_ value: consuming PreparedRequest) {
        self.value = value
    }
}
