/// The design a command names, made once: `validate()` makes it (finding its game probes the
/// directory for every game's design file) and `run()` plays that same value instead of making
/// its own (issue 41). A command's stored state, never parsed: it decodes to nothing.
struct ChosenDesign: Decodable {
    /// The design made, once `validate()` has run.
    private(set) var value: DesignDirectory?

    init() {}

    init(from decoder: any Decoder) {}

    /// The design made the first time, from these names.
    mutating func design(_ directory: String?, namedFiles: [String: String] = [:]) -> DesignDirectory {
        if let value { return value }
        let design = DesignDirectory(directory, namedFiles: namedFiles)
        value = design
        return design
    }

    /// The design made the first time, from a command's DESIGN_DIR and files named one by one.
    mutating func design(_ directory: String?, files: DesignFileOptions) -> DesignDirectory {
        design(directory, namedFiles: files.named)
    }
}
