import Foundation
import Testing
@testable import CourierWorkspace
@testable import Workbench

@Suite("Body formatting: XML and HTML")
struct BodyMarkupTests {
    @Test("XML is indented by nesting; leaf elements stay on one line; declarations, comments and CDATA are kept")
    func xml() {
        let source = """
            <?xml version="1.0"?><!DOCTYPE note><order id="7"><!-- a comment --><item sku='A1'>Tea</item>
            <item sku="B2"><name>Cup</name><empty></empty><note/></item>   <![CDATA[<raw> & stuff]]></order>
            """
        let body = formatBody(source, "application/xml")
        expectEqual(body.kind, .xml)
        #expect(bodyLines(body) == [
            #"<?xml version="1.0"?>"#,
            "<!DOCTYPE note>",
            #"<order id="7">"#,
            "  <!-- a comment -->",
            "  <item sku='A1'>Tea</item>",
            #"  <item sku="B2">"#,
            "    <name>Cup</name>",
            "    <empty></empty>",
            "    <note/>",
            "  </item>",
            "  <![CDATA[<raw> & stuff]]>",
            "</order>",
        ])
        expectEqual(body.foldEnd(of: 2), 11)
        expectEqual(body.foldEnd(of: 5), 9)
        expectEqual(body.foldEnd(of: 4), nil)
        expectEqual(body.foldEnd(of: 6), nil)
    }

    @Test("Text next to elements gets lines of its own, trimmed; whitespace-only text goes")
    func mixedText() {
        let body = formatBody("<p>\n  Hello,\n   world  <b>you</b> there\n\n</p>", "text/xml")
        expectEqual(bodyLines(body), ["<p>", "  Hello,", "  world", "  <b>you</b>", "  there", "</p>"])
        expectEqual(body.foldEnd(of: 0), 5)
    }

    @Test("Whitespace inside tags is collapsed, line breaks in values become spaces")
    func tagWhitespace() {
        let body = formatBody("<a\n   href=\"x\ny\"\n\t  class='c'  >t</a>", "application/xml")
        #expect(bodyLines(body) == [#"<a href="x y" class='c' >t</a>"#])
    }

    @Test("A quote opens a value only after '=': an apostrophe in a bare value leaves no string open")
    func apostrophes() {
        let body = formatBody("<p title=don't>a > b</p><p>c</p>", "text/html")
        expectEqual(bodyLines(body), ["<p title=don't>a > b</p>", "<p>c</p>"])
    }

    @Test("Tags, attribute names and values are styled")
    func styles() {
        let body = formatBody(#"<r><a href="x" b=y>t</a><!-- c --></r>"#, "application/xml")
        #expect(body.line(1).spans == [
            Span("  "), Span("<a", .syntaxTag), Span(" "), Span("href", .syntaxAttribute), Span("=", .syntaxPunctuation),
            Span(#""x""#, .syntaxString), Span(" "), Span("b", .syntaxAttribute), Span("=", .syntaxPunctuation), Span("y", .syntaxString),
            Span(">", .syntaxTag), Span("t"), Span("</a>", .syntaxTag),
        ])
        expectEqual(body.line(2).spans, [Span("  "), Span("<!-- c -->", .dim)])
    }

    @Test("HTML: void elements and self-closing tags open nothing; names ignore case; script is raw text")
    func html() {
        let source = """
            <!DOCTYPE html>
            <HTML><head><meta charset="utf-8"><title>T</title>
            <script>if (a < b && c > d) { go(); }</script></head>
            <body><p>one<br>two</P><img src="i.png"><input type=text /></body></html>
            """
        let body = formatBody(source, "text/html; charset=utf-8")
        expectEqual(body.kind, .html)
        #expect(bodyLines(body) == [
            "<!DOCTYPE html>",
            "<HTML>",
            "  <head>",
            #"    <meta charset="utf-8">"#,
            "    <title>T</title>",
            "    <script>if (a < b && c > d) { go(); }</script>",
            "  </head>",
            "  <body>",
            "    <p>",
            "      one",
            "      <br>",
            "      two",
            "    </P>",
            #"    <img src="i.png">"#,
            "    <input type=text />",
            "  </body>",
            "</html>",
        ])
        expectEqual(body.foldEnd(of: 1), 16)
        expectEqual(body.foldEnd(of: 8), 12)
    }

    @Test("An end tag closes elements left open inside it; a stray end tag stands alone")
    func unbalanced() {
        let body = formatBody("<ul><li>a<li>b</ul></x><div>", "text/html")
        expectEqual(bodyLines(body), ["<ul>", "  <li>", "    a", "    <li>", "      b", "</ul>", "</x>", "<div>"])
        expectEqual(body.foldEnd(of: 0), 5)
        expectEqual(body.foldEnd(of: 1), 4)
        expectEqual(body.foldEnd(of: 3), 4)
        expectEqual(body.foldEnd(of: 7), nil)
    }

    @Test("A multi-line comment keeps its lines, trimmed")
    func multiLineComment() {
        let body = formatBody("<a><!--\n  one\n    two\n--></a>", "application/xml")
        expectEqual(bodyLines(body), ["<a>", "  <!--", "  one", "  two", "  -->", "</a>"])
        expectEqual(body.line(2).spans, [Span("  "), Span("one", .dim)])
    }

    @Test("Markup is sniffed without a type")
    func sniffing() {
        expectEqual(formatBody("<!doctype html><p>x</p>", nil).kind, .html)
        expectEqual(formatBody("  <?xml version=\"1.0\"?><a/>", nil).kind, .xml)
        expectEqual(formatBody("<feed><entry/></feed>", nil).kind, .xml)
        expectEqual(formatBody("< not a tag", nil).kind, .text)
        expectEqual(formatBody("<svg><g/></svg>", "image/svg+xml").kind, .xml)
    }
}
