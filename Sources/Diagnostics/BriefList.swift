/// A list for one line of a message or summary: every item of a short one, the first of a long
/// one and how many more (a design of a thousand contests made a summary line of 60 KB).
///
/// ```swift
/// briefList(["a", "b"], separator: "; ")                   // "a; b"
/// briefList((1...40).map(String.init), separator: ", ")    // "1, 2, …, 12, and 28 more"
/// ```
public func briefList(_ items: [String], separator: String, most: Int = 12) -> String {
    guard items.count > most else { return items.joined(separator: separator) }
    return items.prefix(most).joined(separator: separator) + "\(separator)and \((items.count - most).groupedText) more"
}
