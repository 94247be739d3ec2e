import Foundation
import PropertyList

/// How every part format is written and read: sorted keys (the canonical bytes a checksum is
/// taken over), and non-finite numbers as strings (an empty Moments has ±infinity extremes).
enum PartJSON {
    static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        encoder.nonConformingFloatEncodingStrategy = .convertToString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return encoder
    }

    static var decoder: JSONDecoder {
        let decoder = JSONDecoder()
        decoder.nonConformingFloatDecodingStrategy = .convertFromString(positiveInfinity: "inf", negativeInfinity: "-inf", nan: "nan")
        return decoder
    }
}

extension PartJSON {
    /// Where bytes that are not JSON at all break (Foundation's decoder says only "not valid
    /// JSON"): the line and column of the first thing wrong, as the JSON reader of `plist
    /// convert` finds it; nil when they are JSON.
    static func syntaxError(_ bytes: [UInt8]) -> PlistError? {
        do throws(PlistError) {
            _ = try JSONPlistReader.read(bytes: bytes)
            return nil
        } catch {
            return error
        }
    }

    /// A decoding error as a reader can act on it: where in the part, and what.
    static func reason(_ error: Error) -> String {
        func at(_ path: [CodingKey]) -> String {
            guard !path.isEmpty else { return "" }
            let spelled = path.map { key in key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)" }.joined()
            return String(spelled.drop { $0 == "." }) + ": "
        }
        switch error {
        case DecodingError.dataCorrupted(let context): return at(context.codingPath) + context.debugDescription
        case DecodingError.keyNotFound(let key, let context): return at(context.codingPath) + "no '\(key.stringValue)'"
        case DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context):
            return at(context.codingPath) + context.debugDescription
        default: return "\(error)"
        }
    }
}
