import Testing
@testable import CalDAVCore
import WebDAV

struct XMLReaderTests {
    let dav = DAVXML.Namespace.dav
    let calDAV = DAVXML.Namespace.calDAV

    @Test("namespaces resolve to qualified names")
    func namespaces() throws {
        let body = """
            <?xml version="1.0" encoding="utf-8"?>
            <D:propfind xmlns:D="DAV:" xmlns:C="urn:ietf:params:xml:ns:caldav">
              <D:prop><D:displayname/><C:calendar-home-set/><x:odd xmlns:x="urn:x" a="1"/></D:prop>
            </D:propfind>
            """
        let root = try XMLReader().parse(Array(body.utf8))
        #expect(root.name == DAVXML.Name(dav, "propfind"))
        let prop = try #require(root.element(named: DAVXML.Name(dav, "prop")))
        #expect(prop.elements.map(\.name) == [DAVXML.Name(dav, "displayname"), DAVXML.Name(calDAV, "calendar-home-set"), DAVXML.Name("urn:x", "odd")])
        #expect(prop.elements[2].attributes[DAVXML.Name("", "a")] == "1")
    }

    @Test("an external entity (XXE) is refused and nothing is read")
    func externalEntity() {
        let body = """
            <?xml version="1.0"?>
            <!DOCTYPE d [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
            <D:propfind xmlns:D="DAV:"><D:prop><D:displayname>&xxe;</D:displayname></D:prop></D:propfind>
            """
        #expect(throws: XMLReader.ReadError.self) { try XMLReader().parse(Array(body.utf8)) }
    }

    @Test("entity expansion bombs are refused")
    func billionLaughs() {
        var body = "<?xml version=\"1.0\"?><!DOCTYPE lolz [<!ENTITY lol \"lol\">"
        for level in 1...9 { body += "<!ENTITY lol\(level) \"" + String(repeating: "&lol\(level == 1 ? "" : String(level - 1));", count: 10) + "\">" }
        body += "]><lolz>&lol9;</lolz>"
        #expect(throws: XMLReader.ReadError.self) { try XMLReader().parse(Array(body.utf8)) }
    }

    @Test("an external DTD is neither loaded nor accepted")
    func externalDTD() {
        let body = "<?xml version=\"1.0\"?><!DOCTYPE d SYSTEM \"http://127.0.0.1:9/evil.dtd\"><d/>"
        #expect(throws: XMLReader.ReadError.self) { try XMLReader().parse(Array(body.utf8)) }
    }

    @Test("undeclared entities, malformed XML, empty and oversized bodies are errors")
    func malformed() {
        for body in ["<a>&undefined;</a>", "<a><b></a>", "not xml", "", "<a xmlns:p=\"x\"><p:b></a>"] {
            #expect(throws: XMLReader.ReadError.self) { try XMLReader().parse(Array(body.utf8)) }
        }
        let big = "<a>" + String(repeating: "x", count: 2000) + "</a>"
        #expect(throws: XMLReader.ReadError.self) { try XMLReader(limits: .init(maxBytes: 1000)).parse(Array(big.utf8)) }
        let deep = String(repeating: "<a>", count: 100) + String(repeating: "</a>", count: 100)
        #expect(throws: XMLReader.ReadError.self) { try XMLReader(limits: .init(maxDepth: 50)).parse(Array(deep.utf8)) }
        let wide = "<a>" + String(repeating: "<b/>", count: 200) + "</a>"
        #expect(throws: XMLReader.ReadError.self) { try XMLReader(limits: .init(maxElements: 100)).parse(Array(wide.utf8)) }
    }

    @Test("bodies that are not namespace-well-formed are errors", arguments: [
        "<D:propfind xmlns:D=\"DAV:\"><D:prop><bar:foo xmlns:bar=\"\"/></D:prop></D:propfind>",
        "<D:propfind xmlns:D=\"DAV:\"><D:prop><bar:foo/></D:prop></D:propfind>",
    ])
    func namespaceErrors(body: String) {
        #expect(throws: XMLReader.ReadError.self) { try XMLReader().parse(Array(body.utf8)) }
    }

    @Test("an empty default namespace is allowed and names no namespace")
    func emptyDefaultNamespace() throws {
        let root = try XMLReader().parse(Array("<propertyupdate xmlns=\"DAV:\"><n xmlns=\"\">v</n></propertyupdate>".utf8))
        #expect(root.elements.first?.name == DAVXML.Name("", "n"))
    }

    @Test("the writer escapes text and reads back as written")
    func writerRoundTrip() throws {
        var writer = XMLWriter()
        writer.start(DAVXML.Name(dav, "multistatus"), declaringNamespaces: true)
        writer.start(DAVXML.Name(dav, "response"))
        writer.element(DAVXML.Name(dav, "href"), text: "/dav/calendars/amal/a&b<c>.ics")
        writer.element(DAVXML.Name("urn:x", "custom"), text: "\"quoted\"")
        writer.element(DAVXML.Name("urn:x", "bytes"), utf8Text: Array("a&b<c>\r\nعمل".utf8))
        writer.element(DAVXML.Name(calDAV, "calendar-data"))
        writer.end()
        writer.end()
        let root = try XMLReader().parse(writer.bytes)
        let response = try #require(root.element(named: DAVXML.Name(dav, "response")))
        #expect(response.element(named: DAVXML.Name(dav, "href"))?.text == "/dav/calendars/amal/a&b<c>.ics")
        #expect(response.element(named: DAVXML.Name("urn:x", "bytes"))?.text == "a&b<c>\r\nعمل")
        #expect(response.element(named: DAVXML.Name("urn:x", "custom"))?.text == "\"quoted\"")
        #expect(response.element(named: DAVXML.Name(calDAV, "calendar-data")) != nil)
    }

    @Test("text escaped eight bytes at a time matches a byte-at-a-time escape, wherever the special bytes fall")
    func escapingAtEveryOffset() throws {
        func expected(_ text: [UInt8]) -> String {
            text.map { byte -> String in
                switch byte {
                case 0x26: "&amp;"
                case 0x3C: "&lt;"
                case 0x3E: "&gt;"
                case 0x0D: "&#13;"
                default: String(UnicodeScalar(byte))
                }
            }.joined()
        }
        let specials: [UInt8] = Array("&<>\r\"".utf8)
        var random = SystemRandomNumberGenerator()
        for length in 0...40 {
            for _ in 0..<20 {
                let text = (0..<length).map { _ in
                    Int.random(in: 0..<4, using: &random) == 0 ? specials.randomElement(using: &random)! : UInt8.random(in: 0x20...0x7E, using: &random)
                }
                var writer = XMLWriter()
                writer.element(DAVXML.Name(dav, "t"), utf8Text: text)
                let written = String(decoding: writer.bytes, as: UTF8.self)
                let body = expected(text)
                #expect(written.hasSuffix(">\(body)</D:t>"), "\(String(decoding: text, as: UTF8.self))")
                if !text.isEmpty {
                    let root = try XMLReader().parse(Array("<D:r xmlns:D=\"DAV:\">".utf8) + writer.bytes.drop { $0 != 0x3C }.drop { $0 != 0x0A }.dropFirst() + Array("</D:r>".utf8))
                    #expect(Array(root.elements[0].text.utf8) == text)
                }
            }
        }
    }

    @Test("a fragment keeps attributes, xml:lang and namespaced ones included, and reads back the same")
    func fragmentAttributes() throws {
        let body = """
            <t:p xmlns:t="urn:x" xmlns:o="urn:other" xml:lang="ar" kind="a&amp;b" o:flag="1">\u{10000}<t:b lone=""/><c xmlns="http://bar"/></t:p>
            """
        let element = try XMLReader().parse(Array(body.utf8))
        #expect(element.attributes.count == 3)
        #expect(try XMLReader().parse(XMLWriter.fragment(element)) == element)
    }
}

/// Markup whose parse would cost far more than its size is refused before libxml2 reads it.
@Suite struct XMLMarkupLimitTests {
    @Test("an element with more attributes than the limit is refused")
    func attributes() throws {
        let attributes = (0..<80_000).map { "a\($0)=\"x\"" }.joined(separator: " ")
        let body = Array("<?xml version=\"1.0\"?><D:propfind xmlns:D=\"DAV:\" \(attributes)><D:allprop/></D:propfind>".utf8)
        #expect(throws: XMLReader.ReadError.self) { try XMLReader(limits: .init(maxBytes: 4 << 20)).parse(body) }
        let few = Array("<D:propfind xmlns:D=\"DAV:\" a=\"1\" b='=>'><!-- a=b=c --><D:allprop/></D:propfind>".utf8)
        #expect(try XMLReader().parse(few).attributes.count == 2)
    }

    @Test("more tags than elements allowed are refused before parsing")
    func tags() {
        let body = Array(("<D:prop xmlns:D=\"DAV:\">" + String(repeating: "<D:x/>", count: 200) + "</D:prop>").utf8)
        #expect(throws: XMLReader.ReadError.self) { try XMLReader(limits: .init(maxElements: 100)).parse(body) }
    }
}
