import Diagnostics
import Testing
@testable import PropertyList

@Suite struct XMLPlistTextEditTests {
    func dump(_ name: String, _ bytes: [UInt8]) {
        do {
            let tree = try PlistReader.read(bytes: bytes)
            var out = "\(name): root \(tree.location)"
            func walk(_ n: PlistNode, _ p: String) {
                switch n.value {
                case .dictionary(let d):
                    for e in d.entries { out += " | \(p).\(e.key) key@\(e.keyLocation) val@\(e.value.location)"; walk(e.value, p + "." + e.key) }
                case .array(let a):
                    for (i, x) in a.enumerated() { out += " | \(p)[\(i)] @\(x.location)"; walk(x, p + "[\(i)]") }
                default: break
                }
            }
            walk(tree, "")
            print(out)
        } catch { print("\(name): error \(error)") }
    }

    @Test func experiment() {
        dump("plain", Array("<plist><dict><key>a</key><integer>1</integer></dict></plist>".utf8))
        dump("nonascii", Array("<plist><dict><key>süß</key><integer>1</integer><key>ü</key>\n  <string>ÄÖ</string><key>x</key><string>ü</string> <true/></dict></plist>".utf8).dropLast(0).map { $0 })
        dump("nonascii2", Array("<plist><dict><key>süß</key><integer>1</integer><key>ü</key>\n  <string>ÄÖ</string><key>x</key><string>ü</string><key>y</key> <true/></dict></plist>".utf8))
        dump("bom", [0xEF, 0xBB, 0xBF] + Array("<plist><dict><key>a</key><integer>1</integer></dict></plist>".utf8))
        dump("bomdecl", [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<plist><dict><key>a</key><integer>1</integer></dict></plist>".utf8))
        dump("crlf", Array("<?xml version=\"1.0\"?>\r\n<plist>\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n\t<key>b</key><string>x\r\ny</string> <key>c</key><integer>2</integer>\r\n</dict>\r\n</plist>\r\n".utf8))
        dump("cr", Array("<plist>\r<dict>\r\t<key>a</key>\r\t<integer>1</integer>\r</dict>\r</plist>\r".utf8))
        dump("comment", Array("<plist><dict><!-- ü ö --><key>a</key><!-- ßß\nää --><integer>1</integer><key>b</key><string><![CDATA[ü</string>]]></string><key>c</key><integer>3</integer><key>d</key><string a=\"ü>\">x</string></dict></plist>".utf8))
        dump("tabs", Array("<plist><dict>\t\t<key>a</key>\t<integer>1</integer><key>é</key>\t<real>1</real></dict></plist>".utf8))
        dump("entity", Array("<plist><dict><key>a&amp;ü</key><string>&lt;&#252;ü</string><key>b</key><integer>1</integer></dict></plist>".utf8))
        dump("crlfbom", [0xEF, 0xBB, 0xBF] + Array("<?xml version=\"1.0\"?>\r\n<plist>\r\n<dict>\r\n\t<key>a</key>\r\n\t<integer>1</integer>\r\n</dict>\r\n</plist>\r\n".utf8))
        dump("longline", Array(("<plist><array>" + String(repeating: "<string>ä</string>", count: 2000) + "<integer>5</integer></array></plist>").utf8))
        dump("attr", Array("<plist><dict><key>a</key><integer\n>1</integer><key>b</key><integer   >2</integer></dict></plist>".utf8))
    }
}
