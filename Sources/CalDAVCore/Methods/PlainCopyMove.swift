import WebDAV

extension CalDAVAdapter {
    /// COPY and MOVE in the plain tree (RFC 4918 §9.8, §9.9) as one store write: files and
    /// collections, Depth 0 or infinity for COPY (MOVE always takes the members), Overwrite,
    /// 201 for a new destination and 204 for a replaced one. Calendars are neither
    /// sources nor destinations here.
    func copyOrMovePlain(_ request: DAVRequest, location: ResourcePath, resource: PlainResource?, context: DAVContext,
                         keepSource: Bool) async throws(DAVError) -> DAVResponse {
        let tree = try requireTree()
        let destination = try await resolve(try destination(of: request, context: context))
        guard case .plain(let target, _) = destination.kind, !target.isRoot else {
            throw DAVError.forbidden("plain resources are copied and moved only within your plain collections, not into calendars")
        }
        let overwrite = try request.overwrite()
        guard let depth = Depth(header: request.header("depth"), default: .infinity), depth != .one,
              keepSource || depth == .infinity else {
            throw DAVError.badRequest(keepSource ? "COPY takes Depth 0 or infinity" : "MOVE takes Depth infinity")
        }
        guard let source = resource else { throw DAVError.notFound("nothing at \(DAVPath(location, isCollection: false).href)") }
        if target.segments.count == 1 && !source.isCollection {
            throw DAVError.conflict("files live inside collections, not directly in the calendar home")
        }
        let result = try await storing { () async throws(StoreError) in
            try await tree.transferResource(from: location, to: target, keepSource: keepSource, overwrite: overwrite, withMembers: depth == .infinity)
        }
        return DAVResponse(status: result.created ? 201 : 204, headers: [("Content-Length", "0")])
    }
}
