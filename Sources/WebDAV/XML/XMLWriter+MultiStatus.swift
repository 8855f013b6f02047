extension XMLWriter {
    /// A DAV:propstat listing properties the resource does not have, under 404.
    public mutating func missingPropstat(_ names: [DAVXML.Name]) {
        start(.dav("propstat"))
        start(.dav("prop"))
        for name in names { element(name) }
        end()
        element(.dav("status"), text: DAVResponse.statusLine(404))
        end()
    }

    /// A DAV:response holding only an href and a status (a name gone since a sync token, an
    /// href of a multiget that names nothing).
    public mutating func statusResponse(href: String, status: Int) {
        start(.dav("response"))
        element(.dav("href"), text: href)
        element(.dav("status"), text: DAVResponse.statusLine(status))
        end()
    }
}
