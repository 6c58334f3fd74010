import Courier
import CourierWorkspace

/// Holds a request's start until the demo server the workbench started in a child process is
/// listening (``DemoServerAddresses/waitUntilListening()``): sent in the moment after the
/// first screen opens, while the child starts, it would otherwise be refused. Once the server
/// is up this returns at once.
final class DemoServerReadiness: RequestAccessory {
    let addresses: DemoServerAddresses

    init(_ addresses: DemoServerAddresses) {
        self.addresses = addresses
    }

    func requestWillStart(_ subject: AnyObject) {
        addresses.waitUntilListening()
    }
}
