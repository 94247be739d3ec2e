/// How a mini-field's state follows from its cells (R1.4): the option whose effect on who wins is
/// the designer's open question.
public enum MiniFieldStrategy: String, Sendable, Hashable, CaseIterable, Codable {
    /// R1.4.1: the first line of three captures the mini-field for its sign, for good.
    case first
    /// R1.4.2: the mini-field is '?' while both signs have a line in it, else the sign that has
    /// one, else empty. A later line of the other sign turns a captured mini-field into '?'.
    case any
}
