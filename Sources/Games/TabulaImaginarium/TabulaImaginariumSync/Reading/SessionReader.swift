import Diagnostics
import PropertyList

/// Reads `Session.plist`, the sync session a Tabula Imaginarium design plays (<doc:NetworkModel>),
/// every key optional, every mistake located with its rule id:
///
/// ```xml
/// <dict>
///   <key>devices</key>           <array><integer>3</integer><integer>5</integer></array>  <!-- TS1: a session of each size -->
///   <key>editsPerMinute</key>    <real>2</real>      <!-- TS7: each device's -->
///   <key>grabsPerMinute</key>    <real>1</real>      <!-- TS3, TS7 -->
///   <key>latencySeconds</key>    <real>0.2</real>    <!-- TS1 -->
///   <key>sessionMinutes</key>    <integer>240</integer>
///   <key>reconnectsPerHour</key> <real>0.5</real>    <!-- TS5, TS7 -->
///   <key>bytes</key> <dict><key>tagBytes</key><integer>2</integer></dict>   <!-- TS6 -->
/// </dict>
/// ```
///
/// The map a joining device is sent is not here: it is the design's `TabulaMap.plist`, whose
/// tokens are also what a grab picks from unless `tokens` says otherwise.
public enum SessionReader {
    public static let fileName = "Session.plist"
    public static let topKeys = ["devices", "editsPerMinute", "grabsPerMinute", "tokens", "latencySeconds", "sessionMinutes", "reconnectsPerHour", "bytes"]
    public static let byteKeys = ["tagBytes", "separatorBytes", "endMarkerBytes"]

    public static func read(_ root: PlistNode, file: String) -> (SessionSettings?, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        let top = PlistPath()
        guard let fields = FieldReader(root, top, "the session", known: topKeys, rule: "TS8", &log) else { return (nil, log.diagnostics) }
        var settings = SessionSettings()
        let defaults = settings.shared
        for key in topKeys { if let node = fields[key] { settings.places[key] = node.location } }
        if let node = fields["devices"] { settings.deviceCounts = deviceCounts(node, top.appending("devices"), &log) ?? settings.deviceCounts }
        let rates = 0...SyncParameters.rateLimit
        func number(_ key: String, _ range: ClosedRange<Double>, _ fallback: Double, rule: String) -> Double {
            fields.number(key, in: range, default: fallback, rule: rule, &log) ?? fallback
        }
        settings.shared.editsPerMinute = number("editsPerMinute", rates, defaults.editsPerMinute, rule: "TS8")
        settings.shared.grabsPerMinute = number("grabsPerMinute", rates, defaults.grabsPerMinute, rule: "TS8")
        settings.shared.reconnectsPerHour = number("reconnectsPerHour", rates, defaults.reconnectsPerHour, rule: "TS8")
        settings.shared.latencySeconds = number("latencySeconds", 0...SyncParameters.latencyLimit, defaults.latencySeconds, rule: "TS8")
        settings.shared.sessionMinutes = number("sessionMinutes", 0...SyncParameters.sessionMinuteLimit, defaults.sessionMinutes, rule: "TS8")
        if fields["sessionMinutes"] != nil, settings.shared.sessionMinutes == 0 {
            log.error("sessionMinutes must be more than 0: a session lasts a while", at: fields["sessionMinutes"]?.location, top.appending("sessionMinutes"), rule: "TS8")
        }
        if fields["tokens"] != nil { settings.tokens = fields.integer("tokens", in: 1...SyncParameters.tokenLimit, default: nil, rule: "TS8", &log) }
        if let node = fields["bytes"], let bytes = FieldReader(node, top.appending("bytes"), "bytes", known: byteKeys, rule: "TS6", &log) {
            func part(_ key: String, _ fallback: Int) -> Int {
                if let at = bytes[key] { settings.places["bytes." + key] = at.location }
                return bytes.integer(key, in: 0...SyncParameters.partLimit, default: fallback, rule: "TS6", &log) ?? fallback
            }
            settings.shared.bytes = ByteModel(
                tagBytes: part("tagBytes", defaults.bytes.tagBytes), separatorBytes: part("separatorBytes", defaults.bytes.separatorBytes),
                endMarkerBytes: part("endMarkerBytes", defaults.bytes.endMarkerBytes))
        }
        return (log.hasErrors ? nil : settings, log.diagnostics)
    }

    /// A whole number of devices, or an array of them, each once: the sessions played (TS1).
    static func deviceCounts(_ node: PlistNode, _ path: PlistPath, _ log: inout DiagnosticLog) -> [Int]? {
        let limits = 1...SyncParameters.deviceLimit
        func count(_ item: PlistNode, _ at: PlistPath) -> Int? {
            guard let n = log.integer(item, at, rule: "TS8") else { return nil }
            guard limits.contains(n) else {
                log.error("\(n) devices: a session has its host and up to \(limits.upperBound - 1) peers", at: item.location, at, rule: "TS8")
                return nil
            }
            return n
        }
        guard node.value.array != nil else { return count(node, path).map { [$0] } }
        guard let items = log.array(node, path, "devices", rule: "TS8") else { return nil }
        guard !items.isEmpty else {
            log.error("devices lists no session size: give one or more", at: node.location, path, rule: "TS1")
            return nil
        }
        var counts: [Int] = []
        for (index, item) in items.enumerated() {
            guard let n = count(item, path.appending(index)) else { continue }
            if counts.contains(n) {
                log.error("\(n) devices are listed twice: each size is one session played", at: item.location, path.appending(index), rule: "TS1")
            }
            counts.append(n)
        }
        return counts.count == items.count && Set(counts).count == counts.count ? counts : nil
    }
}
