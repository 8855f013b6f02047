import CMaxMindDB
import Foundation

/// The country of an IP address, from a MaxMind DB file the operator installs
/// (`geoip.database`: GeoLite2-Country, DB-IP Country Lite, or any database with
/// `country.iso_code`). Opened once, memory-mapped and read-only: libmaxminddb's lookups on
/// one opened database are safe from several threads, which is why this class is Sendable.
final class CountryDatabase: @unchecked Sendable {
    private var database = MMDB_s()

    /// Opens `path`, or says why it cannot be used.
    init(path: String) throws(CommandFailure) {
        let status = MMDB_open(path, UInt32(MMDB_MODE_MMAP), &database)
        guard status == MMDB_SUCCESS else {
            throw CommandFailure("cannot open geoip.database \(path): \(String(cString: MMDB_strerror(status)))")
        }
    }

    deinit { MMDB_close(&database) }

    /// The ISO 3166 code (`SA`) of `address`'s country, or `nil` when the database does not know it.
    func country(of address: String) -> String? {
        guard address.utf8.count <= 64 else { return nil }
        var gaiError: Int32 = 0
        var lookupError: Int32 = 0
        var result = MMDB_lookup_string(&database, address, &gaiError, &lookupError)
        guard gaiError == 0, lookupError == MMDB_SUCCESS, result.found_entry else { return nil }
        var data = MMDB_entry_data_s()
        let status = MMDB_get_value_path(&result.entry, &data, ["country", "iso_code"])
        guard status == MMDB_SUCCESS, data.has_data, data.type == UInt32(MMDB_DATA_TYPE_UTF8_STRING), data.data_size == 2,
              let bytes = data.utf8_string else { return nil }
        let code = String(decoding: UnsafeRawBufferPointer(start: bytes, count: Int(data.data_size)), as: UTF8.self)
        return code.allSatisfy { $0.isASCII && $0.isUppercase } ? code : nil
    }
}

/// `MMDB_aget_value` with a Swift array for the NULL-terminated path.
private func MMDB_get_value_path(_ entry: UnsafeMutablePointer<MMDB_entry_s>, _ data: UnsafeMutablePointer<MMDB_entry_data_s>, _ path: [String]) -> Int32 {
    var pointers: [UnsafePointer<CChar>?] = path.map { UnsafePointer(strdup($0)) }
    defer { for pointer in pointers { free(UnsafeMutablePointer(mutating: pointer)) } }
    pointers.append(nil)
    return pointers.withUnsafeBufferPointer { MMDB_aget_value(entry, data, $0.baseAddress) }
}
