import Testing
import UniflowTesting

@MainActor
@Suite struct PropertyCheckTests {
  @Test func aKnownBugIsFoundAndShrunkToItsShortestSequence() async {
    let failure = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [Inventory.countMatchesItems], sequences: 100, length: 50, seed: 1)
    } matching: { description in
      description.contains(Inventory.countFailureReport)
    }
    #expect(failure?.actions == [#".add("a")"#, #".add("a")"#, #".remove("a")"#])
    #expect(failure?.reason == "the count matches the items")
    #expect(failure?.originalLength == 12)
  }

  @Test func theReportedSeedReproducesTheFailureAlone() async {
    let first = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [Inventory.countMatchesItems], sequences: 100, length: 50, seed: 99)
    }
    let seed = first?.seed
    let again = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [Inventory.countMatchesItems], sequences: 1, length: 50, seed: seed ?? 0)
    }
    #expect(again != nil)
    #expect(again?.actions == first?.actions)
    #expect(again?.originalLength == first?.originalLength)
  }

  @Test func theSameSeedGivesTheSameSequences() async {
    func actionsSent(seed: UInt64) async -> [Inventory.Action] {
      var sent: [Inventory.Action] = []
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [.transition("is recorded") { _, action, _ in sent.append(action) == () }],
        sequences: 5, length: 20, seed: seed, concurrentSequences: 1)
      return sent
    }
    let first = await actionsSent(seed: 3)
    #expect(first.count == 100)
    #expect(await actionsSent(seed: 3) == first)
    #expect(await actionsSent(seed: 4) != first)
  }

  @Test func theFailureFoundDoesNotDependOnHowManySequencesRunAtOnce() async {
    var failures: [PropertyCheckFailure?] = []
    for width in [1, 3, 8] {
      failures.append(
        await knownPropertyFailure {
          await checkProperties(
            of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
            properties: [Inventory.countMatchesItems], sequences: 50, length: 10, seed: 5,
            concurrentSequences: width)
        })
    }
    #expect(failures[0] != nil)
    #expect(failures.allSatisfy { $0 == failures[0] })
  }

  @Test func aPassingCheckReportsNothing() async {
    let failure = await checkProperties(
      of: { _ in Inventory() }, initialState: Inventory.State(),
      actions: { state in
        .one(of: [
          Generator.string(of: "ab", length: 1...1).map(Inventory.Action.add),
          .constant(.clear),
        ])
      },
      properties: [Inventory.countMatchesItems], sequences: 50, length: 30)
    #expect(failure == nil)
  }

  @Test func payloadsShrinkToTheSmallestFailingValue() async {
    let failure = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(),
        actions: { _ in Generator.int(in: 0...1_000).map { Inventory.Action.add("\($0)") } },
        properties: [
          .transition("names are below 37") { _, action, _ in
            guard case .add(let name) = action else { return true }
            return Int(name)! < 37
          }
        ],
        sequences: 10, length: 10, seed: 11)
    }
    #expect(failure?.actions == [#".add("37")"#])
  }

  @Test func aTransitionSeesTheStateBeforeAndAfter() async {
    let failure = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        properties: [
          .transition("a removal removes one item") { before, action, after in
            guard case .remove = action else { return true }
            return after.items.count == before.items.count - 1
          }
        ],
        sequences: 100, length: 20, seed: 2)
    } matching: { description in
      description.contains("Property “a removal removes one item” failed")
    }
    #expect(failure?.actions == [#".add("a")"#, #".add("a")"#, #".remove("a")"#])
  }

  @Test func aModelThatDisagreesIsReportedWithTheDifference() async {
    // The model counts every removal as one item, as the buggy feature does not.
    let model = ReferenceModel<Inventory.State, Inventory.Action>(
      initial: [String](),
      update: { items, action in
        switch action {
        case .add(let item): items.append(item)
        case .remove(let item): items.removeAll { $0 == item }
        case .clear: items = []
        }
      },
      observe: \.items)
    let passing = await checkProperties(
      of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
      model: model, sequences: 50, length: 30)
    #expect(passing == nil)

    let counting = ReferenceModel<Inventory.State, Inventory.Action>(
      initial: [String](),
      update: { items, action in
        switch action {
        case .add(let item): items.append(item)
        case .remove(let item): if let index = items.firstIndex(of: item) { items.remove(at: index) }
        case .clear: items = []
        }
      },
      observe: \.items)
    await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
        model: counting, sequences: 100, length: 30, seed: 1)
    } matching: { description in
      description.contains(
        """
          1. .add("a")
          2. .add("a")
          3. .remove("a")
        Differences (model → feature) after action 3:
          self[0]: model "a", feature nothing
        """)
    }
  }

  @Test func aPropertyThatFailsOnTheInitialStateIsReportedWithoutActions() async {
    let failure = await knownPropertyFailure {
      await checkProperties(
        of: { _ in Inventory() }, initialState: Inventory.State(items: ["a"], count: 0),
        actions: Inventory.actions, properties: [Inventory.countMatchesItems])
    } matching: { description in
      description.contains(
        "Property “the count matches the items” does not hold for the initial state (seed 0).")
    }
    #expect(failure?.actions == [])
  }
}
