import CourierWorkspace
import Foundation

extension OpenAPIExport {
    /// The response the history shows best for each request of `workspace`: the newest 2xx of
    /// its last 20 exchanges, else the newest with a status. A body the history kept only in
    /// part (over its size limit) is left out.
    public static func observed(in history: HistoryStore, workspace: Workspace) throws -> [String: Observed] {
        let workspacePath = HistoryStore.workspacePath(ofFile: workspace.file)
        var result: [String: Observed] = [:]
        for name in workspace.requestNames {
            var query = HistoryQuery(workspacePath: workspacePath, request: name)
            query.last = 20
            let answered = try history.exchangesWithBodies(query).filter { $0.status != nil && $0.request == name }
            guard let best = answered.last(where: { (200..<300).contains($0.status!) }) ?? answered.last else { continue }
            result[name] = Observed(status: best.status!, contentType: best.contentType,
                                    body: best.hasWholeResponseBody ? best.responseBody ?? Data() : Data(), date: best.date)
        }
        return result
    }
}
