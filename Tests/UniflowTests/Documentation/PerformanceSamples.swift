import Foundation
import Testing
import Uniflow

extension DocumentationSampleTests {
  /// The samples of the *Performance* article.
  @Suite struct Performance {
    struct Download: Reducer {
      enum Action: Equatable { case progressed(Int) }
      func reduce(into state: inout Int, action: Action) -> Effect<Action> {
        if case .progressed(let percent) = action { state = percent }
        return .none
      }
    }

    enum Action: Equatable {
      case progress(Download.Action)

      static let progressCase = ActionCase(embed: Action.progress) {
        if case .progress(let action) = $0 { action } else { nil }
      }
    }

    @Test func aCaseWrittenByHandExtractsItsActions() {
      #expect(Action.progressCase.extract(.progress(.progressed(50))) == .progressed(50))
      #expect(Action.progressCase.embed(.progressed(60)) == .progress(.progressed(60)))
    }
  }
}
