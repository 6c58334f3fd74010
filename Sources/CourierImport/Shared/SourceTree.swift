import Foundation
import CourierWorkspace

/// A request tree read from a source whose requests sit in nested folders (Insomnia, Bruno),
/// before it becomes workspace requests: what each importer reads, in the source's terms, for
/// ``SourceTreeConversion`` to write the same way for all of them.
struct SourceTree {
    /// A name and value that the source may have switched off.
    struct Pair {
        var name: String
        var value: String
        var enabled = true
    }

    /// One part of a multipart body: text, or a file (`file` set).
    struct Part {
        var name: String
        var value: String = ""
        var file: String?
        var contentType: String?
        var enabled = true
    }

    /// A request body as the source has it.
    enum Body {
        /// Text sent as it is; JSON when the content type says so and it parses.
        case raw(String, contentType: String?)
        case form([Pair])
        case multipart([Part])
        case file(path: String, contentType: String?)
        /// A GraphQL query and its variables (JSON text, possibly with placeholders).
        case graphql(query: String, variables: String?)
    }

    /// How a request or folder authenticates.
    enum Auth {
        /// Whatever the enclosing folder (or the collection) sets.
        case inherit
        /// Set here: a scheme, `noauth` included.
        case own(PostmanAuth.Scheme)
    }

    struct Request {
        var title: String
        /// The source's own id, for references to it (Insomnia's `req_…`).
        var id: String?
        var method = "GET"
        var url = ""
        var description: String?
        var headers: [Pair] = []
        var query: [Pair] = []
        /// `:name` segments of the URL and their values.
        var pathParameters: [Pair] = []
        var body: Body?
        var auth = Auth.inherit
        /// `expect:` lines, already checked to parse.
        var checks: [String] = []
        /// What this request's response gives later requests: variable ← source
        /// (`$.token`, `header:X-Token`, `status`, `body`).
        var captures: [(variable: String, source: String)] = []
        /// Report lines without the request's place.
        var dropped: [String] = []
        var notes: [String] = []
    }

    struct Folder {
        var title: String
        var headers: [Pair] = []
        var auth = Auth.inherit
        var children: [Node] = []
        var dropped: [String] = []
    }

    indirect enum Node {
        case request(Request)
        case folder(Folder)
    }

    /// The collection's own headers and auth, which every request inherits.
    var root = Folder(title: "")
}

extension PostmanAuth {
    /// An auth read from another source than Postman's JSON.
    init(scheme: Scheme, inheritedFrom: String? = nil) {
        self.scheme = scheme
        self.inheritedFrom = inheritedFrom
    }
}
