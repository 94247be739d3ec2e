extension Double {
    /// The number as a designer writes it in messages and commands: `3`, `2.5`, `-0.25`, `inf`.
    /// Whole values print without a fraction; others in Swift's shortest round-trip form.
    public var designerText: String {
        isFinite && self == rounded() && abs(self) < 1e15 ? String(Int64(self)) : "\(self)"
    }
}
