import Courier
import Foundation
import Testing

/// Where Courier keeps its files: the XDG variables when absolute, else under `$HOME`.
@Suite struct XDGDirectoriesTests {
    @Test func defaultsAreUnderHOMEAndAbsoluteVariablesWin() {
        let home = ["HOME": "/tmp/courier-home"]
        expectEqual(XDGDirectories.cacheHome(environment: home), "/tmp/courier-home/.cache")
        expectEqual(XDGDirectories.stateHome(environment: home), "/tmp/courier-home/.local/state")
        expectEqual(XDGDirectories.dataHome(environment: home), "/tmp/courier-home/.local/share")
        let set = home.merging(["XDG_CACHE_HOME": "/c", "XDG_STATE_HOME": "/s", "XDG_DATA_HOME": "/d"]) { $1 }
        #expect([XDGDirectories.cacheHome(environment: set), XDGDirectories.stateHome(environment: set),
                 XDGDirectories.dataHome(environment: set)] == ["/c", "/s", "/d"])
    }

    @Test func relativeOrEmptyValuesAreIgnoredAsTheSpecificationSays() {
        let environment = ["HOME": "/tmp/courier-home", "XDG_CACHE_HOME": "cache", "XDG_STATE_HOME": ""]
        expectEqual(XDGDirectories.cacheHome(environment: environment), "/tmp/courier-home/.cache")
        expectEqual(XDGDirectories.stateHome(environment: environment), "/tmp/courier-home/.local/state")
        let account = FileManager.default.homeDirectoryForCurrentUser.path
        expectEqual(XDGDirectories.home(environment: ["HOME": "relative"]), account)
        expectEqual(XDGDirectories.home(environment: [:]), account)
    }
}
