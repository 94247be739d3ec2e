import Foundation
import Testing
@testable import PropertyList

@Test func binaryCorpusScratch() throws {
    let root = URL(fileURLWithPath: "/work/shared/plist-corpus")
    var lines: [String] = []
    let manifests = ["cpython-plistlib/MANIFEST.json", "libplist/MANIFEST.json", "rust-plist/MANIFEST.json",
                     "swift-corelibs-foundation/MANIFEST.json", "swift-foundation/MANIFEST.json", "swift-foundation/inline/MANIFEST.json"]
    var seen = Set<String>()
    for m in manifests {
        let url = root.appendingPathComponent(m)
        let entries = try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as! [[String: Any]]
        for e in entries {
            let file = e["file"] as! String
            let expect = e["expect"] as! String
            var path = url.deletingLastPathComponent().appendingPathComponent(file)
            if !FileManager.default.fileExists(atPath: path.path) {
                path = url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent(file)
            }
            guard let data = try? Data(contentsOf: path) else { continue }
            guard seen.insert(path.standardized.path).inserted else { continue }
            let bytes = Array(data)
            guard bytes.count >= 6, bytes[0..<6].elementsEqual("bplist".utf8) else { continue }
            let start = ContinuousClock.now
            let outcome: String
            do {
                let node = try BinaryPlistReader.read(bytes: bytes)
                outcome = "parse " + String(describing: node.value).prefix(150)
            } catch {
                outcome = "reject " + error.description
            }
            let elapsed = ContinuousClock.now - start
            let agree = (expect == "parse") == outcome.hasPrefix("parse") || expect.hasPrefix("no-crash")
            lines.append("\(agree ? "ok  " : "DIFF") \(m.split(separator: "/").first!)/\(file) expect=\(expect) \(elapsed) -> \(outcome)")
        }
    }
    try lines.joined(separator: "\n").write(toFile: "/tmp/bincorpus/result.txt", atomically: true, encoding: .utf8)
}
