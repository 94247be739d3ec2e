import CLibXML2
import Diagnostics

/// Reads XML property lists with libxml2's SAX2 parser.
///
/// SAX keeps memory proportional to the result, not to a DOM, and lets every value keep the line
/// and column of its element. The parse is hardened for files a designer did not write:
/// no network, no DTD loading, no entity declarations (so no external entities and no expansion
/// bombs), and nesting beyond ``PlistLimits/maxDepth`` refused with an explicit stack.
///
/// ```swift
/// let xml = Array("<plist version=\"1.0\"><array><integer>1</integer></array></plist>".utf8)
/// let root = try XMLPlistReader.read(bytes: xml)
/// root.value.array?.first?.location  // SourceLocation(line: 1, column: 29)
/// ```
public enum XMLPlistReader {
    public static func read(bytes: [UInt8], limits: PlistLimits = .default) throws(PlistError) -> PlistNode {
        guard bytes.count <= limits.maxInputBytes else {
            throw PlistError("file is \(bytes.count) bytes; the limit is \(limits.maxInputBytes)", at: .start)
        }
        guard bytes.count < Int32.max else { throw PlistError("file too large for the XML parser", at: .start) }
        if let utf8 = try XMLEncoding.utf8FromUTF32(bytes) { return try read(bytes: utf8, limits: limits) }
        var builder = XMLPlistTreeBuilder(limits: limits)
        let outcome: PlistError? = withUnsafeMutablePointer(to: &builder) { state in
            bytes.withUnsafeBufferPointer { buffer -> PlistError? in
                guard let base = buffer.baseAddress, buffer.count > 0 else {
                    return PlistError("empty file", at: .start)
                }
                let chars = UnsafeRawPointer(base).assumingMemoryBound(to: CChar.self)
                guard let context = xmlCreateMemoryParserCtxt(chars, Int32(buffer.count)) else {
                    return PlistError("libxml2 could not create a parser", at: .start)
                }
                defer { xmlFreeParserCtxt(context) }
                context.pointee.sax.pointee = XMLPlistTreeBuilder.makeSAXHandler()
                _ = xmlCtxtUseOptions(context, Int32(Self.parserOptions))
                // The callbacks reach the builder through this pointer, valid for this call only.
                context.pointee._private = UnsafeMutableRawPointer(state)
                // Errors libxml2 raises without the parser context (input its encoding converter
                // cannot convert, and the I/O error that follows) go to the thread's structured
                // handler, or else are printed to stderr: during this parse, to the builder.
                let previous = (handler: __xmlStructuredError()?.pointee, context: __xmlStructuredErrorContext()?.pointee)
                xmlSetStructuredErrorFunc(UnsafeMutableRawPointer(context), XMLPlistTreeBuilder.contextlessError)
                _ = xmlParseDocument(context)
                xmlSetStructuredErrorFunc(previous.context, previous.handler)
                context.pointee._private = nil
                return nil
            }
        }
        if let outcome { throw outcome }
        return try builder.result()
    }

    /// NONET: never fetch anything. HUGE: lift libxml2's own depth limit of 256 (we enforce
    /// ours, 512, as CoreFoundation does) and its text-node size limit; entity declarations are
    /// refused by the handler, so HUGE does not open the door to expansion bombs.
    /// NOCDATA: CDATA arrives as ordinary characters.
    static let parserOptions: UInt32 =
        XML_PARSE_NONET.rawValue | XML_PARSE_HUGE.rawValue | XML_PARSE_NOCDATA.rawValue
}
