// The Testing article's XCTest sample, in a file of its own: importing XCTest brings Foundation,
// whose overloads the other samples are not written against. XCTest finds only top-level test
// classes on Linux, so the class names the article's feature through aliases, the only lines the
// article leaves out.

#if canImport(XCTest)
  import UniflowTesting
  import XCTest

  /// The Testing article's XCTest sample: the same test store in an `XCTestCase`.
  final class TodosTests: XCTestCase {
    private typealias Todos = DocumentationSampleTests.TestingArticle.Todos
    private typealias FakeRepository = DocumentationSampleTests.TestingArticle.FakeRepository

    @MainActor
    func testRefresh() async {
      let store = TestStore(initialState: Todos.State()) { Todos(repository: FakeRepository()) }
      await store.send(.refresh) { $0.isLoading = true }
      await store.receive(.loaded([])) { $0.isLoading = false }
    }
  }
#endif
