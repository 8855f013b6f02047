/// RFC 7529 RSCALE rules.
enum HijriRuleAdapter {
    static func iterator(rule: RecurrenceRule, start: LocalDateTime, isDate: Bool, horizon: Int, line: Int) throws(ExpansionError) -> RuleIterator {
        throw ExpansionError("RSCALE=\(rule.scale ?? "") is not supported", line: line)
    }
}
