import Foundation
import TestSupport
import Testing

/// The scheduler examples in Tests/Cluster, run the way Kubernetes, Slurm and GitHub Actions
/// would run them: every shard a separate process that only knows its index, then `playbench
/// merge`; the merged output must be byte for byte what the same command gives unsharded.
@Suite(.serialized) struct ClusterExampleTests {
    static let examples = Fixtures.packageRoot.appendingPathComponent("Tests/Cluster")

    func text(_ name: String) throws -> String {
        String(decoding: try Fixtures.bytes(Self.examples.appendingPathComponent(name)), as: UTF8.self)
    }

    @Test func kubernetesIndexedJobMergesToTheSingleRun() throws {
        let manifest = try text("kubernetes-indexed-job.yaml")
        let lines = manifest.split(separator: "\n").map(String.init)
        let command = try #require(lines.first { $0.trimmingCharacters(in: .whitespaces).hasPrefix("- playbench simulate") })
            .trimmingCharacters(in: .whitespaces).dropFirst(2)
        let completions = try #require(lines.first { $0.contains("completions:") }.flatMap { Int($0.split(separator: ":")[1].trimmingCharacters(in: .whitespaces)) })
        #expect(completions == 8)
        let parts = try Fixtures.temporaryDirectory("k8s")
        for index in 0..<completions {
            let pod = try CommandRunner.shell(
                String(command), environment: ["GAMES": "200", "PARTS": parts.path, "JOB_COMPLETION_INDEX": String(index)],
                directory: Fixtures.packageRoot)
            #expect(pod.status == 0, "pod \(index): \(pod.standardError)")
        }
        let partFiles = (0..<completions).map { parts.appendingPathComponent("part-\($0).json").path }
        let merged = try CommandRunner.playbench(["merge"] + partFiles.reversed(), directory: Fixtures.packageRoot)
        #expect(merged.status == 0, "\(merged.standardError)")
        let single = try CommandRunner.playbench(["simulate", "Designs/relentless", "--games", "200", "--format", "json"], directory: Fixtures.packageRoot)
        #expect(single.status == 0)
        let result = String(decoding: try Fixtures.bytes(parts.appendingPathComponent("result.json")), as: UTF8.self)
        #expect(result == single.standardOutput)
        #expect(result.contains("\"gamesPlayed\" : 200"))

        // Merge refuses an incomplete or mixed set, naming what is wrong (exit 65).
        let missing = try CommandRunner.playbench(["merge"] + partFiles.dropLast(), directory: Fixtures.packageRoot)
        #expect(missing.status == 65 && missing.standardError.contains("shard 7/8 missing"))
        let twice = try CommandRunner.playbench(["merge"] + partFiles + [partFiles[0]], directory: Fixtures.packageRoot)
        #expect(twice.status == 65 && twice.standardError.contains("both shard 0/8"))
    }

    /// The sweep's array run as Slurm would set its variables, no scheduler involved (Tests/Cluster/
    /// slurm/slurm_jobs.py runs every Slurm example on a real one-node cluster in CI).
    @Test func slurmArraySweepMergesToTheSingleSweep() throws {
        let script = Self.examples.appendingPathComponent("slurm-sweep.sbatch").path
        let work = try Fixtures.temporaryDirectory("slurm")
        let (sharded, single, parts) = (work.appendingPathComponent("sharded"), work.appendingPathComponent("single"), work.appendingPathComponent("parts"))
        // An array declared --array=1-3: task ids start at 1, as they may on a real cluster.
        for task in 1...3 {
            let run = try CommandRunner.shell(
                "bash \(script)",
                environment: [
                    "SLURM_ARRAY_TASK_ID": String(task), "SLURM_ARRAY_TASK_MIN": "1", "SLURM_ARRAY_TASK_COUNT": "3", "GAMES": "8",
                    "PARTS": parts.path, "SWEEP_DIR": sharded.path,
                ], directory: Fixtures.packageRoot)
            #expect(run.status == 0, "task \(task): \(run.standardError)")
            #expect(run.standardOutput.contains("shard \(task - 1)/3"))
        }
        let merged = try CommandRunner.shell("playbench merge \(parts.path)/part-*.json", directory: Fixtures.packageRoot)
        #expect(merged.status == 0, "\(merged.standardError)")
        let alone = try CommandRunner.playbench(
            [
                "sweep", "Designs/andora", "--agents", "greedy,random", "--set", "miniFieldStrategy=first,any", "--set", "whenTargetIsFull=draw,playAnywhere",
                "--games", "8", "--output-dir", single.path,
            ],
            directory: Fixtures.packageRoot)
        #expect(alone.status == 0, "\(alone.standardError)")
        func files(_ directory: URL) -> [String] {
            (FileManager.default.enumerator(atPath: directory.path)?.allObjects as? [String] ?? []).filter {
                var isDirectory: ObjCBool = false
                return FileManager.default.fileExists(atPath: directory.appendingPathComponent($0).path, isDirectory: &isDirectory) && !isDirectory.boolValue
            }.sorted()
        }
        // Every file of the directory one machine writes, the 4 points' among them, byte for byte.
        let written = files(single)
        #expect(written == files(sharded))
        #expect(written.contains("sweep.json") && written.filter { $0.hasPrefix("points/") }.count == 4, "\(written)")
        for file in written {
            let a = try Fixtures.bytes(sharded.appendingPathComponent(file)), b = try Fixtures.bytes(single.appendingPathComponent(file))
            #expect(a == b, "\(file) differs")
        }
        // The table is the same; only the directory each wrote to differs.
        func table(_ output: String) -> [Substring] { output.split(separator: "\n").filter { !$0.hasPrefix("wrote ") } }
        #expect(table(merged.standardOutput) == table(alone.standardOutput))
        #expect(table(alone.standardOutput).count > 4)
    }

    @Test func githubActionsMatrixGateMergesToTheSingleGate() throws {
        let workflow = try text("github-actions-matrix.yml")
        func run(containing marker: String) throws -> String {
            let line = try #require(workflow.split(separator: "\n").first { $0.contains(marker) && $0.contains("run:") })
            return String(line.split(separator: "run:", maxSplits: 1)[1]).trimmingCharacters(in: .whitespaces)
        }
        // A copy of the shipped design whose gate is quick: at most 80 games per team.
        let design = try Fixtures.temporaryDirectory("gh-design")
        for name in ["GameConfig.plist", "DefaultGameParameters.plist", "Players.plist", "Balance.plist"] {
            var text = String(decoding: try Fixtures.bytes(Fixtures.shippedDesign.appendingPathComponent(name)), as: UTF8.self)
            if name == "Balance.plist" {
                text = text.replacingOccurrences(of: "<integer>500</integer>", with: "<integer>40</integer>")
                    .replacingOccurrences(of: "<integer>8000</integer>", with: "<integer>80</integer>")
            }
            try Data(text.utf8).write(to: design.appendingPathComponent(name))
        }
        func localised(_ command: String) -> String {
            command.replacingOccurrences(of: "swift run -c release playbench", with: "playbench").replacingOccurrences(of: "Designs/relentless", with: design.path)
        }
        let shardLine = localised(try run(containing: "--shard ${{ matrix.shard }}/4"))
        let mergeLine = localised(try run(containing: "playbench merge"))
        let jobs = try Fixtures.temporaryDirectory("gh-jobs")
        for shard in 0..<4 {
            let job = try CommandRunner.shell(shardLine.replacingOccurrences(of: "${{ matrix.shard }}", with: String(shard)), directory: jobs)
            #expect(job.status == 0, "shard \(shard): \(job.standardError)")
        }
        let merged = try CommandRunner.shell(mergeLine, directory: jobs)
        let aloneDirectory = try Fixtures.temporaryDirectory("gh-single")
        let alone = try CommandRunner.playbench(["gate", design.path, "--junit", "gate.xml", "--markdown", "gate.md"], directory: aloneDirectory)
        #expect(merged.status == alone.status)
        #expect(merged.standardOutput == alone.standardOutput)
        for file in ["gate.xml", "gate.md"] {
            #expect(try Fixtures.bytes(jobs.appendingPathComponent(file)) == Fixtures.bytes(aloneDirectory.appendingPathComponent(file)), "\(file) differs")
        }
        #expect(alone.standardOutput.contains("met") || alone.standardOutput.contains("undecided"))
    }
}
