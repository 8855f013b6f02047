extension LocalDate {
    /// The date as an RFC 5545 DATE value (§3.3.4): the ISO 8601 basic format `YYYYMMDD`.
    public var basicFormat: String {
        Digits.pad(year, 4) + Digits.pad(month, 2) + Digits.pad(day, 2)
    }
}
