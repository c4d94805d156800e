// The worked examples of the Testing article's "Property-based testing" section: their
// features are `Inventory` and `Suggestions` (in Support), their checks and model are here,
// verbatim.

import Testing
import UniflowTesting

@MainActor
func theCountMatchesTheItems() async {
  await checkProperties(
    of: { _ in Inventory() },
    initialState: Inventory.State(),
    actions: { state in
      .one(of: [
        Generator.string(of: "ab", length: 1...1).map(Inventory.Action.add),
        Generator.element(of: state.items).map(Inventory.Action.remove),
        .constant(.clear),
      ])
    },
    properties: [
      .invariant("the count matches the items") { $0.count == $0.items.count }
    ],
    seed: 1
  )
}

@MainActor let inventoryModel = ReferenceModel<Inventory.State, Inventory.Action>(
  initial: [String](),
  update: { items, action in
    switch action {
    case .add(let item): items.append(item)
    case .remove(let item): items.removeAll { $0 == item }
    case .clear: items = []
    }
  },
  observe: \.items
)

@MainActor
func theSuggestionsAreThoseOfTheQuery() async {
  await checkProperties(
    of: { clock in
      Suggestions(suggest: { query in
        try await clock.sleep(for: .milliseconds(300 - 100 * query.count))
        return [query + "!"]
      })
    },
    initialState: Suggestions.State(),
    actions: { _ in
      Generator.string(of: "ab", length: 0...2).map(Suggestions.Action.queryChanged)
    },
    properties: [
      .whenIdle("the suggestions are those of the query") { state in
        state == Suggestions.State() || state.suggestions == [state.query + "!"]
      }
    ],
    timeBetweenActions: Generator.int(in: 0...400).map { .milliseconds($0) }
  )
}

@MainActor
@Suite struct DocumentationExampleTests {
  @Test func theWorkedExampleFailsAsTheArticleShows() async {
    let reported = await capturingFailures {
      await theCountMatchesTheItems()
    }
    #expect(reported.count == 1)
    #expect(reported.allSatisfy { $0.message.contains(Inventory.countFailureReport) })
  }

  @Test func theArticlesModelMatchesTheFeature() async {
    let failure = await checkProperties(
      of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
      model: inventoryModel)
    #expect(failure == nil)
  }

  @Test func theLateSuggestionIsFoundAsTheArticleShows() async {
    let reported = await capturingFailures {
      await theSuggestionsAreThoseOfTheQuery()
    }
    #expect(reported.count == 1)
    #expect(reported.allSatisfy { $0.message.contains(Suggestions.lateSuggestionReport) })
  }
}
