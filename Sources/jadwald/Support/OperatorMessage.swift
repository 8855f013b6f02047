import Foundation
import NIOCore

/// Errors in the words an operator acts on: the path or address and the cause ("permission
/// denied", "the port is in use"), not `NSCocoaErrorDomain Code=513` or the name of the
/// system call that failed.
enum OperatorMessage {
    /// Whether an error comes from the file system or the network, whose own description
    /// would not help an operator.
    static func isSystemError(_ error: any Error) -> Bool {
        if error is IOError || error is CocoaError { return true }
        let domain = (error as NSError).domain
        return domain == NSCocoaErrorDomain || domain == NSPOSIXErrorDomain
    }

    /// The whole message for an error that reached the top of a command.
    static func describe(_ error: any Error) -> String {
        if let failure = error as? CommandFailure { return failure.description }
        let nsError = error as NSError
        if nsError.domain == NSCocoaErrorDomain, let path = nsError.userInfo[NSFilePathErrorKey] as? String {
            return "\(path): \(cause(of: error))"
        }
        return cause(of: error)
    }

    /// The cause alone, in plain words.
    static func cause(of error: any Error) -> String {
        if let io = error as? IOError { return posix(io.errnoCode) ?? "\(io)" }
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain,
           let text = posix(Int32(underlying.code)) {
            return text
        }
        if nsError.domain == NSPOSIXErrorDomain, let text = posix(Int32(nsError.code)) { return text }
        if nsError.domain == NSCocoaErrorDomain {
            switch nsError.code {
            case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
            case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or folder"
            case NSFileWriteOutOfSpaceError: return "the disk is full"
            case NSFileWriteVolumeReadOnlyError: return "the file system is read-only"
            default: break
            }
        }
        return "\(error)"
    }

    private static func posix(_ code: Int32) -> String? {
        switch code {
        case EACCES, EPERM: return "permission denied"
        case ENOENT: return "no such file or folder"
        case ENOSPC: return "the disk is full"
        case EROFS: return "the file system is read-only"
        case EADDRINUSE: return "the address is in use: another program (or another jadwald) listens on it"
        case EADDRNOTAVAIL: return "this machine has no such address to listen on"
        case EMFILE, ENFILE: return "too many open files"
        default: return nil
        }
    }
}
