import Testing
import UniflowTesting

@MainActor
@Suite struct PropertyCheckTests {
  @Test func aKnownBugIsFoundAndShrunkToItsShortestSequence() async {
    var failure: PropertyCheckFailure?
    await withKnownIssue {
      failure = await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [Inventory.countMatchesItems], sequences: 100, length: 50, seed: 1)
    } matching: { issue in
      print(issue.description)
      return true
    }
    print(failure?.message ?? "none")
  }
}
