// The worked example of the Testing article's "Property-based testing" section: its feature is
// `Inventory` (in Support), its check and model are here, verbatim.

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
@Suite struct DocumentationExampleTests {
  @Test func theWorkedExampleFailsAsTheArticleShows() async {
    await withKnownIssue {
      await theCountMatchesTheItems()
    } matching: { issue in
      issue.description.contains(Inventory.countFailureReport)
    }
  }

  @Test func theArticlesModelMatchesTheFeature() async {
    let failure = await checkProperties(
      of: { _ in Inventory() }, initialState: Inventory.State(), actions: Inventory.actions,
      model: inventoryModel)
    #expect(failure == nil)
  }
}
