import CalDAVCore

/// Keeps recurring objects' instances by year for calendar-query, within a byte budget.
///
/// A key holds the object's bytes and the floating zone's definition, so an entry is never
/// out of date: a changed object is looked up under new bytes, and the old entry ages out.
public final class KeptYearInstances: YearInstancesCache {
    private let kept: ByteBudgetLRU<YearInstancesKey, YearInstances>

    /// - Parameter maxBytes: memory for the kept instances and their keys.
    public init(maxBytes: Int = 16 << 20) {
        kept = ByteBudgetLRU(maxBytes: maxBytes)
    }

    public func instances(for key: YearInstancesKey, expanding expand: () -> YearInstances?) -> YearInstances? {
        if let found = kept.value(for: key) { return found }
        guard let made = expand() else { return nil }
        kept.set(made, for: key, size: 96 + key.data.count + key.floatingZone.utf8.count + made.spans.count * MemoryLayout<InstanceSpan>.stride)
        return made
    }
}
