import Foundation

/// Unbuffered writes to standard output and standard error.
enum StandardStreams {
    static func write(_ bytes: [UInt8]) {
        FileHandle.standardOutput.write(Data(bytes))
    }

    static func write(_ text: String) {
        write(Array(text.utf8))
    }

    static func error(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    /// Reads a whole file, failing with a message that names it.
    static func read(_ path: String) throws -> [UInt8] {
        guard let data = FileManager.default.contents(atPath: path) else {
            throw ReadError(path: path)
        }
        return [UInt8](data)
    }

    struct ReadError: Error, CustomStringConvertible {
        let path: String
        var description: String { "\(path): cannot read the file" }
    }
}
