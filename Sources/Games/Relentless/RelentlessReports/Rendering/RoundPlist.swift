import PropertyList

/// `playbench generate --format plist`: the same report as the JSON, as an XML property list
/// written by our own writer. Property lists have no null: an unlimited round leaves out
/// `packageLimit`, and `packageLimited` says which it is.
public enum RoundPlist {
    public static func render(_ report: RoundReport) throws(PlistError) -> [UInt8] {
        try XMLPlistWriter.write(node(report))
    }

    static func node(_ report: RoundReport) -> PlistNode {
        var d = PlistDictionary()
        d["design"] = string(report.design)
        d["seed"] = PlistNode(.integer(PlistInteger(report.seed)))
        d["game"] = PlistNode(.integer(PlistInteger(report.game)))
        d["round"] = PlistNode(.integer(PlistInteger(report.round)))
        d["players"] = integer(report.players)
        d["difficulty"] = PlistNode(.real(report.difficulty))
        d["categories"] = PlistNode(.array(report.categories.map(string)))
        d["orderItems"] = PlistNode(.array(report.orderItems.map(item)))
        d["inventory"] = PlistNode(.array(report.inventory.map(item)))
        d["groupRepetitions"] = integer(report.groupRepetitions)
        d["team"] = PlistNode(.array(report.team.map(player)))
        d["packageLimited"] = PlistNode(.boolean(report.packageLimit != nil))
        if let limit = report.packageLimit { d["packageLimit"] = integer(limit) }
        d["packageLimitProbability"] = PlistNode(.real(report.packageLimitProbability))
        d["pipeline"] = PlistNode(.array(report.pipeline.map(step)))
        d["notes"] = PlistNode(.array(report.notes.map { note in
            var n = PlistDictionary()
            n["rule"] = string(note.rule)
            n["message"] = string(note.message)
            return PlistNode(.dictionary(n))
        }))
        d["reproduce"] = string(report.reproduce)
        return PlistNode(.dictionary(d))
    }

    private static func item(_ item: RoundReport.ItemReport) -> PlistNode {
        var d = PlistDictionary()
        d["category"] = string(item.category)
        d["name"] = string(item.name)
        if let index = item.index { d["index"] = integer(index) }
        if let parts = item.parts { d["parts"] = PlistNode(.array(parts.map(self.item))) }
        return PlistNode(.dictionary(d))
    }

    private static func player(_ player: RoundReport.PlayerReport) -> PlistNode {
        var d = PlistDictionary()
        d["player"] = integer(player.player)
        d["warehouse"] = PlistNode(.array(player.warehouse.map(item)))
        d["houses"] = PlistNode(.array(player.houses.map { house in
            var h = PlistDictionary()
            h["house"] = integer(house.house)
            h["factor"] = PlistNode(.real(house.factor))
            h["orders"] = PlistNode(.array(house.orders.map { order in
                var o = PlistDictionary()
                o["items"] = PlistNode(.array(order.items.map(item)))
                o["baseTimeLimit"] = integer(order.baseTimeLimit)
                o["timeLimit"] = integer(order.timeLimit)
                return PlistNode(.dictionary(o))
            }))
            return PlistNode(.dictionary(h))
        }))
        return PlistNode(.dictionary(d))
    }

    private static func step(_ step: RoundReport.StepReport) -> PlistNode {
        var d = PlistDictionary()
        d["rules"] = string(step.rules)
        d["step"] = string(step.step)
        d["command"] = string(step.command)
        d["description"] = string(step.description)
        var settings = PlistDictionary()
        for key in step.settings.keys.sorted() { settings[key] = string(step.settings[key] ?? "") }
        d["settings"] = PlistNode(.dictionary(settings))
        var parameters = PlistDictionary()
        for key in step.parameters.keys.sorted() { parameters[key] = PlistNode(.real(step.parameters[key] ?? 0)) }
        d["parameters"] = PlistNode(.dictionary(parameters))
        return PlistNode(.dictionary(d))
    }

    private static func string(_ s: String) -> PlistNode { PlistNode(.string(s)) }
    private static func integer(_ i: Int) -> PlistNode { PlistNode(.integer(PlistInteger(i))) }
}
