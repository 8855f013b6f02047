/// The iTIP methods the server sends and takes (RFC 5546 §1.4).
public enum ITIPMethod: String, Sendable, Hashable {
    /// The organizer invites, or sends an update.
    case request = "REQUEST"
    /// An attendee answers.
    case reply = "REPLY"
    /// The organizer cancels the event or some of its instances.
    case cancel = "CANCEL"
}
