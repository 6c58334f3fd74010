import Courier

extension RequestYAML {
    /// `graphql:` under `body:`: the query as a literal block (it is read as written, line
    /// breaks kept), variables as a flow mapping, the operation's name.
    static func graphQLLines(_ graphql: GraphQLBody, indent: String) -> [String] {
        var lines = [indent + "graphql:"]
        let inner = indent + "  "
        if graphql.query.contains("\n"), !graphql.query.hasPrefix(" "), !graphql.query.contains("\t") {
            let trimmed = graphql.query.hasSuffix("\n") ? String(graphql.query.dropLast()) : graphql.query
            let chomp = graphql.query.hasSuffix("\n") ? (graphql.query.hasSuffix("\n\n") ? "+" : "") : "-"
            lines.append(inner + "query: |" + chomp)
            lines += trimmed.split(separator: "\n", omittingEmptySubsequences: false).map { $0.isEmpty ? "" : inner + "  " + $0 }
        } else {
            lines.append(inner + "query: " + YAMLScalar.string(graphql.query, at: .blockValue))
        }
        if let variables = graphql.variables { lines.append(inner + "variables: " + YAMLScalar.json(variables, at: .blockValue)) }
        if let name = graphql.operationName { lines.append(inner + "operationName: " + YAMLScalar.string(name, at: .blockValue)) }
        return lines
    }
}
