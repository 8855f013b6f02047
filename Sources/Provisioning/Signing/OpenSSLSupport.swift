import COpenSSLCrypto

/// Small helpers over libcrypto's C API.
enum OpenSSL {
    /// Empties the thread's error queue into one line, oldest reason first.
    static func drainErrors() -> String {
        var reasons: [String] = []
        while true {
            let code = ERR_get_error()
            guard code != 0 else { break }
            var buffer = [CChar](repeating: 0, count: 256)
            ERR_error_string_n(code, &buffer, buffer.count)
            let text = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if reasons.count < 8, !reasons.contains(text) { reasons.append(text) }
        }
        return reasons.joined(separator: "; ")
    }

    /// Runs `body` with a read-only memory BIO over `bytes`, freed afterwards.
    static func withMemoryBIO<T>(_ bytes: [UInt8], _ body: (OpaquePointer) throws(ProfileSigningError) -> T,
                                 failing kind: ProfileSigningError.Kind) throws(ProfileSigningError) -> T {
        let result: Result<T, ProfileSigningError> = bytes.withUnsafeBytes { raw in
            guard let bio = BIO_new_mem_buf(raw.baseAddress, Int32(raw.count)) else {
                return .failure(ProfileSigningError(kind, detail: drainErrors()))
            }
            defer { BIO_free(bio) }
            do throws(ProfileSigningError) {
                return .success(try body(bio))
            } catch {
                return .failure(error)
            }
        }
        return try result.get()
    }

    /// The bytes written to a memory BIO.
    static func contents(of bio: OpaquePointer) -> [UInt8] {
        var pointer: UnsafeMutablePointer<CChar>?
        let length = copenssl_bio_get_mem_data(bio, &pointer)
        guard let pointer, length > 0 else { return [] }
        return pointer.withMemoryRebound(to: UInt8.self, capacity: length) { Array(UnsafeBufferPointer(start: $0, count: length)) }
    }
}
