extension RecurrenceExpander {
    /// RFC 4791 §9.9 for VFREEBUSY: whether `component` overlaps [from, to).
    ///
    /// With DTSTART and DTEND the component's own span decides; otherwise any of its
    /// FREEBUSY periods; a VFREEBUSY with neither never matches.
    public func freeBusyOverlaps(_ component: Component, from: Int, to: Int) -> Bool {
        if let startProperty = component[PropertyName.dateTimeStart], let endProperty = component[PropertyName.dateTimeEnd],
           let start = try? startProperty.dateTimeValue(), let end = try? endProperty.dateTimeValue() {
            return from <= instant(of: end) && to > instant(of: start)
        }
        for property in component.properties(named: PropertyName.freeBusy) {
            guard let periods = try? property.periodValues() else { continue }
            for period in periods {
                let start = instant(of: period.start)
                let end: Int
                switch period.end {
                case .dateTime(let value): end = instant(of: value)
                case .duration(let duration): end = start + duration.approximateSeconds
                }
                if from < end && to > start { return true }
            }
        }
        return false
    }
}
