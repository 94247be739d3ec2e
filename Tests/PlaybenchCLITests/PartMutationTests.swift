import Foundation
import MonteCarlo
@testable import PlaybenchCLI
import RelentlessRuns
import TestSupport
import Testing

/// Issue 15: of 2,692 mutated parts, 1,585 merged with exit 0. Now every mutant of a part (fixed
/// seed; bits flipped, bytes changed or deleted, numbers changed, keys dropped, strings changed,
/// files cut, whitespace inserted) is either refused or merges to exactly the unmutated result.
@Suite struct PartMutationTests {
    static let mutants = 2400

    /// In process: the part reader on every mutant, its answer compared with the original's.
    @Test func everyMutantIsRefusedOrReadsAsTheOriginal() throws {
        let job = try PartValidationTests.Job("merge-mutants")
        let originals = try job.parts.map { try PartValidationTests.Part.canonical(try PartValidationTests.read($0, name: "original")) }
        var random = SplitMix64(seed: 15)
        var counts: [PartMutations.Kind: (refused: Int, same: Int)] = [:]
        var refusedByChecksum = 0, refusedAsNoPart = 0, refusedOtherwise = 0
        var changed: [String] = []
        for n in 0..<Self.mutants {
            let kind = PartMutations.Kind.allCases[n % PartMutations.Kind.allCases.count]
            let which = (n / PartMutations.Kind.allCases.count) % 2
            let mutant = PartMutations.mutate(job.parts[which], kind, &random)
            do {
                let part = try PartValidationTests.read(mutant, name: "mutant")
                if try PartValidationTests.Part.canonical(part) == originals[which] {
                    counts[kind, default: (0, 0)].same += 1
                } else {
                    changed.append("\(kind.rawValue) #\(n)")
                }
            } catch {
                counts[kind, default: (0, 0)].refused += 1
                let message = "\(error)"
                if message.contains("checksum does not match") {
                    refusedByChecksum += 1
                } else if message.contains("not a part of Relentless") {
                    refusedAsNoPart += 1
                } else {
                    refusedOtherwise += 1
                }
            }
        }
        #expect(changed.isEmpty, "mutants read as other values: \(changed.prefix(10))")
        let refused = counts.values.reduce(0) { $0 + $1.refused }
        let same = counts.values.reduce(0) { $0 + $1.same }
        print(
            "Part mutants: \(Self.mutants) (seed 15): \(refused) refused (\(refusedAsNoPart) not a part, \(refusedByChecksum) by the checksum, \(refusedOtherwise) by format or other), "
                + "\(same) read as the original, \(changed.count) otherwise; refused/same by kind: "
                + PartMutations.Kind.allCases.map { "\($0.rawValue) \(counts[$0]?.refused ?? 0)/\(counts[$0]?.same ?? 0)" }.joined(separator: ", "))
        #expect(refused + same == Self.mutants)
        #expect((counts[.whitespace]?.same ?? 0) > 0)
    }

    /// The same mutants with the checksum made to fit (a hand edit by someone who knows the
    /// format): the validation alone must refuse what would trap or could not have been played,
    /// and whatever is not refused merges without a crash.
    @Test func resealedMutantsNeverCrashMerge() throws {
        let job = try PartValidationTests.Job("merge-resealed")
        var random = SplitMix64(seed: 16)
        let originals = try job.parts.map { try PartValidationTests.Part.canonical(try PartValidationTests.read($0, name: "original")) }
        var decoded = 0, refused = 0, accepted = 0, acceptedChanged = 0
        var toMerge: [(Int, [UInt8])] = []
        for n in 0..<Self.mutants {
            // Numbers changed and keys dropped: the mutations a resealed part still decodes from.
            let kind: PartMutations.Kind = n % 2 == 0 ? .numberChanged : .keyDropped
            let which = (n / 2) % 2
            let mutant = PartMutations.mutate(job.parts[which], kind, &random)
            guard let sealed = try? PartValidationTests.resealed(mutant) else { continue }
            decoded += 1
            do {
                let part = try PartValidationTests.read(sealed, name: "mutant")
                accepted += 1
                // A consistent edit (a mean moved within its extremes, say) cannot be told from
                // a real part once its checksum fits: counted, and merged below.
                if try PartValidationTests.Part.canonical(part) != originals[which] { acceptedChanged += 1 }
                toMerge.append((which, sealed))
            } catch {
                refused += 1
                if n % 25 == 1 { toMerge.append((which, sealed)) }
            }
        }
        // Through the command: every accepted mutant (and a sample of the refused) merges, or is
        // refused by what merge knows of the job (verify); none crashes.
        var refusedByJob = 0, sameOutput = 0, otherOutput = 0
        for (which, sealed) in toMerge {
            let result = try job.merge(replacing: which, with: sealed)
            #expect(result.status == 0 || result.status == 65, "exit \(result.status): \(result.standardError)")
            if result.status == 0 {
                if result.standardOutput == job.merged { sameOutput += 1 } else { otherOutput += 1 }
            } else {
                #expect(result.standardError.contains("mutant.json"), "\(result.standardError)")
                refusedByJob += 1
            }
        }
        print(
            "Resealed part mutants: \(Self.mutants) (seed 16), \(decoded) decoded: \(refused) refused by the reader, \(accepted) accepted "
                + "(\(acceptedChanged) with other values); \(toMerge.count) through the command: \(refusedByJob) refused (exit 65), "
                + "\(sameOutput) merged to the unmutated output, \(otherOutput) to another (a consistent edit), no crash")
    }

    /// A sample of raw mutants through `playbench merge` itself: refused with exit 65 and the
    /// part's name, or the unmutated output byte for byte.
    @Test func mutantsThroughTheCommandAreRefusedOrMergeIdentically() throws {
        let job = try PartValidationTests.Job("merge-mutants-cli")
        var random = SplitMix64(seed: 17)
        var refused = 0, same = 0
        for n in 0..<64 {
            let kind = PartMutations.Kind.allCases[n % PartMutations.Kind.allCases.count]
            let which = (n / PartMutations.Kind.allCases.count) % 2
            let result = try job.merge(replacing: which, with: PartMutations.mutate(job.parts[which], kind, &random))
            if result.status == 65 && result.standardError.contains("mutant.json") {
                refused += 1
            } else {
                #expect(result.status == 0 && result.standardOutput == job.merged, "\(kind.rawValue) #\(n): exit \(result.status) \(result.standardError)")
                same += 1
            }
        }
        print("Part mutants through merge: 64 (seed 17): \(refused) refused, \(same) merged identically")
    }
}
