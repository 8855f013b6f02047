import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A blocking TCP client that sends bytes exactly as given and reads what comes back, for
/// tests of HTTP framing (pipelining, 100-continue, closing) that a real client hides.
final class RawHTTPClient {
    private let socket: Int32

    init(port: Int) throws {
        socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 10, tv_usec: 0)
        setsockopt(socket, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let connected = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard connected == 0 else { throw POSIXError(.ECONNREFUSED) }
    }

    deinit { close(socket) }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until `done` holds for what arrived, the peer closes, or 10 s pass.
    func read(until done: (String) -> Bool) -> (text: String, closed: Bool) {
        var received: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !done(String(decoding: received, as: UTF8.self)) {
            let count = buffer.withUnsafeMutableBytes { recv(socket, $0.baseAddress, $0.count, 0) }
            if count <= 0 { return (String(decoding: received, as: UTF8.self), count == 0) }
            received += buffer[..<count]
        }
        return (String(decoding: received, as: UTF8.self), false)
    }

    /// Reads until the peer closes (or 10 s pass).
    func readToClose() -> (text: String, closed: Bool) {
        read { _ in false }
    }
}

extension String {
    /// The status codes of the HTTP responses in this text, in order, each read by its head
    /// and Content-Length (an unfinished one is left out).
    var statusCodes: [Int] {
        var codes: [Int] = []
        var rest = Substring(self)
        while let end = rest.range(of: "\r\n\r\n") {
            let head = rest[..<end.lowerBound]
            guard head.hasPrefix("HTTP/1."), let code = Int(head.dropFirst(9).prefix(3)) else { break }
            let length = head.split(separator: "\r\n").first { $0.lowercased().hasPrefix("content-length:") }
                .flatMap { Int($0.dropFirst(15).trimmingCharacters(in: .whitespaces)) } ?? 0
            let body = rest[end.upperBound...]
            guard body.utf8.count >= length else { break }
            codes.append(code)
            rest = body.dropFirst(length)  // ASCII test bodies: characters are bytes
        }
        return codes
    }
}
