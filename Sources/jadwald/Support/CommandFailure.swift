/// A command that could not do what was asked, for a reason the user can act on. Shown
/// as `Error: <reason>` with exit status 1, without the usage text a `ValidationError`
/// (a malformed command line) brings.
struct CommandFailure: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
