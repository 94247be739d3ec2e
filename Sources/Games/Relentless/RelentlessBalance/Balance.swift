/// Balance questions answered with confidence intervals, from simulated games:
///
/// - `Gate/`: does a design meet its targets (`Balance.plist`)? Plays more games while an
///   interval straddles a target's edge.
/// - `Diff/`: what does a change to a design do? Plays both designs on the same seeds.
///
/// Pure: reads property-list values, never files; the CLI does the I/O.
public enum BalanceModule {}
