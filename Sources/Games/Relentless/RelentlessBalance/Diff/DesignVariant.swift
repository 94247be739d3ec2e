import RelentlessGeneration
import Relentless
import RelentlessSimulation

/// One design as `playbench diff` plays it: the design, the team (its personas as that design's
/// Players.plist describes them) and the commands its rounds are made with.
public struct DesignVariant: Sendable {
    public var design: Design
    public var team: [Persona]
    public var pipeline: PipelineChoice

    public init(design: Design, team: [Persona], pipeline: PipelineChoice) {
        self.design = design
        self.team = team
        self.pipeline = pipeline
    }
}
