extension CheckResult {
    /// The keyword a failed schema or contract check broke, absolute
    /// (`schemas/pet.json#/properties/price/type`); nil for other checks, passes, and a schema
    /// check with nothing to validate (then ``note`` says why).
    public var schemaLocation: String? {
        guard !passed, check.predicate.op == .matchesSchema, actual != "nothing" else { return nil }
        return note
    }
}
