import Testing
@testable import Workbench
