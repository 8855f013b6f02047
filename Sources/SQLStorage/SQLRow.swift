/// One row of a result, read by position or by column name.
///
/// Reading a column as a type that cannot hold its value is a programming error (the
/// schema and the code disagree) and stops the process, as reading past the row does.
public struct SQLRow: Sendable {
    /// The column names, shared by the rows of one result.
    public let columns: SQLColumns
    public let values: [SQLValue]

    public init(columns: SQLColumns, values: [SQLValue]) {
        self.columns = columns
        self.values = values
    }

    /// The value at `index` as `Value`.
    public subscript<Value: SQLValueConvertible>(_ index: Int) -> Value {
        guard let value = Value(sqlValue: values[index]) else {
            preconditionFailure("column \(index) (\(columns.names[index])) holds \(values[index]), not \(Value.self)")
        }
        return value
    }

    /// The value of the column named `name` (case-insensitive) as `Value`.
    public subscript<Value: SQLValueConvertible>(_ name: String) -> Value {
        guard let index = columns.index(of: name) else { preconditionFailure("no column \(name) in \(columns.names)") }
        return self[index]
    }
}

/// The names of a result's columns, with a lookup table built once per result.
public final class SQLColumns: Sendable {
    public let names: [String]
    private let positions: [String: Int]

    public init(_ names: [String]) {
        self.names = names
        var positions: [String: Int] = [:]
        for (index, name) in names.enumerated() where positions[name.lowercased()] == nil { positions[name.lowercased()] = index }
        self.positions = positions
    }

    /// The position of the leftmost column called `name`, ignoring case.
    public func index(of name: String) -> Int? {
        positions[name] ?? positions[name.lowercased()]
    }
}
