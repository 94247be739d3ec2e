/// Writes a property list in any of the formats Playbench emits.
public enum PlistWriter {
    public static func write(_ node: PlistNode, as format: PlistFormat) throws(PlistError) -> [UInt8] {
        switch format {
        case .xml: try XMLPlistWriter.write(node)
        case .binary: BinaryPlistWriter.write(node)
        case .json: try JSONPlistWriter.write(node)
        }
    }
}
