/// The Foundation classes whose archived objects ``KeyedArchive`` turns into the plain value they
/// stand for, and the keys NSKeyedArchiver stores that value under.
///
/// Matched by exact class name: a subclass may archive keys of its own, which a plain value would
/// drop, so it is shown as an object.
public enum FoundationObject: Sendable, Equatable {
    /// `NS.objects`, an array of UIDs.
    case array
    /// `NS.keys` and `NS.objects`, arrays of UIDs of the same length.
    case dictionary
    /// `NS.string`, a string.
    case string
    /// `NS.data`, data.
    case data
    /// `NS.time`, seconds since 2001-01-01.
    case date

    public init?(className: String) {
        switch className {
        case "NSArray", "NSMutableArray", "NSSet", "NSMutableSet": self = .array
        case "NSDictionary", "NSMutableDictionary": self = .dictionary
        case "NSString", "NSMutableString": self = .string
        case "NSData", "NSMutableData": self = .data
        case "NSDate": self = .date
        default: return nil
        }
    }
}
