import WebDAV

extension CalDAVAdapter {
    /// GET and HEAD of a file in a plain collection: its bytes as stored, with the
    /// Content-Type it was stored with and a strong ETag.
    func getPlain(_ location: ResourcePath, resource: PlainResource?, includeBody: Bool) async throws(DAVError) -> DAVResponse {
        let tree = try requireTree()
        guard let found = resource else { throw DAVError.notFound("nothing at \(DAVPath(location, isCollection: false).href)") }
        guard !found.isCollection, let (resource, data) = try await storing({ () async throws(StoreError) in try await tree.file(at: location) }) else {
            throw DAVError(status: 405, message: "GET applies to files; use PROPFIND to list a collection")
        }
        var headers: [(name: String, value: String)] = [("Content-Type", resource.contentType ?? PlainResource.defaultContentType)]
        if let etag = resource.etag { headers.append(("ETag", etag)) }
        headers += [("Last-Modified", HTTPDate.format(resource.lastModified)), ("Content-Length", String(data.count))]
        return DAVResponse(status: 200, headers: headers, body: includeBody ? data : [])
    }

    /// PUT of a file into a plain collection (RFC 4918 §9.7): any content type, stored as
    /// given, honouring If-Match and If-None-Match. Files live inside collections, not
    /// directly in the home.
    func putPlain(_ request: DAVRequest, path: DAVPath, location: ResourcePath) async throws(DAVError) -> DAVResponse {
        let tree = try requireTree()
        guard location.segments.count >= 2, !path.isCollection else {
            throw DAVError(status: 405, message: "PUT stores files inside a collection; make collections with MKCOL or MKCALENDAR")
        }
        guard request.body.count <= configuration.maxResourceSize else {
            throw DAVError.payloadTooLarge("the file is \(request.body.count) bytes; the limit is \(configuration.maxResourceSize)")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        let result = try await storing { () async throws(StoreError) in
            try await tree.putFile(at: location, data: request.body, contentType: request.header("content-type"), precondition: precondition)
        }
        var headers: [(name: String, value: String)] = [("Content-Length", "0")]
        if let etag = result.resource.etag { headers.insert(("ETag", etag), at: 0) }
        return DAVResponse(status: result.created ? 201 : 204, headers: headers)
    }

    /// DELETE in the plain tree (RFC 4918 §9.6): a collection goes with all its members.
    func deletePlain(_ request: DAVRequest, location: ResourcePath) async throws(DAVError) -> DAVResponse {
        let tree = try requireTree()
        guard !location.isRoot else {
            throw DAVError(status: 403, condition: .needPrivileges, message: "principals and calendar homes cannot be deleted")
        }
        let precondition = try WritePrecondition(ifMatch: request.header("if-match"), ifNoneMatch: request.header("if-none-match"))
        try await storing { () async throws(StoreError) in try await tree.deleteResource(at: location, precondition: precondition) }
        return DAVResponse(status: 204)
    }
}
