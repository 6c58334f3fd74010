import CourierWorkspace
import Courier

extension ExchangePane {
    /// The Body tab of a GraphQL request: the query as text, the variables as JSON.
    func graphQLLines(_ graphql: GraphQLBody) -> [StyledLine] {
        var lines = [StyledLine(" GraphQL over HTTP (JSON)" + (graphql.operationName.map { " — operation \($0)" } ?? "") + " — e edits it", .dim)]
        if graphql.isFile {
            lines.append(StyledLine(" query from the file \(graphql.query)"))
        } else {
            lines += graphql.query.split(separator: "\n", omittingEmptySubsequences: false).map { StyledLine(" " + $0) }
        }
        if let variables = graphql.variables {
            lines.append(StyledLine(" variables", .dim))
            lines += jsonLines(variables)
        }
        return lines
    }
}
