/// The page every chart is drawn on: its width and the margins its title and axes need. One for
/// every chart, so that charts placed one above another line up.
enum ChartPage {
    static let width = 480.0
    /// Room for the last tick label.
    static let right = 16.0
    /// Room for the title.
    static let top = 34.0
}
