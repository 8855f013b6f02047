extension DAVConfiguration {
    /// Parses an XML request body within this server's limits, or answers 400 with the
    /// reason. A large body is parsed on ``blockingWork``, off the caller's thread.
    public func parseXML(_ body: [UInt8]) async throws(DAVError) -> DAVXML.Element {
        let reader = XMLReader(limits: xmlLimits)
        do {
            if body.count >= offloadedBodySize, let blockingWork {
                return try await blockingWork.run { try reader.parse(body) }
            }
            return try reader.parse(body)
        } catch let error as XMLReader.ReadError {
            throw DAVError.badRequest(error.reason)
        } catch {
            throw DAVError(status: 503, message: "the request could not be read now; try again")
        }
    }
}
