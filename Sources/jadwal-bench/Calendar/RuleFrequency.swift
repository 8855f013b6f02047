/// The FREQ of a generated RRULE.
enum RuleFrequency: String { case daily = "DAILY", weekly = "WEEKLY", monthly = "MONTHLY", yearly = "YEARLY" }
