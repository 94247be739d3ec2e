import FuzzSupport
import PropertyList
import Relentless

/// A design's parameters (DefaultGameParameters.plist) from any bytes: read and checked (C5–C8),
/// and when they pass, resolved for the difficulties and team sizes a game reaches; never a trap.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzParameters(_ data: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
    guard let root = try? PlistReader.read(bytes: FuzzInput.bytes(data, count)) else { return 0 }
    let (parameters, read) = ParametersReader.read(root, file: DesignSources.parametersFileName)
    let checked = ParameterChecks.check(parameters)
    guard !(read + checked).hasErrors, let teams = parameters.teamSizes else { return 0 }
    for difficulty in parameters.reachableDifficulties(limit: 50) {
        for players in teams.clamped(to: 1...12) { _ = parameters.resolved(difficulty: difficulty, players: players) }
    }
    return 0
}
