import CourierTUI
import CourierWorkspace
import Foundation
import Workbench

extension WorkbenchCommand {
    /// The start screen until the user picks a workspace that loads — a recent one, a starter
    /// written here (``StarterWorkspace``, as `courier init` writes it), the demo — or quits
    /// (nil). A choice that cannot be carried out is said on the screen, which stays.
    func chosen(in session: TerminalSession, settings: inout WorkbenchSettings) async throws -> (path: String, workspace: Workspace)? {
        let setup = Self.startSetup()
        var notice: String?
        while true {
            let path: String
            switch try await session.choose(setup, notice: notice) {
            case .quit:
                return nil
            case .open(let chosen):
                path = chosen
            case .demo:
                do {
                    path = try DemoWorkspace.locate()
                } catch {
                    notice = error.description
                    continue
                }
            case .initHere(let baseURL):
                do {
                    path = try StarterWorkspace.write(.baseURL(baseURL), into: setup.directory).workspace
                } catch {
                    notice = error.description
                    continue
                }
            }
            do {
                return (path, try load(path, into: &settings))
            } catch {
                notice = "\(path) did not open: " + ("\(error)".split(separator: "\n").first.map(String.init) ?? "")
            }
        }
    }

    /// What the start screen shows: the recent workspaces (which are gone), this directory.
    static func startSetup() -> StartScreen.Setup {
        let (recent, problem) = RecentWorkspaces().read()
        let files = FileManager.default
        let directory = files.currentDirectoryPath
        return StartScreen.Setup(directory: directory, recent: recent,
                                 missing: Set(recent.map(\.path).filter { !files.fileExists(atPath: $0) }), problem: problem,
                                 hasWorkspaceHere: files.fileExists(atPath: directory + "/" + StarterWorkspace.fileName))
    }
}
