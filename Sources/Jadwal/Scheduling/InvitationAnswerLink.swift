import Foundation

/// What an answer link in an invitation mail stands for: one attendee's answer to one
/// event of one organizer here, until it expires. The link carries it sealed
/// (``SealingKey``, authenticated encryption): a changed or made-up token opens to nothing,
/// and the token shows nothing of what it names.
public struct InvitationAnswerLink: Codable, Sendable, Equatable {
    /// The organizer's account.
    public var organizer: String
    /// The event's UID.
    public var uid: String
    /// The attendee's calendar user address (`mailto:…`).
    public var attendee: String
    /// Seconds since the epoch after which the link answers nothing.
    public var expires: Int

    public init(organizer: String, uid: String, attendee: String, expires: Int) {
        self.organizer = organizer
        self.uid = uid
        self.attendee = attendee
        self.expires = expires
    }

    /// How long a link answers: long enough for an invitation months ahead; every update
    /// of the event sends fresh ones.
    public static let lifetime = 180 * 86_400

    private static let context = "invitation-answer"

    /// The link's token (URL-safe base64).
    public func token(sealedWith key: SealingKey) throws -> String {
        let sealed = try key.seal(try JSONEncoder().encode(self), context: Self.context)
        return sealed.base64EncodedString().replacingOccurrences(of: "+", with: "-").replacingOccurrences(of: "/", with: "_")
            .replacingOccurrences(of: "=", with: "")
    }

    /// Why a token answers nothing.
    public enum Refusal: Error, Equatable {
        /// Not sealed with this server's key: changed, cut or made up.
        case forged
        case expired
    }

    /// The link a token stands for, if it was sealed here and has not expired.
    public static func open(_ token: String, with key: SealingKey, now: Int) -> Result<InvitationAnswerLink, Refusal> {
        guard token.utf8.count <= 2048 else { return .failure(.forged) }
        var base64 = token.replacingOccurrences(of: "-", with: "+").replacingOccurrences(of: "_", with: "/")
        base64 += String(repeating: "=", count: (4 - base64.utf8.count % 4) % 4)
        guard let sealed = Data(base64Encoded: base64), let json = try? key.open(sealed, context: context),
              let link = try? JSONDecoder().decode(InvitationAnswerLink.self, from: json) else { return .failure(.forged) }
        return now < link.expires ? .success(link) : .failure(.expired)
    }
}
