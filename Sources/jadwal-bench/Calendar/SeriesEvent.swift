/// One generated VEVENT before it is written: its identity, client flavor, times and stamps.
/// Days are ``CivilDays`` day numbers.
struct SeriesEvent {
    var uid: String
    var flavor: ClientFlavor
    var time: EventTiming
    var startDay: Int
    var startMinute: Int    // minutes after local midnight; unused for all-day events
    var durationMinutes: Int
    var durationDays: Int   // all-day events
    var useDuration: Bool
    var createdDay: Int
    var modifiedDay: Int
    var stampDay: Int
    var stampMinute: Int
    var sequence: Int
}
