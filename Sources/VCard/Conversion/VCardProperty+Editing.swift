/// Small parameter edits the conversions use.
extension VCardProperty {
    /// Removes every parameter named `name` (any case), bare ones included.
    mutating func removeParameters(named name: String) {
        parameters.removeAll { $0.hasName(name) }
    }

    /// Sets `name=value`, replacing every parameter of that name, or adding it last.
    mutating func setParameter(_ name: String, _ value: String) {
        guard let index = parameters.firstIndex(where: { $0.hasName(name) }) else {
            parameters.append(VCardParameter(name: name, value: value))
            return
        }
        let replacement = VCardParameter(name: parameters[index].name, value: value)
        parameters = parameters.enumerated().compactMap { offset, parameter in
            if offset == index { return replacement }
            return parameter.hasName(name) ? nil : parameter
        }
    }

    /// Removes the type `type` (any case) from every `TYPE` parameter, dropping a `TYPE`
    /// parameter left empty. Returns whether it was there.
    @discardableResult
    mutating func removeType(_ type: String) -> Bool {
        var found = false
        var result: [VCardParameter] = []
        for var parameter in parameters {
            if parameter.hasName("TYPE"), !parameter.isBare {
                var values: [String] = []
                var quoted: [Bool] = []
                for (index, item) in parameter.values.enumerated() {
                    let kept = item.split(separator: ",", omittingEmptySubsequences: false)
                        .filter { part in
                            let match = part.trimmingASCIISpaces.lowercased() == type.lowercased()
                            if match { found = true }
                            return !match
                        }
                    if kept.isEmpty { continue }
                    values.append(kept.joined(separator: ","))
                    quoted.append(index < parameter.quoted.count ? parameter.quoted[index] : false)
                }
                if values.isEmpty { continue }
                parameter.values = values
                parameter.quoted = quoted
            }
            result.append(parameter)
        }
        parameters = result
        return found
    }

    /// Adds `type` to the first `TYPE` parameter, or adds `TYPE=type`.
    mutating func addType(_ type: String) {
        if let index = parameters.firstIndex(where: { $0.hasName("TYPE") && !$0.isBare }) {
            parameters[index].values.append(type)
            parameters[index].quoted.append(false)
        } else {
            parameters.append(VCardParameter(name: "TYPE", value: type))
        }
    }
}
