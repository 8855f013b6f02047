import ICalendar
import ITIP
import WebDAV

/// The Schedule-Tag of a scheduling object resource (RFC 6638 §3.2.10): it changes when
/// the organizer's part of the object changes, and not when an attendee answers or the
/// server records an answer, so an attendee's client can tell whether its copy is still the
/// organizer's latest. It is computed from the object's bytes, so it needs no storage and
/// cannot go stale.
public enum ScheduleTag {
    /// The tag of an object, or `nil` when it is not a scheduling object (no ORGANIZER).
    public static func of(_ calendar: Component) -> String? {
        guard let object = SchedulingObject(calendar), object.organizer != nil else { return nil }
        var hash = FNV1a.offsetBasis
        for (_, component) in object.instances {
            hash = FNV1a.hash(ICalendarSerializer().serialize(SchedulingContent.relevant(component)), seed: hash)
        }
        return "\"s-" + String(hash, radix: 16) + "\""
    }

    /// Whether the bytes may be a scheduling object: they name an ORGANIZER. A byte search,
    /// so that objects without one are never parsed for their tag.
    public static func mayApply(to data: [UInt8]) -> Bool {
        let needle = Array("\nORGANIZER".utf8)
        guard data.count >= needle.count else { return false }
        var index = 0
        let last = data.count - needle.count
        while index <= last {
            if data[index] == 0x0A {
                var matched = true
                for offset in 1..<needle.count where data[index + offset] & 0xDF != needle[offset] & 0xDF {
                    matched = false
                    break
                }
                if matched { return true }
            }
            index += 1
        }
        return false
    }
}
