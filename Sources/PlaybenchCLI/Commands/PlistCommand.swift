import ArgumentParser
import Diagnostics
import PropertyList

/// `playbench plist`: a plutil for Linux, on Playbench's own reader and writers.
struct PlistCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plist",
        abstract: "Lint and convert property lists (XML and binary), like plutil.",
        subcommands: [LintCommand.self, ConvertCommand.self])
}

struct LintCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "lint",
        abstract: "Check that files are valid property lists.",
        discussion: """
            Reads each file as an XML or binary (bplist00) property list and prints one line per \
            file: "FILE: OK", or the first error with its line and column (byte offset for binary). \
            Exits 0 when every file is valid, 1 when some file is not a valid property list, 66 \
            when a file is missing, 74 when one cannot be read (a directory, over the 512 MiB \
            limit); of several, the highest.

            Example:
              playbench plist lint Designs/relentless/*.plist
            """)

    @Argument(help: ArgumentHelp("Property-list files.", valueName: "file"))
    var files: [String]

    @Flag(name: .shortAndLong, help: "Print only the files with errors.")
    var silent = false

    /// The last file's tree, left for the process's exit to reclaim: releasing a large tree
    /// node by node took a sixth of linting it. Each earlier one is released before the next
    /// file is read, so at most one tree is held, as when each was released at once.
    nonisolated(unsafe) private static var lastTree: PlistNode?

    func run() throws {
        var status: Int32 = 0
        for file in files {
            do {
                Self.lastTree = nil
                Self.lastTree = try PlistReader.read(bytes: try FileIO.read(file))
                if !silent { Output.standard("\(file): OK\n") }
            } catch let error as FileError {
                status = max(status, error.exitCode)
                Output.standard("\(file): error: \(error.reason)\n")
            } catch let error as PlistError {
                status = max(status, 1)
                Output.standard(error.diagnostic(file: file).description + "\n")
            }
        }
        if status != 0 { throw ExitCode(status) }
    }
}

struct ConvertCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "convert",
        abstract: "Convert a property list (XML, binary or JSON) to XML, binary or JSON.",
        discussion: """
            The input is read as XML or binary, or, when it starts with { or [, as JSON the way \
            plutil reads it: objects become dictionaries, whole numbers integers, other numbers \
            reals; null has no property-list type and is an error, with its line and column.

            The output goes to standard output (or -o -), or with -o to a file that is replaced \
            atomically (written beside it, then renamed), so an interrupted run never leaves half \
            a file; a device or FIFO named by -o is written to, not replaced.

            JSON has no dates, data or UIDs: dates become ISO 8601 strings, data base64 strings, \
            and UIDs {"CF$UID": n}; NaN and infinities cannot be written as JSON and are refused. \
            XML cannot hold control characters other than tab, newline and carriage return; use \
            binary for such strings.

            --unarchive reads the input as an NSKeyedArchiver archive ($archiver, $version,             $top, $objects, objects referring to each other by UID) and writes the object graph             as a plain tree: the top is $top's dict (usually one key, root); an object becomes a             dict, its class under $class; NSArray, NSSet, NSDictionary, NSString, NSData and             NSDate become the array, dict, string, data or date they hold. An object referred to             from several places is written out at each. A reference back to an object that             contains it (a cycle) is written {"$ref": "/root/NS.objects/0"}, the JSON pointer of             that object in the output, and not followed; $null leaves its key out, and in an             array is {"$null": true}. A file that is no keyed archive is an error (exit 1), as             is one whose tree would pass 5,000,000 values or 512 levels.

            Examples:
              playbench plist convert Info.plist --to binary -o Info.bplist
              playbench plist convert GameConfig.plist --to json | jq .
              playbench plist convert params.json --to xml -o DefaultGameParameters.plist
              playbench plist convert SavedMap.bplist --unarchive --to json | jq .root
            """)

    @Argument(help: ArgumentHelp("The property list to convert.", valueName: "file"))
    var file: String

    @Option(help: "The output format: xml, binary or json.")
    var to: OutputFormat

    @Option(name: .shortAndLong, help: ArgumentHelp("Write here instead of standard output.", valueName: "file"))
    var output: String?

    @Flag(help: "Resolve an NSKeyedArchiver archive's object graph into a plain tree (see below).")
    var unarchive = false

    enum OutputFormat: String, ExpressibleByArgument, CaseIterable {
        case xml, binary, json

        var plistFormat: PlistFormat {
            switch self {
            case .xml: .xml
            case .binary: .binary
            case .json: .json
            }
        }
    }

    func run() throws {
        let converted: [UInt8]
        do {
            let bytes = try FileIO.read(file)
            // JSON input, as plutil takes it: an object or array where a plist would start.
            let tree = JSONPlistReader.looksLikeJSON(bytes) ? try JSONPlistReader.read(bytes: bytes) : try PlistReader.read(bytes: bytes)
            converted = try PlistWriter.write(unarchive ? try KeyedArchive.unarchive(tree) : tree, as: to.plistFormat)
        } catch let error as FileError {
            Output.error(error.description)
            throw ExitCode(error.exitCode)
        } catch let error as PlistError {
            // Standard output is the converted file's place: what is wrong goes to standard error.
            Output.standardError(error.diagnostic(file: file).description + "\n")
            throw ExitCode(1)
        }
        try Output.exitingOnFileError { () throws(FileError) in try FileIO.write(converted, to: output ?? "-") }
    }
}
