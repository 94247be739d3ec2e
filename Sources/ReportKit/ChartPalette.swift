/// The colours charts draw with, by what they draw: every game's reports and every command's
/// pages read alike.
public enum ChartPalette {
    public static let band90 = "#c6dbef"
    public static let band50 = "#6baed6"
    public static let median = "#08306b"
    public static let mean = "#e6550d"
    /// A confidence interval's band.
    public static let ci = "#c7e9c0"
    public static let survival = "#238b45"
    public static let hazard = "#cb181d"
    public static let hazardBand = "#fcbba1"
    public static let difficulty = "#6a51a3"
    public static let correct = "#31a354"
    public static let wrong = "#e6550d"
    public static let timedOut = "#de2d26"
    public static let open = "#9e9ac8"
    public static let neverShown = "#bdbdbd"
    public static let income = "#31a354"
    public static let expense = "#de2d26"
    public static let floor = "#e6550d"
    public static let ceiling = "#737373"
    /// Where a quantity means a loss (money below 0).
    public static let loss = "#fde0dd"
    /// Reference lines, markers and whiskers drawn over a chart's bars.
    public static let ink = "#333333"
    /// A series of parts of one whole, in order.
    public static let parts = ["#08519c", "#6baed6", "#31a354", "#fd8d3c", "#6a51a3", "#fdd0a2", "#d9d9d9"]
}
