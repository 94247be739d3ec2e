import Diagnostics
import PropertyList
import Relentless

/// A design's choice of commands (`Pipeline.plist`, optional): which order maker (G6) and item
/// allocator (G5) its rounds use.
///
/// ```xml
/// <dict>
///     <key>orders</key><string>own-item</string>
///     <key>items</key><string>even-categories</string>
/// </dict>
/// ```
public struct PipelineChoice: Sendable, Equatable {
    public var orders: OrderMakerChoice
    public var items: ItemAllocatorChoice

    public init(orders: OrderMakerChoice = .uniform, items: ItemAllocatorChoice = .shuffle) {
        self.orders = orders
        self.items = items
    }

    public var pipeline: Pipeline { .with(orders: orders, items: items) }

    /// Parameters the chosen commands read beyond the rules' own (C8: a key one of them reads
    /// has an effect, so setting it earns no warning).
    public var parametersRead: Set<ParameterKey> { Set(pipeline.steps.flatMap { $0.command.parametersRead }) }

    public static let fileName = "Pipeline.plist"
}

public enum PipelineFile {
    /// Keys of the file's root dictionary: the reader rejects any other.
    public static let keys = ["orders", "items"]

    /// The choice a design's `Pipeline.plist` makes; unknown keys and values are errors with
    /// the nearest valid name.
    public static func read(_ root: PlistNode, file: String) -> (PipelineChoice, [Diagnostic]) {
        var log = DiagnosticLog(file: file)
        var choice = PipelineChoice()
        let rootPath = PlistPath()
        guard let dictionary = log.dictionary(root, rootPath, "the pipeline", rule: nil) else { return (choice, log.diagnostics) }
        log.rejectUnknownKeys(dictionary, known: keys, rootPath, what: "the pipeline", rule: nil)
        if let node = dictionary["orders"], let name = log.string(node, rootPath.appending("orders"), rule: "G6") {
            if let value = OrderMakerChoice(rawValue: name) {
                choice.orders = value
            } else {
                unknown(name, among: OrderMakerChoice.allCases.map(\.rawValue), node, rootPath.appending("orders"), "G6", &log)
            }
        }
        if let node = dictionary["items"], let name = log.string(node, rootPath.appending("items"), rule: "G5") {
            if let value = ItemAllocatorChoice(rawValue: name) {
                choice.items = value
            } else {
                unknown(name, among: ItemAllocatorChoice.allCases.map(\.rawValue), node, rootPath.appending("items"), "G5", &log)
            }
        }
        return (choice, log.diagnostics)
    }

    private static func unknown(_ name: String, among names: [String], _ node: PlistNode, _ path: PlistPath, _ rule: String, _ log: inout DiagnosticLog) {
        log.error(
            "unknown command \"\(name)\"; one of \(names.joined(separator: ", "))", at: node.location, path, rule: rule,
            suggestion: Suggestion.nearest(to: name, in: names).map { "did you mean \"\($0)\"?" })
    }
}
