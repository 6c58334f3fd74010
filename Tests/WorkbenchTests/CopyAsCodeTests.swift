import CourierWorkspace
import Foundation
import Testing
@testable import Workbench

/// `y` on a request: a menu of languages; Enter copies the request as a program in the chosen
/// one, its secrets read from the environment unless the workbench shows secrets (`v`).
@Suite("copy as code in the workbench")
struct CopyAsCodeTests {
    @Test func yOffersTheLanguagesAndEnterCopiesTheProgramWithoutItsSecrets() async throws {
        try await AppHarness.run { app in
            app.select(.request("basic-auth"))
            app.press(.character("y"))
            #expect(app.screen.contains("Copy basic-auth as code"))
            for language in CodeLanguage.allCases { #expect(app.screen.contains(language.title), "\(language)") }
            #expect(app.screen.contains("secrets from environment variables — v writes them in"))
            // curl, HTTPie, then Python.
            app.press(.down, .down, .enter)
            guard case .copyToClipboard(let program)? = app.model.takeEffects().first else {
                Issue.record("nothing was copied")
                return
            }
            #expect(program.contains("import requests"))
            #expect(program.contains(#"auth=("demo", os.environ["PASSWORD"]),"#), "\(program)")
            #expect(!program.contains("ZGVtbzpzZWNyZXQ="))
            #expect(app.screen.contains("basic-auth as Python (requests) — copied to the clipboard"))
        }
    }

    @Test func withSecretsShownTheProgramHasThem() async throws {
        try await AppHarness.run { app in
            app.select(.request("basic-auth"))
            app.press(.character("y"), .character("v"))
            #expect(app.screen.contains("secrets written in (shown) — v hides them"))
            app.press(.enter)
            guard case .copyToClipboard(let command)? = app.model.takeEffects().first else {
                Issue.record("nothing was copied")
                return
            }
            #expect(command.hasPrefix("curl "), "\(command)")
            #expect(command.contains("-u demo:secret"), "\(command)")
        }
    }

    @Test func yOnABatchSaysToSelectARequest() async throws {
        try await AppHarness.run { app in
            app.select(.batch("load"))
            app.press(.character("y"))
            #expect(!app.screen.contains("Copy load as code"))
            #expect(app.screen.contains("y copies a request as code"))
        }
    }
}
