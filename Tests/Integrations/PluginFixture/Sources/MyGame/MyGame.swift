/// The game whose design (Design/) PlaybenchCheckPlugin checks as this target builds: a stand-in
/// for a real game's code, which the check does not read.
public enum MyGame {
    public static let designDirectory = "Design"
}
